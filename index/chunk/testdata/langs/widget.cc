#include <vector>
#include "absl/strings/str_cat.h"

namespace absl {
namespace internal {

// A widget.
template <typename T>
class Widget : public Base {
 public:
  Widget(int x);
  ~Widget();
  int Size() const { return size_; }
  static Widget Make();
 private:
  int size_;
};

struct Pair { int a; int b; };

Widget::Widget(int x) : size_(x) {}

int Widget::Compute(const std::string& s) {
  return absl::StrCat(s).size() + Helper(s);
}

void Free(int x) { Widget w(x); w.Size(); }
}  // namespace internal
}  // namespace absl

//go:build cgo

package chunk

/*
#include <stddef.h>

// Declared here rather than included: the symbol is compiled into the
// go-tree-sitter package, which this package imports.
extern void ts_set_allocator(
	void *(*)(size_t), void *(*)(size_t, size_t),
	void *(*)(void *, size_t), void (*)(void *));

static void loupe_ts_libc_allocator(void) {
	ts_set_allocator(NULL, NULL, NULL, NULL);
}
*/
import "C"

// init points tree-sitter's allocator back at libc. The Go bindings route
// every malloc and free through Go callbacks (which call libc malloc
// anyway), which makes parsing about a third slower. Passing NULL selects
// tree-sitter's default functions, which call the same libc allocator, so
// memory allocated before the switch is freed correctly after it. This
// runs after the bindings' own init, which installs the callbacks.
func init() { libcAllocator() }

func libcAllocator() { C.loupe_ts_libc_allocator() }

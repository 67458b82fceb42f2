package notes

import "strings"

// Filter selects entries for List. Empty fields match everything.
type Filter struct {
	Type          string // "memory", "experience", "principle"
	Kind          string // memory kind: fact, preference, decision, error
	Category      string // memory category
	Domain        string // experience or principle domain (a principle without one matches any)
	Strategy      string // experience strategy
	Status        string // experience status
	MinImportance int    // memories below are left out
	Contains      string // case-insensitive, in any text field
}

// List returns the entries that pass the filter, in file order.
func (f *File) List(flt Filter) []Entry {
	var out []Entry
	for _, e := range f.Entries() {
		if flt.match(e) {
			out = append(out, e)
		}
	}
	return out
}

func (flt Filter) match(e Entry) bool {
	if flt.Type != "" && !strings.EqualFold(flt.Type, e.Type()) {
		return false
	}
	if flt.Contains != "" && !strings.Contains(strings.ToLower(e.words()), strings.ToLower(flt.Contains)) {
		return false
	}
	switch {
	case e.Memory != nil:
		m := e.Memory
		return eq(flt.Kind, m.Kind) && eq(flt.Category, m.Category) && m.Importance >= flt.MinImportance &&
			flt.Domain == "" && flt.Strategy == "" && flt.Status == ""
	case e.Experience != nil:
		x := e.Experience
		return flt.Kind == "" && flt.Category == "" && flt.MinImportance == 0 &&
			inDomain(x.Domain, flt.Domain) && eq(flt.Strategy, x.Strategy) && eq(flt.Status, x.Status)
	case e.Principle != nil:
		p := e.Principle
		return flt.Kind == "" && flt.Category == "" && flt.MinImportance == 0 && flt.Strategy == "" && flt.Status == "" &&
			(p.Domain == "" || inDomain(p.Domain, flt.Domain))
	}
	return false
}

// eq: an empty want matches anything; otherwise equal ignoring case.
func eq(want, got string) bool { return want == "" || strings.EqualFold(want, got) }

// inDomain: domains nest with "/" or ".": "payments" covers
// "payments/retry".
func inDomain(got, want string) bool {
	if want == "" || strings.EqualFold(got, want) {
		return true
	}
	g, w := strings.ToLower(got), strings.ToLower(want)
	return strings.HasPrefix(g, w+"/") || strings.HasPrefix(g, w+".")
}

// words is every text field, for search.
func (e Entry) words() string {
	switch {
	case e.Memory != nil:
		m := e.Memory
		return strings.Join([]string{m.Kind, m.Category, m.Text}, " ")
	case e.Experience != nil:
		x := e.Experience
		return strings.Join([]string{x.Domain, x.Strategy, x.Goal, x.Hypothesis, x.Action, x.Prediction, x.Status, x.Result, x.Surprise, x.Lesson}, " ")
	case e.Principle != nil:
		return e.Principle.Domain + " " + e.Principle.Text
	}
	return ""
}

package engine

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/loupe-dev/loupe/index"
)

// The delegate signal: a thin function is read with the function it hands
// its work to. context.WithTimeout is three lines that call WithDeadline;
// a pack that shows the wrapper and not WithDeadline shows the name the
// question used and none of the code that does the work (timers,
// cancellation), and the reader's next step is always to open the callee.
// So the callee of one of the best few blocks joins just below it.
const (
	thinLines       = 20  // a function of at most this many lines (doc comment included) is thin
	delegateTop     = 3   // the best blocks of the pool looked at as wrappers
	delegateShare   = 0.8 // the callee's raw score is raised to this share of the wrapper's
	maxDelegations  = 2   // callees followed per wrapper
	maxDelegateHops = 2   // WithTimeout → WithDeadline → WithDeadlineCause
	accessorLines   = 4   // a callee this short (doc comment included) is an accessor
)

const signalDelegate = "delegate"

// delegates raises the callees of the thin functions the query names
// among the best delegateTop blocks of the pool, and theirs in turn
// (maxDelegateHops). A callee is a function or method of the wrapper's
// directory (its package in most languages) that the wrapper names and
// that is the only such definition in the pool; it must already be in the
// pool (the graph's lookups put the seeds' definitions there).
func (r *ranker) delegates(pl *pool) {
	byName := map[string][]*found{}
	for _, f := range pl.list {
		if callable(f.block) {
			byName[f.block.Name] = append(byName[f.block.Name], f)
		}
	}
	work := r.cut(pl, delegateTop)
	for hop := 0; hop < maxDelegateHops && len(work) > 0; hop++ {
		var next []*found
		for _, w := range work {
			if hop > 0 || named(w) {
				next = append(next, r.delegateFrom(w, byName)...)
			}
		}
		work = next
	}
}

// named reports a block the query names: its symbol signal is at least a
// part match (url.Parse → Parse, or two words run together). A wrapper
// that only shares a word with the question is not what it asks about.
func named(f *found) bool {
	for _, s := range f.signals {
		if s.Name == signalSymbol && s.Value >= weightSymbolPart {
			return true
		}
	}
	return false
}

// constructor reports a method named for its type (Java, C#, C++, Kotlin
// secondary constructors) or Python's __init__: what it calls sets up
// state; it is not where a behaviour lives.
func constructor(b index.Block) bool {
	if b.Name == "__init__" || b.Name == "constructor" {
		return true
	}
	typ, _, ok := strings.Cut(b.QualName, ".")
	return ok && b.Kind == index.KindMethod && typ == b.Name
}

// delegateFrom raises the callees of w when w is thin and returns them:
// the functions of its directory it calls, when there are at most
// maxDelegations of them that are more than accessors (a wrapper that
// calls three helpers has no one place its work goes). A callee must
// match the query's text too: a ref is a bare name (c.usageTemplate.tmpl
// names a field, and cobra's function tmpl answers to it), and a named
// function in a long issue's traceback hands its work to code the issue
// is not about.
func (r *ranker) delegateFrom(w *found, byName map[string][]*found) []*found {
	if !thin(w.block) || w.score <= 0 || constructor(w.block) {
		return nil
	}
	var callees []*found
	for _, ref := range w.block.Refs {
		d := onlyBeside(byName[ref], w.block)
		if d == nil || accessor(d.block) || d.bm25 == 0 || slices.Contains(callees, d) {
			continue
		}
		if len(callees) == maxDelegations {
			return nil
		}
		callees = append(callees, d)
	}
	var out []*found
	for _, d := range callees {
		if v := delegateShare*w.score - d.score; v > 0 {
			r.add(d, signalDelegate, Signal{Value: v, Detail: nameOf(w.block) + " hands its work to it"})
			if r.wrapperOf == nil {
				r.wrapperOf = map[string]string{}
			}
			r.wrapperOf[d.block.ID] = w.block.ID
			out = append(out, d)
		}
	}
	return out
}

// accessor reports a function of at most accessorLines lines: a getter or
// a predicate, not where work is done.
func accessor(b index.Block) bool { return b.EndLine-b.StartLine+1 <= accessorLines }

// onlyBeside returns the one definition among defs in the directory of
// user, other than user itself; nil when there is none or more than one.
func onlyBeside(defs []*found, user index.Block) *found {
	var out *found
	for _, d := range defs {
		if d.block.ID == user.ID || path.Dir(d.block.Path) != path.Dir(user.Path) || !CanSee(user, d.block) {
			continue
		}
		if out != nil {
			return nil
		}
		out = d
	}
	return out
}

func callable(b index.Block) bool {
	return b.Kind == index.KindFunction || b.Kind == index.KindMethod
}

// thin reports a short function: short enough that what it calls is most
// of what it does.
func thin(b index.Block) bool {
	return callable(b) && b.EndLine-b.StartLine+1 <= thinLines
}

func nameOf(b index.Block) string {
	if b.QualName != "" {
		return b.QualName
	}
	return b.Name
}

// delegated reports a block the delegate signal raised: a callee a reader
// opens, read in full (not at a neighbour's signature level) and not
// counted by spread.
func (r *ranker) delegated(id string) bool { return r.wrapperOf[id] != "" }

// settleDelegates runs after coverage, which adds up to 3 to a score:
// a callee raised before it could land above its own wrapper (a helper in
// a file that holds every query word above the method the query names).
// Each callee's delegate signal is set so that it scores delegateShare of
// its wrapper's score, no more, and never below its own.
func (r *ranker) settleDelegates(c []Candidate) {
	if len(r.wrapperOf) == 0 {
		return
	}
	score := make(map[string]float64, len(c))
	for _, x := range c {
		score[x.ID] = x.Score
	}
	for i := range c {
		w, ok := score[r.wrapperOf[c[i].ID]]
		if !ok {
			continue
		}
		for j, s := range c[i].Signals {
			if s.Name != signalDelegate {
				continue
			}
			own := c[i].Score - s.Value
			v := max(0, delegateShare*w-own)
			c[i].Signals[j].Value, c[i].Score = v, own+v
			break
		}
	}
	r.forwardFirst(c)
}

// forwardLift: the callee of a forwarder scores this share above it.
const forwardLift = 0.01

// forwardFirst puts the callee of a forwarder (a wrapper whose body is
// one call of it: context.WithTimeout is `return WithDeadline(parent,
// time.Now().Add(timeout))`) just above the forwarder, and its own callee
// above it in turn: the forwarder says nothing its callee does not, so the
// code that does the work reads first and the name the question used
// right after it. A wrapper that does more than forward keeps the first
// place (settleDelegates).
func (r *ranker) forwardFirst(c []Candidate) {
	at := make(map[string]int, len(c))
	for i := range c {
		at[c[i].ID] = i
	}
	var callees []int
	for id := range r.wrapperOf {
		if i, ok := at[id]; ok {
			callees = append(callees, i)
		}
	}
	depth := func(i int) int {
		d := 0
		for id := c[i].ID; r.wrapperOf[id] != "" && d <= maxDelegateHops; id = r.wrapperOf[id] {
			d++
		}
		return d
	}
	slices.SortFunc(callees, func(a, b int) int { return cmp.Or(depth(a)-depth(b), a-b) })
	for _, i := range callees {
		w, ok := at[r.wrapperOf[c[i].ID]]
		if !ok || !forwards(c[w].Text, c[i].Block.Name) {
			continue
		}
		lift := c[w].Score*(1+forwardLift) - c[i].Score
		if lift <= 0 {
			continue
		}
		for j := range c[i].Signals {
			if c[i].Signals[j].Name == signalDelegate {
				c[i].Signals[j].Value += lift
				c[i].Signals[j].Detail = nameOf(c[w].Block) + " only hands its work to it"
				c[i].Score += lift
				c[i].Reason = reasonOf(c[i].Signals)
				break
			}
		}
	}
}

// forwards reports whether a function's text (doc comment, signature,
// body) is a forwarder to callee: after its first line of code, one line
// of code that calls callee, and nothing else but closing brackets.
// Comment lines and blank lines do not count; a signature wrapped over
// several lines makes it no forwarder (the rule stays on the safe side).
func forwards(text, callee string) bool {
	var body []string
	first := true
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || commentLine(t) || strings.Trim(t, "})];") == "":
			continue
		case first:
			first = false
		default:
			body = append(body, t)
		}
	}
	return len(body) == 1 && strings.Contains(body[0], callee+"(")
}

// commentLine reports a line that is a comment in the languages whose
// functions are chunked as blocks.
// A block comment's inner lines start with "* " (or are a lone "*"); a
// line that starts with "*" and more is a C dereference.
func commentLine(t string) bool {
	for _, p := range []string{"//", "#", "/*", "*/", "* ", "--", ";"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return t == "*"
}

package notes

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index"
)

// maxCandidates bounds what the provider offers per query.
const maxCandidates = 20

// provider offers notes as candidates. It re-reads the file when its size
// or modification time changes, so notes added meanwhile (by the TUI, the
// CLI or a hand edit) show up in the next query; between changes the
// entries, their lines and their words are kept ready.
type provider struct {
	path    string
	display string // the block path: ".loupe/notes.toml"
	mu      sync.Mutex
	stamp   string
	ready   []prepared
}

// prepared is an entry with what ranking needs, computed once per load.
type prepared struct {
	e     Entry
	sp    span
	text  string          // every text field, lowercased
	words map[string]bool // its words
}

// NewProvider returns the notes source reading path. A missing file gives
// no candidates; a corrupt one gives an error (the engine shows it as a
// warning and goes on).
func NewProvider(path string) engine.Provider {
	return &provider{path: path, display: filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(path)), filepath.Base(path)))}
}

func (p *provider) Source() engine.Source { return engine.SourceNotes }

// load returns the prepared entries, re-reading the file only when it
// changed.
func (p *provider) load() ([]prepared, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	st, err := statConfined(p.path)
	if err != nil {
		p.ready, p.stamp = nil, ""
		_, err := Load(p.path) // missing: empty; other errors: reported
		return nil, err
	}
	stamp := fmt.Sprint(st.Size(), st.ModTime().UnixNano())
	if stamp == p.stamp {
		return p.ready, nil
	}
	f, err := Load(p.path)
	if err != nil {
		return nil, err
	}
	p.ready, p.stamp = prepare(f), stamp
	return p.ready, nil
}

func prepare(f *File) []prepared {
	spans := entrySpans(f.rawBytes())
	counts := map[string]int{}
	var out []prepared
	for _, e := range f.Entries() {
		k := counts[e.Type()]
		counts[e.Type()]++
		var sp span
		if s := spans[e.Type()]; k < len(s) {
			sp = s[k]
		}
		text := strings.ToLower(e.words())
		out = append(out, prepared{e: e, sp: sp, text: text, words: tokens(text)})
	}
	return out
}

// Candidates ranks the notes by relevance to q weighted by importance or
// confidence (see the package doc). Only the best maxCandidates become
// candidates (rendered, with metadata).
func (p *provider) Candidates(ctx context.Context, q engine.Query) ([]engine.Candidate, error) {
	ready, err := p.load()
	if err != nil {
		return nil, err
	}
	var ranked []scored
	for k := range ready {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("notes: %w", ctx.Err())
		}
		if sc, ok := rank(ready[k], q); ok {
			ranked = append(ranked, sc)
		}
	}
	slices.SortStableFunc(ranked, func(a, b scored) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return strings.Compare(a.pe.e.ID(), b.pe.e.ID())
	})
	out := make([]engine.Candidate, 0, min(len(ranked), maxCandidates))
	for _, sc := range ranked[:min(len(ranked), maxCandidates)] {
		out = append(out, p.candidate(sc))
	}
	return out, nil
}

func (f *File) rawBytes() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.raw
}

// scored is an entry with its score and the signals that explain it.
type scored struct {
	pe    *prepared
	score float64
	sigs  []engine.Signal
}

// rank scores one entry; false leaves it out.
func rank(pe prepared, q engine.Query) (scored, bool) {
	rel, sigs := relevance(pe, q)
	w, wsig := weight(pe.e)
	score := rel * w
	if rel == 0 {
		if m := pe.e.Memory; m == nil || m.Importance < 5 {
			return scored{}, false
		}
		score = 0.05 // a standing rule is always offered, low
	}
	return scored{pe: &pe, score: min(score, 1), sigs: append(sigs, wsig)}, true
}

func (p *provider) candidate(sc scored) engine.Candidate {
	e := sc.pe.e
	id := "note:" + e.ID()
	return engine.Candidate{
		ID: id, Source: engine.SourceNotes, Text: e.Text(), Score: sc.score, Signals: sc.sigs,
		Reason: noteReason(e, sc.sigs),
		Block: index.Block{ID: id, Path: p.display, Lang: "text", Kind: index.KindNote, Name: label(e),
			StartLine: sc.pe.sp.start, EndLine: sc.pe.sp.end},
		Meta: noteMeta(e),
	}
}

// relevance in [0, 1]; see the package doc.
func relevance(pe prepared, q engine.Query) (float64, []engine.Signal) {
	e, text, words := pe.e, pe.text, pe.words
	var sigs []engine.Signal
	total := 0.0
	add := func(name string, v float64, detail string) {
		sigs = append(sigs, engine.Signal{Name: name, Value: v, Detail: detail})
		total += v
	}
	var hit []string
	for _, kw := range q.Keywords {
		if matchWord(words, kw) {
			hit = append(hit, kw)
		}
	}
	if len(q.Keywords) > 0 && len(hit) > 0 {
		add("keywords", 0.7*float64(len(hit))/float64(len(q.Keywords)), "mentions "+strings.Join(hit, ", "))
	}
	if t := tagged(e, hit); t != "" {
		add("tag", 0.2, "query names "+t)
	}
	for _, group := range []struct {
		name  string
		terms []string
		each  float64
	}{{"identifier", q.Identifiers, 0.25}, {"path", q.Paths, 0.3}, {"phrase", q.Phrases, 0.3}} {
		if found := verbatim(text, group.terms); len(found) > 0 {
			add(group.name, min(group.each*float64(len(found)), 0.5), "mentions "+strings.Join(found, ", "))
		}
	}
	return min(total, 1), sigs
}

// tagged returns the first matched keyword that is the entry's domain,
// category or strategy.
func tagged(e Entry, hit []string) string {
	var tags []string
	switch {
	case e.Memory != nil:
		tags = []string{e.Memory.Category, e.Memory.Kind}
	case e.Experience != nil:
		tags = []string{e.Experience.Domain, e.Experience.Strategy}
	case e.Principle != nil:
		tags = []string{e.Principle.Domain}
	}
	for _, h := range hit {
		for _, t := range tags {
			if t != "" && matchWord(tokens(strings.ToLower(t)), h) {
				return h
			}
		}
	}
	return ""
}

func tokens(s string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		set[w] = true
	}
	return set
}

// matchWord: the keyword is a word, or (four letters or more) a word's prefix
// ("retry" finds "retrying").
func matchWord(words map[string]bool, kw string) bool {
	kw = strings.ToLower(kw)
	if words[kw] {
		return true
	}
	if len(kw) < 4 {
		return false
	}
	for w := range words {
		if strings.HasPrefix(w, kw) {
			return true
		}
	}
	return false
}

func verbatim(text string, terms []string) []string {
	var out []string
	for _, t := range terms {
		if len(t) >= 3 && strings.Contains(text, strings.ToLower(t)) {
			out = append(out, t)
		}
	}
	return out
}

// weight: importance/5, confidence (≥ 0.2), or 0.8 for principles.
func weight(e Entry) (float64, engine.Signal) {
	switch {
	case e.Memory != nil:
		return float64(e.Memory.Importance) / 5, engine.Signal{Name: "importance", Value: float64(e.Memory.Importance) / 5, Detail: "importance " + strconv.Itoa(e.Memory.Importance)}
	case e.Experience != nil:
		c := max(e.Experience.Confidence, 0.2)
		return c, engine.Signal{Name: "confidence", Value: c, Detail: "confidence " + strconv.FormatFloat(e.Experience.Confidence, 'f', -1, 64)}
	default:
		return 0.8, engine.Signal{Name: "principle", Value: 0.8, Detail: "principle"}
	}
}

func label(e Entry) string {
	var s string
	switch {
	case e.Memory != nil:
		s = e.Memory.Kind + ": " + e.Memory.Text
	case e.Experience != nil:
		s = e.Experience.Domain + ": " + e.Experience.Goal
	case e.Principle != nil:
		s = "principle: " + e.Principle.Text
	}
	s = oneLine(s)
	if r := []rune(s); len(r) > 72 {
		s = string(r[:71]) + "…"
	}
	return s
}

func noteReason(e Entry, sigs []engine.Signal) string {
	parts := []string{e.Type()}
	for _, s := range sigs {
		if s.Detail != "" && s.Name != "principle" {
			parts = append(parts, s.Detail)
		}
	}
	return strings.Join(parts, "; ")
}

func noteMeta(e Entry) map[string]string {
	m := map[string]string{"type": e.Type(), "id": e.ID()}
	set := func(k, v string) {
		if v != "" {
			m[k] = v
		}
	}
	var created time.Time
	switch {
	case e.Memory != nil:
		set("kind", e.Memory.Kind)
		set("category", e.Memory.Category)
		set("importance", strconv.Itoa(e.Memory.Importance))
		created = e.Memory.Created
	case e.Experience != nil:
		x := e.Experience
		set("domain", x.Domain)
		set("strategy", x.Strategy)
		set("status", x.Status)
		set("confidence", strconv.FormatFloat(x.Confidence, 'f', -1, 64))
		created = x.Created
	case e.Principle != nil:
		set("domain", e.Principle.Domain)
		created = e.Principle.Created
	}
	if !created.IsZero() {
		m["created"] = created.Format("2006-01-02")
	}
	return m
}

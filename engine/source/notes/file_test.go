package notes

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/loupe-dev/loupe/engine/source/internal/golden"
)

var day = time.Date(2026, 11, 21, 14, 0, 0, 0, time.UTC)

func sampleEntries() []Entry {
	return []Entry{
		{Memory: &Memory{ID: "m-1", Kind: KindDecision, Category: "storage", Importance: 4, Text: "Notes are TOML.", Created: day}},
		{Memory: &Memory{ID: "m-2", Kind: KindFact, Importance: 1, Text: "Multi-line\ntext with \"quotes\" and ]] brackets", Created: day}},
		{Experience: &Experience{ID: "x-1", Domain: "index", Strategy: "batch", Goal: "Index faster", Hypothesis: "Batches amortise", Action: "Batch 1000",
			Prediction: "2x", Status: StatusConfirmed, Result: "2.3x", Surprise: "GC dominated", Lesson: "Reuse buffers", Confidence: 0.75, Created: day}},
		{Principle: &Principle{ID: "p-1", Text: "Measure first.", Domain: "perf", Created: day}},
	}
}

func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".loupe", "notes.toml")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries()) != 0 {
		t.Fatalf("missing file: %d entries, want 0", len(f.Entries()))
	}
	for _, e := range sampleEntries() {
		if err := f.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(path)
	g, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Entries(), sampleEntries()) {
		t.Errorf("round trip:\n got %v\nwant %v", g.Entries(), sampleEntries())
	}
	if err := g.Save(path); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(path)
	if string(first) != string(second) {
		t.Errorf("re-saving changed the file:\n%s\n---\n%s", first, second)
	}
	golden.Check(t, "saved", string(second))
}

func TestAddFillsAndValidates(t *testing.T) {
	f := &File{now: func() time.Time { return day }}
	if err := f.Add(Entry{Memory: &Memory{Kind: KindFact, Importance: 2, Text: "x"}}); err != nil {
		t.Fatal(err)
	}
	m := f.Entries()[0].Memory
	if !strings.HasPrefix(m.ID, "m-") || !m.Created.Equal(day) {
		t.Errorf("filled id %q created %v", m.ID, m.Created)
	}
	err := f.Add(Entry{Memory: &Memory{ID: m.ID, Kind: KindFact, Importance: 2, Text: "y"}})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("duplicate id: err %v, want ErrInvalid", err)
	}
	if err := f.Add(Entry{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("empty entry: err %v, want ErrInvalid", err)
	}
}

// failAfter is a writer that fails after n bytes, as a full disk would.
type failAfter struct {
	w io.Writer
	n int
}

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k, _ := f.w.Write(p[:f.n])
		f.n = 0
		return k, errors.New("disk full")
	}
	f.n -= len(p)
	return f.w.Write(p)
}

func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.toml")
	f, _ := Load(path)
	_ = f.Add(sampleEntries()[0])
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)

	_ = f.Add(sampleEntries()[2])
	f.wrap = func(w io.Writer) io.Writer { return &failAfter{w: w, n: 40} }
	if err := f.Save(path); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("save with a failing writer: err %v", err)
	}
	after, _ := os.ReadFile(path)
	if string(after) != string(before) {
		t.Errorf("a failed save changed the file:\n%s", after)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("files left in %s: %v", dir, ents)
	}
	f.wrap = nil
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	g, _ := Load(path)
	if n := len(g.Entries()); n != 2 {
		t.Errorf("after retry: %d entries, want 2 (the pending one kept)", n)
	}
}

func TestConcurrentAdds(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".loupe", "notes.toml")
	const per = 25
	var wg sync.WaitGroup
	errs := make(chan error, 2*per+2)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := Load(path)
			if err != nil {
				errs <- err
				return
			}
			for k := range per {
				e := Entry{Memory: &Memory{Kind: KindFact, Importance: 3, Text: fmt.Sprintf("writer %d note %d", w, k)}}
				if err := f.Add(e); err != nil {
					errs <- err
				}
				if err := f.Save(path); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	g, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Entries()); n != 2*per {
		t.Errorf("%d entries after concurrent adds, want %d", n, 2*per)
	}
}

func TestConcurrentAddsSharedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.toml")
	f, _ := Load(path)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 20 {
				_ = f.Add(Entry{Principle: &Principle{Text: fmt.Sprintf("p %d %d", w, k)}})
				if err := f.Save(path); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	g, _ := Load(path)
	if n := len(g.Entries()); n != 40 {
		t.Errorf("%d entries, want 40", n)
	}
}

func TestSaveKeepsHandEdits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.toml")
	f, _ := Load(path)
	_ = f.Add(sampleEntries()[0])
	_ = f.Save(path)
	// Someone appends by hand while f is open; f then adds and saves.
	hand := "\n[[principle]]\ntext = \"Added by hand.\"\ncreated = 2026-11-21T10:00:00Z\n"
	af, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	_, _ = af.WriteString(hand)
	af.Close()
	_ = f.Add(sampleEntries()[3])
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	g, _ := Load(path)
	if n := len(g.Entries()); n != 3 {
		t.Errorf("%d entries, want 3: %v", n, g.Entries())
	}
}

func TestLoadCorrupt(t *testing.T) {
	tests := []struct {
		name, text, wantIn string
	}{
		{"syntax", "[[memory]]\nkind = \"fact\"\ntext = \"unterminated\nimportance = 3\n", "line 3"},
		{"type", "[[memory]]\nkind = \"fact\"\nimportance = \"high\"\ntext = \"x\"\n", "line 3"},
		{"unknown key", "[[memory]]\nkind = \"fact\"\nimportance = 3\ntext = \"x\"\nimportance_ = 4\n", "line 5"},
		{"bad status", "[[memory]]\nkind = \"fact\"\nimportance = 3\ntext = \"x\"\n\n[[experience]]\ndomain = \"d\"\ngoal = \"g\"\nstatus = \"done\"\n", "line 6"},
		{"bad importance", "\n\n[[memory]]\nkind = \"fact\"\nimportance = 9\ntext = \"x\"\n", "line 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "notes.toml")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(path)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.wantIn) {
				t.Fatalf("err = %v, want ErrCorrupt naming %q", err, tc.wantIn)
			}
			f := &File{}
			_ = f.Add(sampleEntries()[3])
			if err := f.Save(path); !errors.Is(err, ErrCorrupt) {
				t.Errorf("save over a corrupt file: err %v, want ErrCorrupt", err)
			}
			if b, _ := os.ReadFile(path); string(b) != tc.text {
				t.Errorf("corrupt file was overwritten:\n%s", b)
			}
		})
	}
}

func TestList(t *testing.T) {
	f, err := Load("testdata/premortem.toml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		flt  Filter
		want int
	}{
		{"all", Filter{}, 12},
		{"memories", Filter{Type: "memory"}, 4},
		{"decisions", Filter{Kind: KindDecision}, 1},
		{"important", Filter{MinImportance: 5}, 2},
		{"payments domain", Filter{Domain: "payments"}, 6}, // 4 experiences (one in payments/refunds), the payments and the universal principle
		{"falsified", Filter{Status: StatusFalsified}, 2},
		{"contains", Filter{Contains: "BACKOFF"}, 3},
		{"category", Filter{Category: "payments"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := f.List(tc.flt)
			if len(got) != tc.want {
				var s []string
				for _, e := range got {
					s = append(s, e.String())
				}
				t.Errorf("%d entries, want %d:\n%s", len(got), tc.want, strings.Join(s, "\n"))
			}
		})
	}
}

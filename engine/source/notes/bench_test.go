package notes

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/loupe-dev/loupe/engine"
)

// bigFile writes a notes file of n memories and n experiences.
func bigFile(b *testing.B, n int) string {
	path := filepath.Join(b.TempDir(), "notes.toml")
	f := &File{}
	for k := range n {
		_ = f.Add(Entry{Memory: &Memory{Kind: KindDecision, Category: "area" + fmt.Sprint(k%20), Importance: 1 + k%5,
			Text: fmt.Sprintf("Decision %d: retries of payment %d go through the idempotency middleware", k, k)}})
		_ = f.Add(Entry{Experience: &Experience{Domain: "payments", Strategy: fmt.Sprint("s", k%7), Goal: fmt.Sprintf("goal %d", k),
			Status: StatusFalsified, Lesson: fmt.Sprintf("lesson %d about timeouts", k), Confidence: 0.5}})
	}
	if err := f.Save(path); err != nil {
		b.Fatal(err)
	}
	return path
}

func BenchmarkLoad(b *testing.B) {
	path := bigFile(b, 500)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCandidates(b *testing.B) {
	p := NewProvider(bigFile(b, 500))
	q := engine.Query{Keywords: []string{"payment", "timeout", "retry"}, Identifiers: []string{"idempotency"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Candidates(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAddSave(b *testing.B) {
	path := bigFile(b, 500)
	f, _ := Load(path)
	b.ReportAllocs()
	for b.Loop() {
		_ = f.Add(Entry{Principle: &Principle{Text: "p"}})
		if err := f.Save(path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPremortem(b *testing.B) {
	f, _ := Load(bigFile(b, 500))
	for b.Loop() {
		Premortem(f, "payments", "s3")
	}
}

package notes

import (
	"errors"
	"testing"
)

func TestParseEntry(t *testing.T) {
	tests := []struct {
		name    string
		kind    string
		fields  map[string]string
		want    string // Entry.Type()
		wantErr error
	}{
		{"decision", "decision", map[string]string{"text": "Use TOML", "importance": "4", "category": "storage"}, "memory", nil},
		{"memory with kind field", "memory", map[string]string{"kind": "Preference", "text": "tabs"}, "memory", nil},
		{"default importance", "fact", map[string]string{"text": "x"}, "memory", nil},
		{"experience", "experience", map[string]string{"domain": "payments", "goal": "g", "status": "falsified", "confidence": "0.7", "lesson": "l"}, "experience", nil},
		{"experience default status", "Experience", map[string]string{"domain": "d", "goal": "g"}, "experience", nil},
		{"principle", "principle", map[string]string{"text": "Measure first", "domain": "perf"}, "principle", nil},
		{"created date", "fact", map[string]string{"text": "x", "created": "2026-01-02"}, "memory", nil},
		{"empty values ignored", "fact", map[string]string{"text": "x", "domain": ""}, "memory", nil},
		{"unknown kind", "idea", map[string]string{"text": "x"}, "", ErrInvalid},
		{"unknown field", "fact", map[string]string{"text": "x", "domain": "d"}, "", ErrInvalid},
		{"no text", "decision", map[string]string{}, "", ErrInvalid},
		{"importance not a number", "fact", map[string]string{"text": "x", "importance": "high"}, "", ErrInvalid},
		{"importance out of range", "fact", map[string]string{"text": "x", "importance": "6"}, "", ErrInvalid},
		{"kind contradiction", "fact", map[string]string{"text": "x", "kind": "error"}, "", ErrInvalid},
		{"bad status", "experience", map[string]string{"domain": "d", "goal": "g", "status": "done"}, "", ErrInvalid},
		{"bad confidence", "experience", map[string]string{"domain": "d", "goal": "g", "confidence": "1.5"}, "", ErrInvalid},
		{"nan confidence", "experience", map[string]string{"domain": "d", "goal": "g", "confidence": "NaN"}, "", ErrInvalid},
		{"no domain", "experience", map[string]string{"goal": "g"}, "", ErrInvalid},
		{"bad created", "fact", map[string]string{"text": "x", "created": "yesterday"}, "", ErrInvalid},
		{"memory kind missing", "memory", map[string]string{"text": "x"}, "", ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ParseEntry(tc.kind, tc.fields)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil) != (err == nil) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err == nil && e.Type() != tc.want {
				t.Errorf("type %q, want %q", e.Type(), tc.want)
			}
		})
	}
}

func TestParseEntryDefaults(t *testing.T) {
	e, err := ParseEntry("decision", map[string]string{"text": " Use TOML "})
	if err != nil {
		t.Fatal(err)
	}
	if m := e.Memory; m.Kind != KindDecision || m.Importance != DefaultImportance || m.Text != "Use TOML" {
		t.Errorf("memory %+v", m)
	}
	x, _ := ParseEntry("experience", map[string]string{"domain": "d", "goal": "g"})
	if x.Experience.Status != StatusOpen || x.Experience.Confidence != DefaultConfidence {
		t.Errorf("experience %+v", x.Experience)
	}
}

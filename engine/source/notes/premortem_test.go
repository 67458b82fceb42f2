package notes

import (
	"testing"

	"github.com/loupe-dev/loupe/engine/source/internal/golden"
)

func TestPremortem(t *testing.T) {
	f, err := Load("testdata/premortem.toml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, domain, strategy string }{
		{"domain", "payments", ""},
		{"strategy", "payments", "retry-with-backoff"},
		{"subdomain", "payments/refunds", ""},
		{"empty", "billing", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			golden.Check(t, tc.name, Premortem(f, tc.domain, tc.strategy))
		})
	}
}

func TestPremortemEmptyFile(t *testing.T) {
	got := Premortem(&File{}, "payments", "x")
	golden.Check(t, "empty_file", got)
}

package notes

import "testing"

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
			golden(t, tc.name, Premortem(f, tc.domain, tc.strategy))
		})
	}
}

func TestPremortemEmptyFile(t *testing.T) {
	got := Premortem(&File{}, "payments", "x")
	golden(t, "empty_file", got)
}

package main

import (
	"fmt"
	"testing"
)

// TestPackTakesACapitalizedWordForAType: through the binary, a query that
// is one capitalized word finds the type of that name first, not the many
// functions whose bodies say the word more often (engine/query.go,
// typeName).
func TestPackTakesACapitalizedWordForAType(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/s\n\ngo 1.22\n",
		"ser/ser.go": `package ser

// Serialize is implemented by values that can write themselves out.
type Serialize interface {
	Write(w []byte) []byte
}
`,
	}
	var body string
	for i := range 6 {
		body += fmt.Sprintf(`
// Serialize%[1]d serializes a value of kind %[1]d: Serialize the header,
// Serialize the fields, Serialize the trailer.
func Serialize%[1]d(v []byte) []byte {
	v = serializeHeader(v) // Serialize
	return append(v, %[1]d)
}
`, i)
	}
	files["ser/serialize.go"] = "package ser\n\nfunc serializeHeader(v []byte) []byte { return v }\n" + body
	p := packCodeOf(t, files, "Serialize", "2000")
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "Serialize" || p.Blocks[0].Path != "ser/ser.go" {
		t.Fatalf("blocks %v: want the type Serialize first", blockNames(p))
	}
}

// Package render turns a pack into text: Markdown (the default), XML,
// plain text and JSON, and Markdown into ANSI for a terminal preview.
//
// It is pure: a pack in, a string out, byte-identical for identical packs,
// with no I/O and no terminal queries (the glamour style is always passed
// in explicitly). The packer measures what these formatters produce, so
// every byte here counts against the budget: headers are one line, the
// attribution is terse, and the large inputs a person can supply (a
// 200 KB query, hundreds of left-out blocks) are echoed only in bounded
// form. Each formatter also renders a single block and a single group
// header alone (packing.PartRenderer) so the packer can measure blocks
// one at a time; Render is always exactly the concatenation of the parts
// plus a fixed envelope, which keeps those measurements honest.
package render

import (
	"fmt"
	"slices"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// Format names.
const (
	FormatMarkdown = "md"
	FormatXML      = "xml"
	FormatPlain    = "plain"
	FormatJSON     = "json"
)

// Formats lists the formats New accepts, the default first.
func Formats() []string { return []string{FormatMarkdown, FormatXML, FormatPlain, FormatJSON} }

// Formatter is an packing.Formatter that can also render parts.
type Formatter interface {
	packing.Formatter
	packing.PartRenderer
}

// New returns the formatter called name; "" and "markdown" mean "md".
func New(name string) (Formatter, error) {
	switch name {
	case "", FormatMarkdown, "markdown":
		return Markdown{}, nil
	case FormatXML:
		return XML{}, nil
	case FormatPlain, "text", "txt":
		return Plain{}, nil
	case FormatJSON:
		return JSON{}, nil
	}
	return nil, fmt.Errorf("render: unknown format %q (want one of %v)", name, Formats())
}

// Valid reports whether New accepts name.
func Valid(name string) bool {
	return name == "" || name == "markdown" || name == "text" || name == "txt" || slices.Contains(Formats(), name)
}

// group is one source's items, in pack order (a sub-slice of the pack's
// items, not a copy).
type group struct {
	source engine.Source
	items  []packing.Item
}

// groups splits items (already in output order) into runs by source;
// empty groups never appear.
func groups(items []packing.Item) []group {
	var out []group
	start := 0
	for i := 1; i <= len(items); i++ {
		if i == len(items) || items[i].Source != items[start].Source {
			out = append(out, group{source: items[start].Source, items: items[start:i]})
			start = i
		}
	}
	return out
}

// sourceCount is the number of groups, without building them.
func sourceCount(items []packing.Item) int {
	n := 0
	for i := range items {
		if i == 0 || items[i].Source != items[i-1].Source {
			n++
		}
	}
	return n
}

package diagnostics

import (
	"fmt"
	"testing"
)

func TestGroupItems(t *testing.T) {
	it := func(path string, start, end, line int) item {
		return item{d: Diagnostic{Path: path, Line: line}, pl: place{shown: path, rel: path, inside: path != ""}, start: start, end: end}
	}
	tests := []struct {
		name  string
		items []item
		want  string // groups as [lines…] in order
	}{
		{"apart", []item{it("a", 1, 10, 5), it("a", 20, 30, 25)}, "[5] [25]"},
		{"chain joins both", []item{it("a", 1, 10, 5), it("a", 20, 30, 25), it("a", 8, 22, 15)}, "[5 25 15]"},
		{"other file", []item{it("a", 1, 10, 5), it("b", 1, 10, 6)}, "[5] [6]"},
		{"no code stays alone", []item{it("a", 0, 0, 3), it("a", 0, 0, 3)}, "[3] [3]"},
		{"order of best item", []item{it("b", 1, 10, 1), it("a", 1, 10, 2), it("b", 5, 12, 3)}, "[1 3] [2]"},
		{"outside root alone", []item{it("", 1, 10, 1), it("", 1, 10, 2)}, "[1] [2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			for k, g := range groupItems(tc.items) {
				if k > 0 {
					got += " "
				}
				got += fmt.Sprint(g.marks())
				for _, o := range groupItems(tc.items)[k+1:] {
					if g.items[0].pl.inside && g.start > 0 && o.start > 0 && g.items[0].pl.rel == o.items[0].pl.rel && o.start <= g.end && g.start <= o.end {
						t.Errorf("groups overlap: %d-%d and %d-%d", g.start, g.end, o.start, o.end)
					}
				}
			}
			if got != tc.want {
				t.Errorf("groups %s, want %s", got, tc.want)
			}
		})
	}
}

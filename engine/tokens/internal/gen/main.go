// Command gen writes the o200k vocabulary in the compact form package
// tokens loads at run time instead of building tiktoken-go's 200,000-entry
// map: DIR/o200k.vocab holds, for each rank from 0, a uvarint length and
// the token's bytes; DIR/o200k.slots the hash table over it (see
// tokens.buildSlots, which this calls through tokens.WriteO200k); and
// DIR/o200k.offs where each token starts and ends (tokens.vocabOffsets).
// Run it from engine/tokens with `go generate` after changing the
// tiktoken-go version; TestO200kTableExact checks the files against the
// library.
package main

import (
	"fmt"
	"os"

	"github.com/loupe-dev/loupe/engine/tokens"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen DIR")
		os.Exit(2)
	}
	if err := tokens.WriteO200k(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

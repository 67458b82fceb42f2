package chunk

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var dumpFiles = flag.String("dump", "", "comma-separated files to print the blocks of (a debugging aid)")

// TestDump prints the blocks of the files named by -dump; with -v it also
// prints signatures, docs, refs and imports.
func TestDump(t *testing.T) {
	if *dumpFiles == "" {
		t.Skip("no -dump files")
	}
	for _, p := range strings.Split(*dumpFiles, ",") {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range File(p, src) {
			fmt.Printf("%-9s %3d-%-3d %-28s %s test=%v\n", b.Kind, b.StartLine, b.EndLine, b.QualName, b.ID[strings.LastIndexAny(b.ID, "/")+1:], b.Test)
			if testing.Verbose() {
				fmt.Printf("    sig=%q\n    doc=%q\n    refs=%v imports=%v\n", b.Signature, b.Doc, b.Refs, b.Imports)
			}
		}
	}
}

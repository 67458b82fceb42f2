// Command fuzzlist prints "package FuzzTarget" for every fuzz target in the
// module, so CI can run each one briefly without a hand-kept list.
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var fuzzFunc = regexp.MustCompile(`^func (Fuzz[A-Za-z0-9_]*)\(f \*testing\.F\)`)

func main() {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Dir}}", "./...").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzzlist:", err)
		os.Exit(1)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, dir, ok := strings.Cut(l, " ")
		if !ok {
			continue
		}
		for _, t := range targets(dir) {
			lines = append(lines, pkg+" "+t)
		}
	}
	sort.Strings(lines)
	fmt.Println(strings.Join(lines, "\n"))
}

func targets(dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if m := fuzzFunc.FindStringSubmatch(sc.Text()); m != nil {
				out = append(out, m[1])
			}
		}
		fh.Close()
	}
	return out
}

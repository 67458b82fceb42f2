package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeNoteExamplesRun runs the commands of the README's "Notes and
// premortems" block, word for word, against an empty repository: what the
// front door shows must work.
func TestReadmeNoteExamplesRun(t *testing.T) {
	root := t.TempDir()
	cmds := readmeCommands(t, "### Notes and premortems")
	if len(cmds) < 4 {
		t.Fatalf("found %d commands in the README's notes block", len(cmds))
	}
	var outs []string
	for _, args := range cmds {
		if args[0] != "loupe" {
			t.Fatalf("not a loupe command: %q", args)
		}
		out, err := runCLI(t, "", append(args[1:], "--root", root)...)
		if err != nil {
			t.Fatalf("%s: %v", strings.Join(args, " "), err)
		}
		outs = append(outs, out)
	}
	saved, err := os.ReadFile(filepath.Join(root, ".loupe", "notes.toml"))
	if err != nil || !strings.Contains(string(saved), "payments retry at most 5 times") {
		t.Fatalf("the decision is not in the notes file (%v):\n%s", err, saved)
	}
	all := strings.Join(outs, "\n")
	for _, want := range []string{
		"retry declined cards without bursts", // the experience, listed and in the premortem
		"the gateway limits per card",         // its lesson, in the premortem
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q in what the README's commands print:\n%s", want, all)
		}
	}
}

func TestNoteAddNeedsItsWords(t *testing.T) {
	root := t.TempDir()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"fact without text", []string{"note", "add", "--kind", "fact"}, "a fact needs its text"},
		{"experience without goal", []string{"note", "add", "--kind", "experience", "--domain", "d"}, "needs a goal"},
		{"experience with both", []string{"note", "add", "--kind", "experience", "--goal", "g", "words"}, "not both"},
		{"unknown kind", []string{"note", "add", "--kind", "bogus", "x"}, "is not fact"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runCLI(t, "", append(tc.args, "--root", root)...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(root, ".loupe")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused note wrote something: %v", err)
	}
}

// TestNoteAddKeepsACorruptFile: a notes file loupe cannot read is the
// user's; adding to it fails with the line at fault and leaves it as it was.
func TestNoteAddKeepsACorruptFile(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, ".loupe", "notes.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	corrupt := "[[memory]]\ntext = \"kept\"\nimportance = \n"
	if err := os.WriteFile(path, []byte(corrupt), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := runCLI(t, "", "note", "add", "--root", root, "new fact")
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("error %v, want one naming line 3", err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != corrupt {
		t.Fatalf("the corrupt file changed:\n%s", got)
	}
}

// readmeCommands returns the commands of the first code block after the
// heading, split into words as a shell would (double quotes, line
// continuations).
func readmeCommands(t *testing.T, heading string) [][]string {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), heading+"\n")
	if !ok {
		t.Fatalf("README has no %q", heading)
	}
	_, block, _ := strings.Cut(after, "```\n")
	block, _, _ = strings.Cut(block, "```")
	var cmds [][]string
	for _, line := range strings.Split(strings.ReplaceAll(block, "\\\n", " "), "\n") {
		if words := shellWords(line); len(words) > 0 {
			cmds = append(cmds, words)
		}
	}
	return cmds
}

func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case (r == ' ' || r == '\t') && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

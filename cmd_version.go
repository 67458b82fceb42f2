package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// versionString is what --version and `loupe version` print: the
// release (version, as MCP clients see it) and, for a build from a
// checkout, the commit it was built from.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return version
	}
	v := version + " (" + rev[:min(12, len(rev))]
	if dirty {
		v += ", modified"
	}
	return v + ")"
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print loupe's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "loupe %s\n", versionString())
			return err
		},
	}
}

// mistypedCommand reports a lone first word that is a command misspelt
// ("loupe idnex"): it would otherwise become a query. A query that really
// is such a word goes after --: loupe -- idnex.
func mistypedCommand(cmd *cobra.Command, args []string) error {
	if len(args) != 1 || cmd.ArgsLenAtDash() == 0 || strings.ContainsAny(args[0], " \t") {
		return nil
	}
	word := strings.ToLower(args[0])
	for _, c := range cmd.Commands() {
		if !c.IsAvailableCommand() && c.Name() != "help" {
			continue
		}
		for _, name := range append([]string{c.Name()}, c.Aliases...) {
			if word != name && editDistance(word, name) <= max(1, len(name)/4) {
				return usageError{fmt.Errorf("unknown command %q: did you mean loupe %s? (to search for the word, use: loupe -- %s)", args[0], name, args[0])}
			}
		}
	}
	return nil
}

// editDistance is the Damerau-Levenshtein distance (with transpositions:
// "idnex" is one step from "index").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range rb {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// registerValueCompletions completes the values of the flags that take a
// fixed set (shell completion: loupe completion bash|zsh|fish|powershell).
func registerValueCompletions(cmd *cobra.Command) {
	fixed := func(values ...string) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return values, cobra.ShellCompDirectiveNoFileComp
		}
	}
	lists := map[string][]string{
		"format":    formats,
		"tokenizer": tokenizers,
		"style":     styles,
	}
	for name, values := range lists {
		if cmd.Flags().Lookup(name) != nil {
			_ = cmd.RegisterFlagCompletionFunc(name, fixed(values...))
		}
	}
	for _, name := range []string{"sources", "order"} {
		if cmd.Flags().Lookup(name) != nil {
			_ = cmd.RegisterFlagCompletionFunc(name, completeSourceList)
		}
	}
}

// completeSourceList completes a comma-separated list of sources: the
// part typed so far, then each source not in it yet.
func completeSourceList(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	done, _ := cutLast(toComplete, ",")
	have := map[string]bool{}
	prefix := ""
	if done != "" {
		prefix = done + ","
		for _, s := range strings.Split(done, ",") {
			have[s] = true
		}
	}
	var out []cobra.Completion
	for _, s := range DefaultConfig().Order {
		if !have[s] {
			out = append(out, prefix+s)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// cutLast splits s around the last sep: "a,b,c" → "a,b", "c".
func cutLast(s, sep string) (before, after string) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):]
	}
	return "", s
}

// finishRootCmd adds what every command tree gets: --version, the version
// command, examples, and completion of flag values.
func finishRootCmd(root *cobra.Command) {
	root.Version = versionString()
	root.SetVersionTemplate("loupe {{.Version}}\n")
	root.AddCommand(newVersionCmd())
	root.Example = `  loupe                                  open the explorer in this repository
  loupe "retry failed payments"          open it with a query
  loupe --resume                         bring back the last session
  loupe pack "retry failed payments" | pbcopy
  loupe index                            build or update the index now
  loupe completion bash > ~/.local/share/bash-completion/completions/loupe`
	examples := map[string]string{
		"index": `  loupe index                  the repository around the current directory
  loupe index ~/src/payments   another one
  loupe index --index-dir /tmp/ix .`,
		"mcp": `  loupe mcp --root ~/src/payments
  claude mcp add loupe -- loupe mcp --root "$PWD"     (Claude Code; see the README for Cursor and VS Code)`,
		"note": `  loupe note add "payments retry at most 5 times"
  loupe note add --kind decision --importance 4 "ledger writes are idempotent"
  loupe note list --kind decision`,
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		registerValueCompletions(c)
		if ex, ok := examples[c.Name()]; ok && c.Example == "" && c.Parent() == root {
			c.Example = ex
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

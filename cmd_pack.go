package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index/safefile"
)

// maxQueryBytes bounds a query read from stdin (a pasted issue with a trace).
const maxQueryBytes = 1 << 20

type packFlags struct {
	req     requestFlags
	out     string
	copy    bool
	explain bool
	pins    []string
	drops   []string
	// noServer packs in this process even when a `loupe serve` runs.
	noServer bool
}

func newPackCmd(g *globalFlags) *cobra.Command {
	f := &packFlags{}
	cmd := &cobra.Command{
		Use:   "pack [QUERY...|-]",
		Short: "Print the packed context for a task (for scripts)",
		Long: "loupe pack retrieves and ranks blocks for QUERY, packs the best of them under the\n" +
			"budget and prints the result. QUERY - reads the query from stdin (a pasted issue or\n" +
			"stack trace works). The index is built or updated first when needed.",
		Example: `  loupe pack "retry failed payments with backoff"
  loupe pack "why does checkout time out" --budget 4000 --format xml
  git diff | loupe pack - --format json --out context.json`,
		RunE: func(cmd *cobra.Command, args []string) error { return runPack(cmd, g, f, args) },
	}
	fs := cmd.Flags()
	bindRequestFlags(fs, &f.req, PackDeadline)
	fs.StringVarP(&f.out, "out", "o", "", "write the context to FILE (atomically) instead of stdout")
	fs.BoolVar(&f.copy, "copy", false, "copy the context to the clipboard (OSC 52 and the system clipboard)")
	fs.BoolVar(&f.explain, "explain", false, "print why each block was chosen (its score signals) on stderr")
	fs.StringArrayVar(&f.pins, "pin", nil, "block id to include first (repeatable)")
	fs.StringArrayVar(&f.drops, "drop", nil, "block id never to include (repeatable)")
	fs.BoolVar(&f.noServer, "no-server", false, "pack in this process even when `loupe serve` runs for this repository")
	return cmd
}

// One-shot GC settings: a pack lives a tenth of a second and allocates
// about 40 MB in all on the Go tree (the tokenizer's vocabulary, searches,
// the walk), then exits. Collecting even at 4× the live heap cost it 5 ms
// of CPU, so it does not collect until the soft limit, which keeps peak
// memory bounded on big trees. GOGC or GOMEMLIMIT set by the person win.
const (
	packGCPercent  = -1 // off; the soft limit decides
	packSoftMemory = 256 << 20
)

// packHeap is the heap a pack made in the process is given in huge pages
// before it starts, beyond the 16 MB every process starts with (package
// hugeheap), when no earlier pack of the index measured what it needs
// (packheap.go). Backing more than a pack uses is not free: where the
// machine's freed memory goes back to the host (virtio free page
// reporting, as on the machines measured here), a pack started after a
// pause of seconds, as a person's is, pays about 1-2 ms a MB to fault it
// in, huge pages or not; back to back it reuses what the last process
// freed, and huge pages win. Interleaved medians (docs/BENCHMARKS.md,
// thirty-first session), 48 → 32 MB: after a 3 s pause 0.293 → 0.258 s on
// the Go tree and 0.338 → 0.308 s on Loki; back to back the same.
const packHeap = 32 << 20

func runPack(cmd *cobra.Command, g *globalFlags, f *packFlags, args []string) error {
	setGC(packGCPercent, packSoftMemory)
	query, err := readQuery(args, cmd.InOrStdin())
	if err != nil {
		return err
	}
	root, err := resolveRoot(g.root)
	if err != nil {
		return err
	}
	cfg, err := resolveConfig(cmd, root, &f.req)
	if err != nil {
		return err
	}
	if cfg.DiagnosticsFile == "-" && isQueryFromStdin(args) {
		return usageError{errors.New("--diagnostics - and the query - both want stdin: give one of them as a file")}
	}
	res, err := packHereOrServed(cmd, g, f, root, cfg, query)
	if err != nil {
		return err
	}
	if err := deliver(cmd.OutOrStdout(), res, f); err != nil {
		return err
	}
	if f.out != "" {
		// The context is loupe's own output: never a change or a block.
		if err := changes.RecordOutput(root, f.out); err != nil {
			fmt.Fprintln(os.Stderr, "loupe: warning:", err)
		}
	}
	return nil
}

// packHereOrServed asks a running `loupe serve` for the pack (the same
// bytes, without opening anything), and packs on its own when there is
// none or it cannot answer exactly; either way the notes and warnings are
// printed on stderr. Only Text and Summary of a served result are set.
func packHereOrServed(cmd *cobra.Command, g *globalFlags, f *packFlags, root string, cfg Config, query string) (*packResult, error) {
	if !f.noServer {
		req := serveRequest{Query: query, Pins: f.pins, Drops: f.drops, Explain: f.explain}
		if reply, ok := askServer(root, g.indexDir, cfg, req); ok {
			if err := replyError(reply); err != nil {
				return nil, err
			}
			io.WriteString(os.Stderr, reply.Stderr)
			return &packResult{Text: reply.Text, Summary: reply.Summary}, nil
		}
	}
	a, err := openApp(root, g.indexDir, cfg, false)
	if err != nil {
		return nil, err
	}
	// After openApp, which starts the walk of the tree: the walk is the
	// longest job beside the code source, and the heap is backed on one
	// core while it runs on the other. Not for a served pack, which
	// allocates little.
	heap := backPackHeap(a.ix.Dir())
	defer a.Close()
	res, err := a.packFresh(cmd.Context(), stderrProgress(os.Stderr), query, cfg, f.pins, f.drops)
	if err != nil {
		return nil, packError(err)
	}
	heap.done()
	writePackNotes(os.Stderr, a, res, cfg, f.pins, f.drops, f.explain)
	return res, nil
}

// writePackNotes writes what pack prints on stderr beside the context:
// first-contact notes, a stale index, pins and drops that named nothing,
// the pack's warnings and, with --explain, why each block was chosen.
func writePackNotes(w io.Writer, a *app, res *packResult, cfg Config, pins, drops []string, explain bool) {
	for _, n := range firstContactNotes(a.root, a.stats, a.stale == "", cfg) {
		fmt.Fprintln(w, "loupe: note:", n)
	}
	if a.stale != "" {
		fmt.Fprintln(w, "loupe: note:", a.stale)
	}
	for _, x := range unknownIDs(res, pins, drops) {
		fmt.Fprintln(w, "loupe: warning:", x)
	}
	for _, x := range res.Pack.Warnings {
		fmt.Fprintln(w, "loupe: warning:", x)
	}
	if explain {
		writeExplain(w, res.Pack)
		writeModelExplain(w, res.Model, cfg.Model)
	}
}

// packError adds what to do to the errors a person can fix.
func packError(err error) error {
	if errors.Is(err, packing.ErrBudgetTooSmall) {
		return fmt.Errorf("%w; raise --budget or lower the reserves", err)
	}
	return err
}

// readQuery joins the arguments, or reads stdin for "-".
func readQuery(args []string, stdin io.Reader) (string, error) {
	if isQueryFromStdin(args) {
		b, err := io.ReadAll(io.LimitReader(stdin, maxQueryBytes+1))
		if err != nil {
			return "", fmt.Errorf("read query from stdin: %w", err)
		}
		if len(b) > maxQueryBytes {
			return "", usageError{fmt.Errorf("query on stdin is over %d bytes: trim it to the relevant part", maxQueryBytes)}
		}
		args = []string{string(b)}
	}
	q := strings.TrimSpace(strings.Join(args, " "))
	if q == "" {
		return "", usageError{errors.New(`no query: say what you are about to work on, e.g. loupe pack "retry failed payments", or - to read it from stdin`)}
	}
	return q, nil
}

func isQueryFromStdin(args []string) bool { return len(args) == 1 && args[0] == "-" }

// deliver writes the context where the flags say: a file, the clipboard,
// or stdout.
func deliver(stdout io.Writer, res *packResult, f *packFlags) error {
	if f.out != "" {
		if err := safefile.WritePrivate(f.out, []byte(res.Text)); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "loupe: wrote %s: %s\n", f.out, res.Summary)
	}
	if f.copy {
		var tty io.Writer
		if isTerminal(os.Stdout) {
			tty = os.Stdout
		}
		outcome, err := copyText(res.Text, tty)
		if err != nil {
			return keepContext(stdout, res.Text, f.out != "", err)
		}
		fmt.Fprintf(os.Stderr, "loupe: %s: %s\n", outcome, res.Summary)
	}
	if f.out == "" && !f.copy {
		_, err := io.WriteString(stdout, res.Text)
		return err
	}
	return nil
}

// writeExplain prints each packed block's score signals.
func writeExplain(w io.Writer, p *packing.Pack) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SOURCE\tBLOCK\tLEVEL\tTOKENS\tSCORE\tSIGNALS")
	for _, it := range p.Items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.3f\t%s\n", it.Source, blockLabel(it.Candidate),
			it.Level.String(), it.Tokens, it.Score, signalList(it.Signals))
	}
	tw.Flush()
	if n := len(p.LeftOut); n > 0 {
		fmt.Fprintf(w, "%d left out: %s\n", n, leftOutReasons(p.LeftOut))
	}
}

func blockLabel(c engine.Candidate) string {
	name := c.Block.QualName
	if name == "" {
		name = c.Block.Name
	}
	loc := c.Block.Path
	if c.Block.StartLine > 0 {
		loc = fmt.Sprintf("%s:%d-%d", c.Block.Path, c.Block.StartLine, c.Block.EndLine)
	}
	if name == "" {
		return loc
	}
	return name + " (" + loc + ")"
}

// signalList prints each signal as name=value; a signal that adds
// nothing to the score but says why the block is there (a filler's
// "rest") by its name alone.
func signalList(ss []engine.Signal) string {
	parts := make([]string, 0, len(ss))
	for _, s := range ss {
		switch {
		case s.Value != 0:
			parts = append(parts, fmt.Sprintf("%s=%.2f", s.Name, s.Value))
		case s.Detail != "":
			parts = append(parts, s.Name)
		}
	}
	return strings.Join(parts, " ")
}

func leftOutReasons(lo []packing.LeftOut) string {
	count := map[string]int{}
	for _, l := range lo {
		count[l.Why.String()]++
	}
	return countList(count)
}

// keepContext is the last resort when --copy reached no clipboard and
// could not save the fallback file: the context is printed rather than
// lost (on stdout, or on stderr when stdout is a device such as /dev/null),
// unless --out already holds it; the command still fails, so a script
// notices.
func keepContext(stdout io.Writer, text string, wroteOut bool, err error) error {
	if wroteOut {
		return fmt.Errorf("%w; the context is in the --out file", err)
	}
	w, where := stdout, "stdout"
	if st, serr := os.Stdout.Stat(); stdout == io.Writer(os.Stdout) && serr == nil && st.Mode()&os.ModeDevice != 0 {
		w, where = os.Stderr, "stderr"
	}
	fmt.Fprint(w, text)
	return fmt.Errorf("%w; the context is printed on %s instead", err, where)
}

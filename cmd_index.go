package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/index"
)

func newIndexCmd(g *globalFlags) *cobra.Command {
	var maxFileSize int64
	var mf modelFlags
	cmd := &cobra.Command{
		Use:   "index [PATH]",
		Short: "Build or update the index of a repository",
		Long: "loupe index walks PATH (default --root, else the repository around the current\n" +
			"directory), honouring .gitignore, .git/info/exclude\n" +
			"and .loupeignore, chunks files into blocks and updates the index incrementally. The\n" +
			"index lives in the user cache directory unless --index-dir says otherwise; nothing is\n" +
			"written into the repository.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := g.root
			if len(args) == 1 {
				path = args[0]
			}
			if err := runIndex(cmd, path, g.indexDir, maxFileSize); err != nil {
				return err
			}
			return indexEmbeddings(cmd, path, g.indexDir, &mf)
		},
	}
	cmd.Flags().Int64Var(&maxFileSize, "max-file-size", DefaultConfig().MaxFileSize, "larger files are not indexed (bytes)")
	bindEmbedFlags(cmd.Flags(), &mf)
	return cmd
}

// Build GC settings: a cold build keeps a few hundred MB live (open batches,
// segments being built, merges) and allocates tens of GB in all; at the
// default GOGC (100) collecting took 10-20 % of its CPU. It collects at 5x
// the live heap, or sooner when the heap nears the soft limit. The process's
// RSS is that heap plus the pages of the segments scorch maps and merges,
// which grow with the index: with a 400 MiB limit Loki's build peaked at
// 506-516 MiB, with 360 MiB at 472-478 (the Go tree: 467-474 → 429-431),
// for CPU within the builds' noise (docs/BENCHMARKS.md). GOGC or GOMEMLIMIT
// set by the person win.
const (
	indexGCPercent  = 400
	indexSoftMemory = 360 << 20
)

func runIndex(cmd *cobra.Command, path, indexDir string, maxFileSize int64) error {
	// The heap every process starts with in huge pages (package hugeheap)
	// is about what an update with nothing to do allocates (the walk, the
	// manifest, git's index); a cold build allocates far more either way.
	setGC(indexGCPercent, indexSoftMemory)
	root, err := resolveRoot(path)
	if err != nil {
		return err
	}
	cfg, _, err := LoadConfig(root)
	if err != nil {
		return err
	}
	if cmd.Flags().Changed("max-file-size") {
		cfg.MaxFileSize = maxFileSize
	}
	opts, err := indexOptions(root, indexDir, cfg)
	if err != nil {
		return err
	}
	if err := opts.Validate(); err != nil {
		return usageError{err}
	}
	ix, err := index.OpenForUpdate(root, opts)
	if err != nil {
		return err
	}
	defer ix.Close()
	start := time.Now()
	st, err := ix.Update(cmd.Context(), stderrProgress(os.Stderr))
	if err != nil {
		return err
	}
	writeIndexReport(cmd.OutOrStdout(), root, st, time.Since(start))
	return nil
}

// writeIndexReport says what an update did, in a few lines.
func writeIndexReport(w io.Writer, root string, st index.UpdateStats, took time.Duration) {
	fmt.Fprintf(w, "indexed %s in %s\n", root, took.Round(time.Millisecond))
	fmt.Fprintf(w, "  files: %d added, %d changed, %d removed, %d unchanged\n", st.Added, st.Changed, st.Removed, st.Unchanged)
	fmt.Fprintf(w, "  blocks: %d · %.1f MB read\n", st.Blocks, float64(st.Bytes)/1e6)
	if st.Commits > 0 {
		fmt.Fprintf(w, "  commits: %d new\n", st.Commits)
	}
	if len(st.Skipped) > 0 {
		fmt.Fprintf(w, "  skipped: %s\n", skippedLine(st.Skipped))
	}
}

func skippedLine(m map[string]int) string { return countList(m) }

// countList formats counts as "3 binary, 12 generated", sorted by name.
func countList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", m[k], k)
	}
	return strings.Join(parts, ", ")
}

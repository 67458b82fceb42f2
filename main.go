// Command loupe finds, ranks and packs the right context for an LLM prompt.
//
// `loupe` in a repository opens the explorer (a terminal UI to curate the
// context live); `loupe pack "task"` prints the packed context for scripts;
// `loupe mcp` serves the same engine to agents over MCP (stdio); `loupe
// serve` keeps a repository open so that `loupe pack` answers from it;
// `loupe index` builds or updates the index; `loupe note` and `loupe
// premortem` keep the project's memory. Flags and environment variables are bound
// here and only here; every other package takes plain option structs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime/pprof"

	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/index/hugeheap"
)

func main() {
	hugeheap.Restore() // the collector, off during package initialisation
	quietLibraries()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	stopProfile := startProfile(os.Getenv("LOUPE_CPUPROFILE"))
	err := newRootCmd().ExecuteContext(ctx)
	stopProfile()
	stop()
	if err != nil {
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintln(os.Stderr, "loupe:", err)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "loupe:", err)
		os.Exit(1)
	}
}

// quietLibraries silences the standard logger, which loupe never uses
// and its libraries do: bleve's scorch logs a benign race of its own
// ("got err removing file: 00000000000b.zap … no such file or directory")
// while an index is built. On stderr that line reached scripts as noise
// and, under the explorer, the terminal Bubble Tea draws on. The explorer
// sends it to its debug log when LOUPE_DEBUG names one (cmd_explore.go).
func quietLibraries() { log.SetOutput(io.Discard) }

// startProfile writes a CPU profile of the whole run to path (when set), for
// `go tool pprof`: LOUPE_CPUPROFILE=/tmp/cpu.out loupe pack "…".
func startProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loupe: cpu profile:", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, "loupe: cpu profile:", err)
		f.Close()
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// usageError marks a mistake in the command line (exit status 2).
type usageError struct{ error }

// globalFlags are the flags every command shares.
type globalFlags struct {
	root     string
	indexDir string
}

func newRootCmd() *cobra.Command {
	g := &globalFlags{}
	root := &cobra.Command{
		Use:   "loupe [QUERY]",
		Short: "Find, rank and pack the right context for an LLM prompt",
		Long: "loupe indexes a repository, retrieves and ranks blocks (code, docs, changes,\n" +
			"diagnostics, commits, notes, tests) for what you are about to work on, and packs\n" +
			"the best of them under a token budget. In a terminal it opens the explorer.",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().StringVar(&g.root, "root", "", "repository root (default: the nearest directory upward with .git or .loupe.toml, else the current one)")
	root.PersistentFlags().StringVar(&g.indexDir, "index-dir", os.Getenv("LOUPE_INDEX_DIR"),
		"index directory (default: the user cache dir; env LOUPE_INDEX_DIR)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	addExploreFlags(root, g)
	root.AddCommand(newIndexCmd(g), newPackCmd(g), newMCPCmd(g), newNoteCmd(g), newPremortemCmd(g))
	root.AddCommand(newTrustCmd(g), newServeCmd(g))
	finishRootCmd(root)
	return root
}

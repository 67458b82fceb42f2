package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/BurntSushi/toml"
	"github.com/spf13/cobra"
)

func newTrustCmd(g *globalFlags) *cobra.Command {
	var revoke, list bool
	cmd := &cobra.Command{
		Use:   "trust",
		Short: "Let this repository's .loupe.toml choose programs (diagnostics_cmd, …)",
		Long: "A repository's .loupe.toml may set keys that run a program (diagnostics_cmd), move\n" +
			"the index (index_dir) or read secret files (secret_files). loupe ignores them until\n" +
			"you trust that exact file: `loupe trust` records the root and a hash of .loupe.toml\n" +
			"in your config directory. Editing the file needs trusting again. --revoke forgets it.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if list {
				return listTrusted(cmd.OutOrStdout())
			}
			root, err := resolveRoot(g.root)
			if err != nil {
				return usageError{err}
			}
			if revoke {
				return revokeTrust(cmd.OutOrStdout(), root)
			}
			return trustRoot(cmd.OutOrStdout(), root)
		},
	}
	cmd.Flags().BoolVar(&revoke, "revoke", false, "forget the trust given to this repository")
	cmd.Flags().BoolVar(&list, "list", false, "list the trusted repositories")
	return cmd
}

// trustRoot records root's .loupe.toml as trusted and shows what it sets.
func trustRoot(w io.Writer, root string) error {
	b, sum, err := repoConfig(root)
	if err != nil {
		return err
	}
	if b == nil {
		return fmt.Errorf("%s has no %s: nothing to trust", root, repoConfigName)
	}
	var probe Config
	md, err := toml.Decode(string(b), &probe)
	if err != nil {
		return fmt.Errorf("config %s: %w", filepath.Join(root, repoConfigName), err)
	}
	ts, err := loadTrust()
	if err != nil {
		return err
	}
	ts.Roots[trustKey(root)] = sum
	if err := ts.save(); err != nil {
		return err
	}
	fmt.Fprintf(w, "trusted %s (sha256 %s)\n", filepath.Join(root, repoConfigName), sum[:12])
	for _, k := range programKeys {
		if keyDefined(md)(k.name) {
			fmt.Fprintf(w, "  %s = %v\n", k.name, k.value(probe))
		}
	}
	return nil
}

func revokeTrust(w io.Writer, root string) error {
	ts, err := loadTrust()
	if err != nil {
		return err
	}
	key := trustKey(root)
	if _, ok := ts.Roots[key]; !ok {
		fmt.Fprintf(w, "%s was not trusted\n", root)
		return nil
	}
	delete(ts.Roots, key)
	if err := ts.save(); err != nil {
		return err
	}
	fmt.Fprintf(w, "revoked trust in %s\n", root)
	return nil
}

func listTrusted(w io.Writer) error {
	ts, err := loadTrust()
	if err != nil {
		return err
	}
	roots := make([]string, 0, len(ts.Roots))
	for r := range ts.Roots {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, r := range roots {
		fmt.Fprintf(w, "%s  %s\n", r, ts.Roots[r][:min(12, len(ts.Roots[r]))])
	}
	return nil
}

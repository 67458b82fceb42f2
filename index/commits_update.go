package index

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/loupe-dev/loupe/index/gitrun"
)

// updateCommits indexes the commits made since the last Update. Outside
// git, or in a repository without commits, it does nothing.
func (ix *Index) updateCommits(ctx context.Context, stats *UpdateStats, report func(Progress)) error {
	if ix.opts.NoCommits || !MaybeInWorkTree(ix.root) {
		return nil
	}
	head, err := gitrun.Head(ctx, ix.root)
	if err != nil {
		return nil // not a repository, or no commits yet
	}
	ix.mu.Lock()
	ci := ix.commits
	if ci == nil {
		ci = openCommitIndex(ix.dir, ix.opts)
		ix.commits = ci
	}
	ix.mu.Unlock()
	ci.mu.Lock()
	defer ci.mu.Unlock()
	shallow := shallowStamp(ix.root)
	if shallow != ci.shallow {
		ci.setHead("", "") // the history's cuts moved: read it all again
	}
	if ci.head == head {
		if ci.tree == "" { // written by a loupe that did not keep trees
			if tree := treeOf(ctx, ix.root, head); tree != "" {
				ci.setHead(head, tree)
				return ci.writeHeadTree(ix.dir)
			}
		}
		return nil
	}
	report(Progress{Phase: PhaseCommits})
	n, err := ci.index(ctx, ix.dir, ix.root, head, shallow)
	stats.Commits = n
	return err
}

// shallowStamp names the state of the repository's shallow file (git's
// list of the commits where a shallow clone's history stops): "none"
// without one, its size and time otherwise, "" when the
// repository's git directory is not found.
func shallowStamp(root string) string {
	p := gitrun.ShallowFile(root)
	if p == "" {
		return ""
	}
	st, err := os.Lstat(p)
	if err != nil {
		return "none"
	}
	return statStamp(st)
}

// index reads new commits from git, writes them to the live commits index
// and publishes a snapshot for readers; the caller holds ci.mu.
func (ci *commitIndex) index(ctx context.Context, dir, root, head, shallow string) (int, error) {
	rangeArg, fresh := head, ci.head == ""
	if !fresh {
		if _, err := git(ctx, root, "merge-base", "--is-ancestor", ci.head, head); err == nil {
			rangeArg = ci.head + ".." + head
		} else {
			fresh = true // history rewritten: start over
		}
	}
	out, err := git(ctx, root, "log", "-z", "--no-renames", "--numstat", "--relative",
		"--max-count="+strconv.Itoa(MaxCommits),
		"--format=%x1e%H%x00%T%x00%P%x00%an%x00%ae%x00%at%x00%s%x00%b%x00", rangeArg, "--", ".")
	if err != nil {
		return 0, err
	}
	commits, trees := parseGitLog(out)
	markCuts(ctx, root, commits)
	live := filepath.Join(dir, commitsDir, "bleve")
	if fresh {
		os.RemoveAll(live)
		ci.count, ci.newest = 0, 0
		ci.decoded = nil // a commit read again may be a cut no more
	}
	bi, err := openCommitWriter(live)
	if err != nil {
		return 0, err
	}
	werr := writeCommits(bi, commits)
	if err := errors.Join(werr, bi.Close()); err != nil {
		return 0, err
	}
	next := &commitIndex{head: head, shallow: shallow, count: ci.count + len(commits), newest: ci.newest, gen: ci.gen + 1}
	if len(commits) > 0 && commits[0].SHA == head {
		next.tree = trees[0]
	} else {
		next.tree = treeOf(ctx, root, head) // HEAD changed nothing below the root
	}
	for _, c := range commits {
		next.newest = max(next.newest, c.Time)
	}
	snap := next.snapshot(dir)
	if err := publishSnapshot(live, snap); err != nil {
		return 0, err
	}
	if err := errors.Join(next.writeHead(dir), next.writeHeadTree(dir), writeHistoryStamps(dir, shallow)); err != nil {
		return 0, err
	}
	ro, err := openSafe(snap, map[string]any{"read_only": true, "bolt_timeout": boltTimeout})
	if err != nil {
		return 0, fmt.Errorf("index: open commits snapshot: %w", err)
	}
	if ci.bi != nil {
		ci.bi.Close()
	}
	ci.bi, ci.count, ci.newest, ci.gen, ci.shallow = ro, next.count, next.newest, next.gen, shallow
	ci.setHead(next.head, next.tree)
	pruneSnapshots(filepath.Join(dir, commitsDir, snapshotsDir), snap)
	return len(commits), nil
}

// treeOf asks git for a commit's tree; "" when git cannot say.
func treeOf(ctx context.Context, root, commit string) string {
	out, err := git(ctx, root, "rev-parse", "--verify", "-q", commit+"^{tree}")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func openCommitWriter(path string) (bleve.Index, error) {
	cfg := map[string]any{"bolt_timeout": boltTimeout}
	bi, err := openSafe(path, cfg)
	if err == nil {
		return bi, nil
	}
	os.RemoveAll(path)
	bi, err = bleve.NewUsing(path, commitMapping(), scorch.Name, scorch.Name, cfg)
	if err != nil {
		return nil, fmt.Errorf("index: create commits index: %w", err)
	}
	return bi, nil
}

func writeCommits(bi bleve.Index, commits []Commit) error {
	b := bi.NewBatch()
	for _, c := range commits {
		doc := commitDoc{Subject: c.Subject, Body: c.Body, Author: c.Author + " " + c.Email,
			Files: strings.Join(c.Files, " "), SHA: c.SHA, Blob: string(encodeCommit(c))}
		if err := b.Index(c.SHA, doc); err != nil {
			return fmt.Errorf("index: commit %s: %w", c.SHA, err)
		}
		if b.Size() >= batchSize {
			if err := bi.Batch(b); err != nil {
				return fmt.Errorf("index: write commits: %w", err)
			}
			b.Reset()
		}
	}
	if err := bi.Batch(b); err != nil {
		return fmt.Errorf("index: write commits: %w", err)
	}
	return nil
}

func (ci *commitIndex) writeHead(dir string) error {
	p := filepath.Join(dir, commitsDir, commitsHead)
	data := fmt.Sprintf("%s %d %d %d\n", ci.head, ci.count, ci.newest, ci.gen)
	if err := replaceFile(p, data); err != nil {
		return fmt.Errorf("index: write commits head: %w", err)
	}
	return nil
}

// writeHeadTree records head's tree, when known.
func (ci *commitIndex) writeHeadTree(dir string) error {
	if ci.tree == "" {
		return nil
	}
	if err := replaceFile(filepath.Join(dir, commitsDir, headTree), ci.head+" "+ci.tree+"\n"); err != nil {
		return fmt.Errorf("index: write commits head tree: %w", err)
	}
	return nil
}

// writeHistoryStamps records what the history was read with: the format
// of the commit records, and the shallow file's stamp.
func writeHistoryStamps(dir, shallow string) error {
	err := errors.Join(replaceFile(filepath.Join(dir, commitsDir, commitsFormatFile), commitsFormat+"\n"),
		replaceFile(filepath.Join(dir, commitsDir, commitsShallow), shallow+"\n"))
	if err != nil {
		return fmt.Errorf("index: write commits stamps: %w", err)
	}
	return nil
}

// replaceFile writes data to path through a temporary file renamed over it.
func replaceFile(path, data string) error {
	if err := os.WriteFile(path+".tmp", []byte(data), 0o644); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// parseGitLog parses `git log -z --numstat` output in the format above:
// records start with 0x1e; eight NUL-terminated fields, then NUL-terminated
// "added<TAB>deleted<TAB>path" lines ("-" counts for binary files). The
// commits' trees come apart, one per commit: only HEAD's is kept. A
// commit git lists without parents is First (markCuts tells the cuts of
// a shallow clone apart).
func parseGitLog(out []byte) (commits []Commit, trees []string) {
	for _, rec := range bytes.Split(out, []byte{0x1e}) {
		f := bytes.SplitN(rec, []byte{0}, 9)
		if len(f) < 9 {
			continue
		}
		at, _ := strconv.ParseInt(string(f[5]), 10, 64)
		c := Commit{SHA: string(f[0]), Author: string(f[3]), Email: string(f[4]), Time: at,
			Subject: string(f[6]), Body: strings.TrimSpace(string(f[7])), First: len(bytes.TrimSpace(f[2])) == 0}
		trees = append(trees, string(f[1]))
		for _, line := range bytes.Split(f[8], []byte{0}) {
			parts := strings.SplitN(strings.TrimLeft(string(line), "\n"), "\t", 3)
			if len(parts) != 3 {
				continue
			}
			a, _ := strconv.Atoi(parts[0])
			d, _ := strconv.Atoi(parts[1])
			c.Added += a
			c.Deleted += d
			c.Files = append(c.Files, parts[2])
		}
		commits = append(commits, c)
	}
	return commits, trees
}

// maxCutChecks bounds the parentless commits markCuts asks git about: a
// history has one first commit, a shallow clone one cut per branch
// fetched; past the bound a parentless commit counts as a cut, which
// claims nothing about what it changed.
const maxCutChecks = 32

// markCuts tells the cuts of a shallow clone from the first commits
// among the parentless commits. git log lists a cut without its parent
// (the shallow file hides it), but the commit object still names it:
// `git cat-file commit` prints the object as stored. A cut's file list
// and counts, git's diff against nothing, are every file it has, not
// what it changed: they are dropped.
func markCuts(ctx context.Context, root string, commits []Commit) {
	checked := 0
	for i := range commits {
		c := &commits[i]
		if !c.First {
			continue
		}
		cut := checked >= maxCutChecks
		if !cut {
			checked++
			cut = namesParent(ctx, root, c.SHA)
		}
		if cut {
			c.First, c.Cut = false, true
			c.Files, c.Added, c.Deleted = nil, 0, 0
		}
	}
}

// namesParent reports whether the commit object sha, as stored, names a
// parent; false when git cannot say.
func namesParent(ctx context.Context, root, sha string) bool {
	out, err := gitrun.RunLimit(ctx, root, maxCommitHeader, "cat-file", "commit", sha)
	if err != nil {
		return false
	}
	header, _, _ := bytes.Cut(out, []byte("\n\n"))
	return bytes.Contains(append([]byte("\n"), header...), []byte("\nparent "))
}

// maxCommitHeader bounds what namesParent reads of a commit: its header
// (tree, parents, author, committer, perhaps a signature) comes first.
const maxCommitHeader = 64 << 10

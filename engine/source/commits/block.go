package commits

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
)

// gitParallel bounds the git show processes running at once.
const gitParallel = 3

// fileStat is one file's line counts in a commit.
type fileStat struct {
	path           string
	added, deleted int
	noCounts       bool // binary, or git could not say
}

// blocks builds a candidate per ranked commit, asking git for per-file
// stats and the touched files' hunks, a few commits at a time. A commit
// git cannot show (gone after a rebase) keeps the indexed file list.
func (s *Source) blocks(ctx context.Context, list []ranked) ([]engine.Candidate, error) {
	out := make([]engine.Candidate, len(list))
	sem := make(chan struct{}, gitParallel)
	var wg sync.WaitGroup
	for i, r := range list {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			stats := s.stats(ctx, r.commit)
			diff := s.diff(ctx, r.commit.SHA, r.touched)
			out[i] = s.candidate(r, stats, diff)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// showArgs make git show print a commit's changes against its first
// parent, parseably, paths relative to the root.
func showArgs(sha string, extra ...string) []string {
	args := []string{"show", "--format=", "--diff-merges=first-parent", "--no-renames", "--relative", "--no-color", "--no-ext-diff"}
	return append(append(args, extra...), sha)
}

func (s *Source) stats(ctx context.Context, c index.Commit) []fileStat {
	out, err := changes.Git(ctx, s.opts.Root, showArgs(c.SHA, "--numstat")...)
	if err != nil {
		list := make([]fileStat, 0, len(c.Files))
		for _, f := range c.Files {
			list = append(list, fileStat{path: f, noCounts: true})
		}
		return list
	}
	var list []fileStat
	for _, line := range strings.Split(out, "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 {
			continue
		}
		a, errA := strconv.Atoi(f[0])
		d, errD := strconv.Atoi(f[1])
		list = append(list, fileStat{path: f[2], added: a, deleted: d, noCounts: errA != nil || errD != nil})
	}
	return list
}

// diff is the hunks of files in the commit, at most MaxDiffLines lines.
func (s *Source) diff(ctx context.Context, sha string, files []string) string {
	if len(files) == 0 {
		return ""
	}
	args := append(showArgs(sha, "-U3", "--src-prefix=a/", "--dst-prefix=b/"), "--")
	out, err := changes.Git(ctx, s.opts.Root, append(args, files...)...)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, fd := range changes.ParseDiff(out) {
		b.WriteString("--- " + fd.Path() + "\n")
		for _, h := range fd.Hunks {
			b.WriteString(h.Text())
		}
	}
	return trimLines(b.String(), s.opts.MaxDiffLines)
}

func (s *Source) candidate(r ranked, stats []fileStat, diff string) engine.Candidate {
	c := r.commit
	sha7 := c.SHA[:min(7, len(c.SHA))]
	when := time.Unix(c.Time, 0).UTC()
	reason := "commit " + sha7 + ": " + c.Subject
	if len(r.touched) > 0 {
		reason += " · changed " + strings.Join(r.touched, ", ")
	}
	return engine.Candidate{
		ID:     "commits:" + c.SHA,
		Source: engine.SourceCommits,
		Block: index.Block{
			ID: "commit:" + c.SHA, Kind: index.KindCommit, Lang: "text",
			Name: sha7, Doc: c.Subject,
		},
		Text:    s.text(c, stats, diff),
		Score:   r.score,
		Signals: r.signals,
		Reason:  reason,
		Meta: map[string]string{
			"sha": c.SHA, "author": c.Author, "date": when.Format("2006-01-02"),
			"age": ageText(s.opts.Now(), c.Time),
		},
	}
}

// text is the commit as a model reads it: header, message, files, hunks.
func (s *Source) text(c index.Commit, stats []fileStat, diff string) string {
	var b strings.Builder
	sha7 := c.SHA[:min(7, len(c.SHA))]
	when := time.Unix(c.Time, 0).UTC()
	fmt.Fprintf(&b, "commit %s · %s · %s (%s)\n\n", sha7, author(c), when.Format("2006-01-02 15:04 UTC"), ageText(s.opts.Now(), c.Time))
	b.WriteString(c.Subject + "\n")
	if body := strings.TrimSpace(c.Body); body != "" {
		b.WriteString("\n" + body + "\n")
	}
	b.WriteString("\n" + filesText(c, stats, s.opts.MaxFiles))
	if diff != "" {
		b.WriteString("\n" + diff)
	}
	return b.String()
}

func author(c index.Commit) string {
	if c.Email == "" {
		return c.Author
	}
	return c.Author + " <" + c.Email + ">"
}

// filesText lists the changed files with their stats, at most max of them.
func filesText(c index.Commit, stats []fileStat, max int) string {
	var b strings.Builder
	added, deleted := c.Added, c.Deleted
	if added == 0 && deleted == 0 {
		for _, f := range stats {
			added, deleted = added+f.added, deleted+f.deleted
		}
	}
	fmt.Fprintf(&b, "%d files changed, +%d −%d\n", len(stats), added, deleted)
	for i, f := range stats {
		if i == max {
			fmt.Fprintf(&b, "  … %d more\n", len(stats)-max)
			break
		}
		if f.noCounts {
			fmt.Fprintf(&b, "  %s\n", f.path)
		} else {
			fmt.Fprintf(&b, "  %s  +%d −%d\n", f.path, f.added, f.deleted)
		}
	}
	return b.String()
}

func ageText(now time.Time, unix int64) string {
	return changes.Age(now, time.Unix(unix, 0))
}

// trimLines keeps the first n lines of text and says how many it dropped.
func trimLines(text string, n int) string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) <= n {
		return text
	}
	return strings.Join(lines[:n], "") + "… " + strconv.Itoa(len(lines)-n) + " more diff lines\n"
}

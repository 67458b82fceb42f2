package commits

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
)

// fileStat is one file's line counts in a commit.
type fileStat struct {
	path           string
	added, deleted int
	noCounts       bool // binary, or git could not say
}

// blocks builds a candidate per ranked commit. Two git processes serve
// all of them, in parallel: one for the per-file stats, one for the hunks
// of the top files they touched; both answers are cached, since a commit
// never changes. When git cannot show a commit (gone after a rebase) the
// indexed file list stands in for the stats.
func (s *Source) blocks(ctx context.Context, list []ranked) ([]engine.Candidate, error) {
	var needStats, needDiffs, files []string
	for _, r := range list {
		if _, ok := s.cache.stats(r.commit.SHA); !ok {
			needStats = append(needStats, r.commit.SHA)
		}
		if _, ok := s.cache.diff(diffKey(r)); !ok && len(r.touched) > 0 {
			needDiffs = append(needDiffs, r.commit.SHA)
			files = append(files, r.touched...)
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	var stats map[string][]fileStat
	var diffs map[string]string
	var wg sync.WaitGroup
	wg.Go(func() { stats = s.stats(ctx, needStats) })
	wg.Go(func() { diffs = s.diffs(ctx, needDiffs, files) })
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]engine.Candidate, 0, len(list))
	for _, r := range list {
		out = append(out, s.candidate(r, s.statsOf(r, stats), s.diffOf(r, diffs, needDiffs)))
	}
	return out, nil
}

// statsOf is r's stats from git's fresh answer or the cache, else the
// indexed file list (not cached: git may answer next time).
func (s *Source) statsOf(r ranked, fresh map[string][]fileStat) []fileStat {
	if st, ok := fresh[r.commit.SHA]; ok {
		s.cache.putStats(r.commit.SHA, st)
		return st
	}
	if st, ok := s.cache.stats(r.commit.SHA); ok {
		return st
	}
	return indexedFiles(r.commit)
}

func (s *Source) diffOf(r ranked, fresh map[string]string, asked []string) string {
	if d, ok := s.cache.diff(diffKey(r)); ok {
		return d
	}
	if fresh == nil || !slices.Contains(asked, r.commit.SHA) {
		return "" // git failed: try again next time
	}
	d := fresh[r.commit.SHA]
	s.cache.putDiff(diffKey(r), d)
	return d
}

func diffKey(r ranked) string {
	return r.commit.SHA + "\x00" + strings.Join(r.touched, "\x00")
}

// showArgs make git show print each commit's changes against its first
// parent, parseably, paths relative to the root, each commit after a
// record separator and its full sha.
func showArgs(shas []string, extra ...string) []string {
	args := []string{"show", "--format=" + recordSep + "%H", "--diff-merges=first-parent", "--no-renames", "--relative", "--no-color", "--no-ext-diff"}
	return append(append(args, extra...), shas...)
}

const recordSep = "\x1e"

// records splits git show output into the text of each commit by sha.
func records(out string) map[string]string {
	recs := map[string]string{}
	for _, rec := range strings.Split(out, recordSep) {
		sha, body, _ := strings.Cut(rec, "\n")
		if sha = strings.TrimSpace(sha); sha != "" {
			recs[sha] = body
		}
	}
	return recs
}

func (s *Source) stats(ctx context.Context, shas []string) map[string][]fileStat {
	if len(shas) == 0 {
		return nil
	}
	out, err := changes.Git(ctx, s.opts.Root, showArgs(shas, "--numstat")...)
	if err != nil {
		return nil
	}
	all := map[string][]fileStat{}
	for sha, body := range records(out) {
		list := []fileStat{}
		for _, line := range strings.Split(body, "\n") {
			f := strings.SplitN(line, "\t", 3)
			if len(f) != 3 {
				continue
			}
			a, errA := strconv.Atoi(f[0])
			d, errD := strconv.Atoi(f[1])
			list = append(list, fileStat{path: f[2], added: a, deleted: d, noCounts: errA != nil || errD != nil})
		}
		all[sha] = list
	}
	return all
}

func indexedFiles(c index.Commit) []fileStat {
	list := make([]fileStat, 0, len(c.Files))
	for _, f := range c.Files {
		list = append(list, fileStat{path: f, noCounts: true})
	}
	return list
}

// diffs is, per commit, the hunks it made to files, at most MaxDiffLines
// lines each.
func (s *Source) diffs(ctx context.Context, shas, files []string) map[string]string {
	if len(files) == 0 || len(shas) == 0 {
		return nil
	}
	args := append(showArgs(shas, "-U3", "--src-prefix=a/", "--dst-prefix=b/"), "--")
	out, err := changes.Git(ctx, s.opts.Root, append(args, files...)...)
	if err != nil {
		return nil
	}
	all := map[string]string{}
	for _, sha := range shas {
		all[sha] = "" // shown, touching none of files
	}
	for sha, body := range records(out) {
		var b strings.Builder
		for _, fd := range changes.ParseDiff(body) {
			b.WriteString("--- " + fd.Path() + "\n")
			for _, h := range fd.Hunks {
				b.WriteString(h.Text())
			}
		}
		if b.Len() > 0 {
			all[sha] = trimLines(b.String(), s.opts.MaxDiffLines)
		}
	}
	return all
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

package commits

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/source/changes"
	"github.com/loupe-dev/loupe/index"
)

// shown is what git show said about the top files one commit touched.
type shown struct {
	text  string            // their hunks, at most MaxDiffLines lines
	stats map[string][2]int // lines added and deleted per file
}

// blocks builds a candidate per ranked commit. One git process serves all
// of them: the hunks of the top files each touched (the file list and the
// totals come from the index; per-file counts of every file would cost
// git a diff of each, which is most of the time on big commits). What git
// said is cached: a commit never changes. When git cannot show a commit
// (gone after a rebase) the block has the indexed files only.
func (s *Source) blocks(ctx context.Context, list []ranked) ([]engine.Candidate, error) {
	var need, files []string
	for _, r := range list {
		if _, ok := s.cache.get(diffKey(r)); !ok && len(r.touched) > 0 {
			need = append(need, r.commit.SHA)
			files = append(files, r.touched...)
		}
	}
	slices.Sort(files)
	files = slices.Compact(files)
	fresh := s.show(ctx, need, files)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]engine.Candidate, 0, len(list))
	for _, r := range list {
		sh, ok := s.cache.get(diffKey(r))
		if !ok && fresh != nil && slices.Contains(need, r.commit.SHA) {
			sh = fresh[r.commit.SHA] // empty when git showed nothing for it
			s.cache.put(diffKey(r), sh)
		}
		out = append(out, s.candidate(r, sh))
	}
	return out, nil
}

func diffKey(r ranked) string {
	return r.commit.SHA + "\x00" + strings.Join(r.touched, "\x00")
}

const recordSep = "\x1e"

// show runs one git show for the commits shas restricted to files, and
// returns each commit's hunks and per-file counts; nil when git fails.
func (s *Source) show(ctx context.Context, shas, files []string) map[string]shown {
	if !s.opts.SecretFiles {
		files = slices.DeleteFunc(slices.Clone(files), index.SecretFile)
	}
	if len(shas) == 0 || len(files) == 0 {
		return nil
	}
	args := []string{"show", "--format=" + recordSep + "%H", "--diff-merges=first-parent", "--no-renames", "--relative",
		"--no-color", "--no-ext-diff", "-U3", "--src-prefix=a/", "--dst-prefix=b/"}
	args = append(append(append(args, shas...), "--"), files...)
	out, err := changes.Git(ctx, s.opts.Root, args...)
	if err != nil {
		return nil
	}
	all := map[string]shown{}
	for _, rec := range strings.Split(out, recordSep) {
		sha, body, _ := strings.Cut(rec, "\n")
		if sha = strings.TrimSpace(sha); sha != "" {
			all[sha] = s.parseShown(body)
		}
	}
	return all
}

// parseShown reads one commit's part of git show: every file's counts,
// and its hunks as text cut at MaxDiffLines lines. The text is written
// only up to the cut (a commit that adds whole files, a vendor update,
// shows thousands of lines and keeps 60), with the lines past it counted.
func (s *Source) parseShown(body string) shown {
	sh := shown{stats: map[string][2]int{}}
	w := cappedLines{max: s.opts.MaxDiffLines}
	for _, fd := range changes.ParseDiff(body) {
		w.add("--- " + fd.Path() + "\n")
		var added, deleted int
		for _, h := range fd.Hunks {
			w.add(h.Header() + "\n")
			for _, l := range h.Lines {
				w.addLine(l)
			}
			added, deleted = added+h.Added, deleted+h.Deleted
		}
		if !fd.Binary {
			// A copy of the path: a piece of git's output would keep all
			// of it, every file's whole text when a commit adds files,
			// alive in the cache (7 MB on the Go tree after 40 questions).
			sh.stats[strings.Clone(fd.Path())] = [2]int{added, deleted}
		}
	}
	sh.text = w.text("diff")
	return sh
}

// cappedLines keeps the first max lines of a text written piece by
// piece and counts the rest: a commit's diff, written hunk by hunk, is
// never rendered past its cut, and trimLines is the same cut of a text
// written at once.
type cappedLines struct {
	b          strings.Builder
	max, lines int
}

// add writes s, whole lines; the last may lack its newline, and then it
// is the text's last line.
func (c *cappedLines) add(s string) {
	for s != "" {
		if c.lines >= c.max {
			c.lines += strings.Count(s, "\n")
			if !strings.HasSuffix(s, "\n") {
				c.lines++
			}
			return
		}
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			i = len(s) - 1
		}
		c.b.WriteString(s[:i+1])
		c.lines++
		s = s[i+1:]
	}
}

// addLine writes l, which holds no newline, and one.
func (c *cappedLines) addLine(l string) {
	if c.lines < c.max {
		c.b.WriteString(l)
		c.b.WriteByte('\n')
	}
	c.lines++
}

func (c *cappedLines) text(what string) string {
	if c.lines <= c.max {
		return c.b.String()
	}
	return c.b.String() + "… " + strconv.Itoa(c.lines-c.max) + " more " + what + " lines\n"
}

func (s *Source) candidate(r ranked, sh shown) engine.Candidate {
	c := r.commit
	sha7 := c.SHA[:min(7, len(c.SHA))]
	when := time.Unix(c.Time, 0).UTC()
	reason := "commit " + sha7 + ": " + clip(c.Subject, maxReasonSubject)
	if len(r.touched) > 0 {
		reason += " · changed " + strings.Join(r.touched[:min(len(r.touched), maxReasonFiles)], ", ")
		if len(r.touched) > maxReasonFiles {
			reason += ", …"
		}
	}
	return engine.Candidate{
		ID:     "commits:" + c.SHA,
		Source: engine.SourceCommits,
		Block: index.Block{
			ID: "commit:" + c.SHA, Kind: index.KindCommit, Lang: "text",
			Name: sha7, Doc: c.Subject,
		},
		Text:    s.text(c, sh),
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
func (s *Source) text(c index.Commit, sh shown) string {
	var b strings.Builder
	sha7 := c.SHA[:min(7, len(c.SHA))]
	when := time.Unix(c.Time, 0).UTC()
	fmt.Fprintf(&b, "commit %s · %s · %s (%s)\n\n", sha7, author(c), when.Format("2006-01-02 15:04 UTC"), ageText(s.opts.Now(), c.Time))
	b.WriteString(c.Subject + "\n")
	if body := strings.TrimSpace(c.Body); body != "" {
		b.WriteString("\n" + trimLines(body+"\n", maxBodyLines, "body"))
	}
	b.WriteString("\n" + filesText(c, sh.stats, s.opts.MaxFiles))
	if sh.text != "" {
		b.WriteString("\n" + sh.text)
	}
	return b.String()
}

func author(c index.Commit) string {
	if c.Email == "" {
		return c.Author
	}
	return c.Author + " <" + c.Email + ">"
}

// filesText lists the changed files, those with counts (the top files
// git showed) first, at most limit of them. A first commit adds every
// file it has; a shallow clone's cut says nothing it does not know.
func filesText(c index.Commit, stats map[string][2]int, limit int) string {
	var b strings.Builder
	switch {
	case c.Cut:
		return "the history of this shallow clone stops here: what this commit changed is unknown\n"
	case c.First:
		fmt.Fprintf(&b, "the first commit: %d %s added, +%d\n", len(c.Files), plural(len(c.Files), "file"), c.Added)
	default:
		fmt.Fprintf(&b, "%d %s changed, +%d −%d\n", len(c.Files), plural(len(c.Files), "file"), c.Added, c.Deleted)
	}
	n := 0
	// The files with counts in their order, then the others: a vendor
	// update lists thousands, and only the first limit are printed.
	for _, counted := range []bool{true, false} {
		for _, f := range c.Files {
			st, ok := stats[f]
			if ok != counted {
				continue
			}
			if n == limit {
				fmt.Fprintf(&b, "  … %d more\n", len(c.Files)-limit)
				return b.String()
			}
			n++
			if ok {
				fmt.Fprintf(&b, "  %s  +%d −%d\n", f, st[0], st[1])
			} else {
				fmt.Fprintf(&b, "  %s\n", f)
			}
		}
	}
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Bounds of the text quoted from a commit.
const (
	maxBodyLines     = 20
	maxReasonSubject = 60
	maxReasonFiles   = 3
)

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func ageText(now time.Time, unix int64) string {
	return changes.Age(now, time.Unix(unix, 0))
}

// trimLines keeps the first n lines of text and says how many more lines
// of what it dropped.
func trimLines(text string, n int, what string) string {
	c := cappedLines{max: n}
	c.add(text)
	return c.text(what)
}

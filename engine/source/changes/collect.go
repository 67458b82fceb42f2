package changes

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Statuses of a change, as Meta["status"] says.
const (
	StatusStaged    = "staged"
	StatusUnstaged  = "unstaged"
	StatusUntracked = "untracked"
	StatusCommitted = "committed"
)

// change is one block of work in progress before ranking.
type change struct {
	status     string
	path       string
	lang       string
	name       string
	start, end int
	text       string
	when       time.Time
	sha        string // committed only
	subject    string // committed only
}

// diffFlags make diffs parseable whatever the configuration: a/ and b/
// prefixes, no external diff drivers, paths relative to the root.
func diffFlags() []string {
	return []string{"--no-color", "--no-ext-diff", "--no-textconv", "-U3", "--relative", "--src-prefix=a/", "--dst-prefix=b/"}
}

// collect asks git, in parallel, for the staged and unstaged diffs, the
// untracked files and the recent commits of the work tree at root; the
// unstaged and untracked jobs share one view of the tree from a walk when
// tree gives one (walkedView), read once. Outside a work tree every
// command fails with ErrNotRepository, and so does collect (no separate
// check: one process less on every query).
func collect(ctx context.Context, root string, commits int, since time.Time, tree TreeFunc, headTree func() (string, string)) ([]change, error) {
	gix := sync.OnceValues(func() (gitIndex, error) { return readGitIndex(root) })
	view := sync.OnceValues(func() (treeView, bool) { return walkedView(ctx, tree, gix) })
	jobs := []func() ([]change, error){
		func() ([]change, error) { return stagedChanges(ctx, root, headTree, gix) },
		func() ([]change, error) { return unstagedChanges(ctx, root, view) },
		func() ([]change, error) { return untrackedChanges(ctx, root, view) },
		func() ([]change, error) { return committed(ctx, root, commits, since) },
	}
	results := make([][]change, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Go(func() { results[i], errs[i] = job() })
	}
	wg.Wait()
	var all []change
	own := loadOwn(root)
	for i, r := range results {
		if errors.Is(errs[i], ErrNotRepository) {
			return nil, ErrNotRepository
		}
		if errors.Is(errs[i], ErrRefused) {
			return nil, errs[i] // the same for every command: said once
		}
		for _, c := range r {
			if !own.has(c.path) {
				all = append(all, c)
			}
		}
	}
	return all, errors.Join(errs...)
}

// stagedChanges is the staged diff, none without a process when git's
// index says so (nothingStaged).
func stagedChanges(ctx context.Context, root string, headTree func() (string, string), gix func() (gitIndex, error)) ([]change, error) {
	if nothingStaged(root, headTree, gix) {
		return nil, nil
	}
	return diffChanges(ctx, root, StatusStaged, "--cached")
}

// diffChanges turns git diff (extra args: --cached for the staged side)
// into one change per hunk, aged by the file's modification time.
func diffChanges(ctx context.Context, root, status string, extra ...string) ([]change, error) {
	args := append(append([]string{"diff"}, diffFlags()...), extra...)
	out, err := Git(ctx, root, args...)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var list []change
	for _, f := range ParseDiff(out) {
		when := modTime(r, f.Path())
		for _, h := range f.Hunks {
			list = append(list, hunkChange(status, f.Path(), h, when))
		}
	}
	return list, nil
}

// maxHunkLines bounds the text of one uncommitted hunk (a file rewritten
// whole is one hunk); the range then ends at the last new line shown.
const maxHunkLines = 200

func hunkChange(status, p string, h Hunk, when time.Time) change {
	start, end := h.NewRange()
	text := h.Text()
	if len(h.Lines) >= maxHunkLines {
		var newLines int
		text, newLines, _ = cutHunk(h, maxHunkLines)
		end = start + max(newLines, 1) - 1
	}
	name := h.Section
	if name == "" {
		name = path.Base(p)
	}
	return change{status: status, path: p, lang: "diff", name: name, start: start, end: end, text: text, when: when}
}

// modTime is when a file was last changed; for a deleted file, when its
// directory last changed (the deletion itself). A link's own time: what
// changed is the link (git diffs its target's name), and a link out of
// the root must not tell the age of what it points to. Looked up through
// r, never through a link out of it.
func modTime(r *os.Root, p string) time.Time {
	rel := filepath.FromSlash(p)
	if fi, err := r.Lstat(rel); err == nil {
		return fi.ModTime()
	}
	if fi, err := r.Lstat(filepath.Dir(rel)); err == nil {
		return fi.ModTime()
	}
	return time.Time{}
}

// Record and field separators of the git log format below.
const (
	recordSep = "\x1e"
	fieldSep  = "\x1f"
)

// committed lists the files changed by the person's own recent commits:
// among the last n (merges left out: their changes are in the commits
// they merge), those authored with the repository's user.email since
// since, and never the repository's first commit (in a fresh clone it is
// the whole tree, not work in progress). One change per file with its
// hunks, the newest commit winning for a file changed twice. Without a
// user.email no commit is known to be the person's: none is offered.
//
// git is asked for the commits first, a line each, and for patches only of
// those that qualify (usually none): `git log -n 5 -p` printed whole
// commits, up to the 4 MiB cap, only to drop most of them, and a recent
// vendor update made every pack in that repository 1.75 times slower.
// user.email is asked for beside that first log, not before it: three
// processes one after another were the last thing a pack of a small
// repository waited for (66 ms of a 0.16 s pack, this repository).
func committed(ctx context.Context, root string, n int, since time.Time) ([]change, error) {
	if n <= 0 {
		return nil, nil
	}
	email := make(chan string, 1)
	go func() { email <- userEmail(ctx, root) }()
	out, err := Git(ctx, root, "log", "-n", strconv.Itoa(n), "--no-merges", commitFormat)
	me := <-email
	if me == "" {
		return nil, nil
	}
	if err != nil {
		if isNoCommits(ctx, root) {
			return nil, nil
		}
		return nil, err
	}
	var shas []string
	for _, rec := range strings.Split(out, recordSep) {
		if sha, ok := ownCommit(rec, me, since); ok {
			shas = append(shas, sha)
		}
	}
	if len(shas) == 0 {
		return nil, nil
	}
	args := append([]string{"log", "--no-walk=unsorted", "-p", commitFormat}, diffFlags()...)
	out, err = GitLimit(ctx, root, maxCommittedOutput, append(args, shas...)...)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var list []change
	for _, rec := range strings.Split(out, recordSep) {
		list = append(list, commitChanges(rec, seen, me, since)...)
	}
	return list, nil
}

// commitFormat is the header of each commit in the logs committed reads:
// sha, commit time, parents, author email, subject.
const commitFormat = "--format=" + recordSep + "%H" + fieldSep + "%ct" + fieldSep + "%P" + fieldSep + "%ae" + fieldSep + "%s"

// maxCommittedOutput bounds the patches of the person's recent commits
// (each file shows at most maxCommittedLines lines of them anyway).
const maxCommittedOutput = 1 << 20

// userEmail is git config user.email, lower-cased; "" when unset.
func userEmail(ctx context.Context, root string) string {
	out, err := Git(ctx, root, "config", "--get", "user.email")
	if err != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(out))
}

// isNoCommits reports whether the repository has no commit yet (git log
// then fails with "does not have any commits yet").
func isNoCommits(ctx context.Context, root string) bool {
	_, err := Git(ctx, root, "rev-parse", "-q", "--verify", "HEAD")
	return err != nil && ctx.Err() == nil
}

// ownCommit returns the sha of one log record's commit when it is the
// person's (author me), recent (since) and not the first.
func ownCommit(rec, me string, since time.Time) (string, bool) {
	head, _, _ := strings.Cut(rec, "\n")
	f := strings.SplitN(head, fieldSep, 5)
	if len(f) != 5 || f[0] == "" {
		return "", false
	}
	secs, _ := strconv.ParseInt(f[1], 10, 64)
	when := time.Unix(secs, 0)
	parents, author := strings.TrimSpace(f[2]), strings.ToLower(strings.TrimSpace(f[3]))
	if parents == "" || author != me || when.Before(since) {
		return "", false
	}
	return f[0], true
}

// commitChanges turns one log record (sha, time, parents, author email,
// subject, then the patch) into changes, when the commit is the person's,
// recent and not the first.
func commitChanges(rec string, seen map[string]bool, me string, since time.Time) []change {
	head, body, _ := strings.Cut(rec, "\n")
	if _, ok := ownCommit(rec, me, since); !ok {
		return nil
	}
	f := strings.SplitN(head, fieldSep, 5)
	secs, _ := strconv.ParseInt(f[1], 10, 64)
	when := time.Unix(secs, 0)
	var list []change
	for _, fd := range ParseDiff(body) {
		p := fd.Path()
		if seen[p] {
			continue
		}
		seen[p] = true
		c := fileChange(fd, when)
		c.sha, c.subject = f[0], f[4]
		list = append(list, c)
	}
	return list
}

// maxCommittedLines bounds the diff text of one committed file.
const maxCommittedLines = 60

// fileChange joins a committed file's hunks into one change of at most
// maxCommittedLines lines. Its line range spans what it shows, so that
// dedup never takes a trimmed hunk for the whole file: later hunks that
// do not fit are left out (counted in a marker) and a hunk too long on
// its own is cut, its range ending at the last new line still shown.
func fileChange(fd FileDiff, when time.Time) change {
	c := change{status: StatusCommitted, path: fd.Path(), lang: "diff", name: path.Base(fd.Path()), when: when, start: 1, end: 1}
	var b strings.Builder
	left, shown := maxCommittedLines, 0
	for _, h := range fd.Hunks {
		if left < 2 { // a header and one line at least
			break
		}
		text, newLines, used := cutHunk(h, left)
		s, _ := h.NewRange()
		if shown == 0 {
			c.start, c.end = s, s
		}
		c.end = max(c.end, s+max(newLines, 1)-1)
		b.WriteString(text)
		left -= used
		shown++
	}
	if shown < len(fd.Hunks) {
		b.WriteString("… " + strconv.Itoa(len(fd.Hunks)-shown) + " more hunks\n")
	}
	if fd.Binary {
		b.WriteString("(binary file changed)\n")
	}
	c.text = b.String()
	return c
}

// cutHunk is h's text in at most n lines (the last one a marker when it
// is cut), the new-file lines it shows, and the lines it used.
func cutHunk(h Hunk, n int) (text string, newLines, used int) {
	var b strings.Builder
	b.WriteString(h.Header() + "\n")
	used = 1
	for i, l := range h.Lines {
		if used == n-1 && i < len(h.Lines)-1 {
			b.WriteString("… " + strconv.Itoa(len(h.Lines)-i) + " more lines\n")
			return b.String(), newLines, used + 1
		}
		b.WriteString(l + "\n")
		used++
		if !strings.HasPrefix(l, "-") {
			newLines++
		}
	}
	return b.String(), newLines, used
}

package tui

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/index/gitrun"
	"github.com/loupe-dev/loupe/render"
)

// openPrompt gives the status line's input the keyboard.
func (m Model) openPrompt(kind promptKind, label, value string) (Model, tea.Cmd) {
	if kind == promptWrite && m.packText == "" && !m.packing {
		return m.setStatus("nothing to write yet", statusWarn)
	}
	if kind == promptNote && m.deps.AddNote == nil {
		return m, nil
	}
	cmd := m.status.open(kind, label, value)
	m.relayoutStatus()
	return m, cmd
}

// handlePromptKey edits the open prompt; enter submits, esc cancels, and
// the overwrite question takes a single y or n.
func (m Model) handlePromptKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Prompt.Cancel):
		m.status.close()
		return m.setStatus("cancelled", statusInfo)
	case key.Matches(msg, m.keys.Prompt.Submit):
		kind, value := m.status.prompt, m.status.value()
		m.status.close()
		return m.submitPrompt(kind, value)
	case m.status.prompt == promptOverwrite:
		switch strings.ToLower(msg.Text) {
		case "y":
			m.status.close()
			return m.write(writeRequest{path: m.status.target, overwrite: true})
		case "n":
			m.status.close()
			return m.setStatus("not overwritten", statusInfo)
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.status, cmd = m.status.Update(msg)
	return m, cmd
}

func (m Model) submitPrompt(kind promptKind, value string) (Model, tea.Cmd) {
	switch kind {
	case promptWrite:
		if value == "" {
			return m.setStatus("no file name", statusWarn)
		}
		return m.write(writeRequest{path: m.resolvePath(value)})
	case promptOverwrite:
		return m.setStatus("not overwritten", statusInfo)
	case promptBudget:
		n, err := parseBudget(value)
		if err != nil {
			return m.setStatus(err.Error(), statusError)
		}
		return m.setBudget(n)
	case promptNote:
		if value == "" {
			return m, nil
		}
		return m, addNoteCmd(m.deps.AddNote, value)
	}
	return m, nil
}

// MaxBudget is the largest budget loupe accepts, in tokens: beyond any
// model's context window, so a larger number is a typing mistake.
const MaxBudget = 2_000_000

// parseBudget reads a typed budget: digits with optional , or _ separators
// and a k suffix ("2500", "8,000", "12k"), between 1 and MaxBudget.
func parseBudget(s string) (int, error) {
	t := strings.ToLower(strings.NewReplacer(",", "", "_", "", " ", "").Replace(s))
	mult := 1
	if strings.HasSuffix(t, "k") {
		t, mult = strings.TrimSuffix(t, "k"), 1000
	}
	n, err := strconv.Atoi(t)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("budget %q is not a positive number", s)
	}
	if n > MaxBudget/mult {
		return 0, fmt.Errorf("budget %s is above the limit of %s tokens", s, render.Thousands(MaxBudget))
	}
	return n * mult, nil
}

func (m Model) packTokens() int {
	if m.pack == nil {
		return 0
	}
	return m.pack.TokenCount
}

func addNoteCmd(add func(string) error, text string) tea.Cmd {
	return func() tea.Msg { return noteAddedMsg{err: add(text)} }
}

// handleNoteAdded re-runs the query so the new note can be a candidate.
func (m Model) handleNoteAdded(msg noteAddedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m.setStatus(fmt.Sprintf("note: %v", msg.err), statusError)
	}
	m, st := m.setStatus("note added", statusInfo)
	if strings.TrimSpace(m.query.Value()) == "" {
		return m, st
	}
	m.qgen++
	m2, search := m.startSearch(m.qgen)
	return m2, tea.Batch(st, search)
}

// edit opens the selected block in $EDITOR at its first line; the program
// releases the terminal until the editor exits.
func (m Model) edit() (Model, tea.Cmd) {
	c, _ := m.selectedCandidate()
	if c != nil && c.Block.Kind == index.KindCommit {
		return m.showCommit(c.Meta["sha"])
	}
	if c == nil || c.Block.Path == "" {
		return m, nil
	}
	argv := editorArgs(m.deps.Editor, m.resolvePath(c.Block.Path), c.Block.StartLine)
	cmd := exec.Command(argv[0], argv[1:]...) //nolint:gosec // the user's own editor
	return m, tea.ExecProcess(cmd, func(err error) tea.Msg { return editorDoneMsg{err: err} })
}

// showCommit shows a commit block's commit, `git show` in the person's
// $PAGER (less -R without one). The pager comes from the environment,
// never from the repository: GIT_PAGER overrides any core.pager in its
// configuration, and no external diff or textconv driver runs.
func (m Model) showCommit(sha string) (Model, tea.Cmd) {
	if !isSHA(sha) {
		return m.setStatus(fmt.Sprintf("not a commit id: %q", sha), statusError)
	}
	cmd := exec.Command("git", showCommitArgs(sha)...) //nolint:gosec // fixed program, checked sha
	cmd.Dir = m.deps.Root
	cmd.Env = append(gitrun.Env(), "GIT_PAGER="+pagerOf(m.deps.Pager), "LESS=FRX")
	return m, tea.ExecProcess(cmd, func(err error) tea.Msg { return editorDoneMsg{err: err, what: "git show"} })
}

func showCommitArgs(sha string) []string {
	// The one hardening of every git call (index/gitrun: no fsmonitor,
	// hooks, external diff or textconv), colour back on for the person's
	// pager, then a paged show.
	hard := gitrun.Args(nil)
	show := gitrun.Args(nil, "show", "--stat", "--patch", sha, "--")[len(hard):]
	return append(append(hard, "-c", "color.ui=auto", "-p"), show...)
}

// pagerOf is $PAGER, or less -R.
func pagerOf(p string) string {
	if strings.TrimSpace(p) == "" {
		return "less -R"
	}
	return p
}

// isSHA accepts a full or abbreviated hexadecimal object name only.
func isSHA(s string) bool {
	if len(s) < 7 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdef", r) {
			return false
		}
	}
	return true
}

// editorArgs splits $EDITOR ("code --wait") and adds the line and path in
// the +N form most editors accept (vi, vim, nvim, emacs, nano, micro).
func editorArgs(editor, path string, line int) []string {
	fields := strings.Fields(editor)
	if len(fields) == 0 {
		fields = []string{"vi"}
	}
	if line > 0 {
		fields = append(fields, fmt.Sprintf("+%d", line))
	}
	return append(fields, path)
}

// handleEditorDone searches again: the file may have changed, and cached
// candidates carry the old text.
func (m Model) handleEditorDone(msg editorDoneMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		what := msg.what
		if what == "" {
			what = "editor"
		}
		return m.setStatus(fmt.Sprintf("%s: %v", what, msg.err), statusError)
	}
	if msg.what != "" {
		return m, nil // a commit shown: nothing changed
	}
	if strings.TrimSpace(m.query.Value()) == "" {
		return m, nil
	}
	m.qgen++
	return m.startSearch(m.qgen)
}

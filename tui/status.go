package tui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// statusKind colours a status message.
type statusKind int

const (
	statusInfo statusKind = iota
	statusWarn
	statusError
)

// promptKind says what an open prompt is asking for.
type promptKind int

const (
	promptNone      promptKind = iota
	promptWrite                // a file name
	promptOverwrite            // y/n for an existing file
	promptBudget               // an exact budget
	promptNote                 // a note's text
)

// statusPane is the bottom line: a message that expires, or a one-line
// prompt that has the keyboard while it is open.
type statusPane struct {
	width  int
	msg    string
	kind   statusKind
	id     int
	prompt promptKind
	input  textinput.Model
	target string // the file an overwrite prompt is about
	def    string // what enter submits when nothing was typed
	right  string
	st     styles
}

func newStatusPane(st styles) statusPane {
	in := textinput.New()
	s := textinput.DefaultStyles(st.dark)
	s.Cursor.Blink = false
	if st.noColor {
		s = noColorInputStyles(s)
	}
	in.SetStyles(s)
	return statusPane{input: in, st: st}
}

func (p *statusPane) SetSize(w, _ int) {
	p.width = w
	p.input.SetWidth(max(w-30, 10))
}

// set shows a message and returns its id for the expiry tick.
func (p *statusPane) set(msg string, kind statusKind) int {
	p.id++
	p.msg, p.kind = msg, kind
	return p.id
}

// expire clears the message if it is still the one armed with id.
func (p *statusPane) expire(id int) {
	if id == p.id {
		p.msg = ""
	}
}

// open starts a prompt with a label and a default. The default is shown
// as a placeholder, not as text: what a person types replaces it (it is
// never appended to it), and enter on an empty line takes it.
func (p *statusPane) open(kind promptKind, label, def string) tea.Cmd {
	p.prompt = kind
	p.input.Prompt = label
	p.def = def
	p.input.Placeholder = def
	p.input.SetValue("")
	return p.input.Focus()
}

// value is what the prompt submits: the typed text, else its default.
func (p statusPane) value() string {
	if v := strings.TrimSpace(p.input.Value()); v != "" {
		return v
	}
	return p.def
}

func (p *statusPane) close() {
	p.prompt = promptNone
	p.input.Blur()
	p.input.SetValue("")
	p.input.Placeholder = ""
	p.def = ""
}

func (p statusPane) Update(msg tea.Msg) (statusPane, tea.Cmd) {
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, cmd
}

// maxStatusLines bounds how far a long message may push the panes up.
const maxStatusLines = 3

// wrapped is the message cut into lines of the pane's width, at most
// maxStatusLines (the last one cut with … only beyond that).
func (p statusPane) wrapped() []string {
	if p.msg == "" || p.width <= 0 || cellWidth(p.msg) <= p.width-ansi.StringWidth(p.right)-1 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(p.msg, p.width, " /"), "\n")
	if len(lines) > maxStatusLines {
		lines = lines[:maxStatusLines]
	}
	return lines
}

// lines is the status pane's height for its current message.
func (p statusPane) lines() int {
	if p.prompt != promptNone {
		return 1
	}
	return max(len(p.wrapped()), 1)
}

func (p statusPane) View() string {
	if p.prompt != promptNone {
		return fitLine(p.input.View(), p.width)
	}
	if w := p.wrapped(); len(w) > 0 {
		out := make([]string, len(w))
		for i, l := range w {
			out[i] = p.style().Render(fitLine(l, p.width))
		}
		return strings.Join(out, "\n")
	}
	left := ""
	if p.msg != "" {
		left = p.style().Render(p.msg)
	}
	right := p.st.faint.Render(p.right)
	rw := ansi.StringWidth(right)
	if p.width-rw-1 < 20 {
		return fitLine(left, p.width)
	}
	return fitLine(left, p.width-rw-1) + " " + right
}

func (p statusPane) style() lipgloss.Style {
	switch p.kind {
	case statusWarn:
		return p.st.warn
	case statusError:
		return p.st.err
	}
	return p.st.faint
}

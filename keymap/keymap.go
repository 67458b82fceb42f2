// Package keymap holds loupe's key bindings as data, grouped by the pane
// that uses them, so that the TUI never matches string literals, the help
// view is generated from the same bindings that drive behaviour, and a user's
// overrides are validated before the program starts rather than discovered
// as dead keys later. Default returns a fresh value each time: there is no
// mutable global keymap.
package keymap

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// Global bindings work in every pane except where text is being typed
// (then only the non-printable ones, such as ctrl+c and tab, apply).
type Global struct {
	Quit       key.Binding
	Help       key.Binding
	FocusQuery key.Binding
	FocusNext  key.Binding
	Resume     key.Binding
}

// Nav moves the selection in the list, or scrolls the preview when it has
// the focus.
type Nav struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
}

// Block acts on the selected candidate.
type Block struct {
	Pin    key.Binding
	Drop   key.Binding
	Level  key.Binding
	Expand key.Binding
	Edit   key.Binding
}

// Budget changes the token budget and the sources' shares of it.
type Budget struct {
	Up           key.Binding
	Down         key.Binding
	Set          key.Binding
	ShareUp      key.Binding
	ShareDown    key.Binding
	ToggleSource key.Binding
}

// Output switches the preview and the format, and sends the context out.
type Output struct {
	Preview key.Binding
	Format  key.Binding
	Copy    key.Binding
	Write   key.Binding
	Note    key.Binding
}

// Prompt answers a one-line prompt (file name, budget, note, overwrite).
type Prompt struct {
	Submit key.Binding
	Cancel key.Binding
}

// KeyMap is every binding of the explorer, grouped per pane.
type KeyMap struct {
	Global Global
	Nav    Nav
	Block  Block
	Budget Budget
	Output Output
	Prompt Prompt
}

func bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Default returns loupe's default bindings.
func Default() KeyMap {
	return KeyMap{
		Global: Global{
			Quit:       bind("q", "quit", "q", "ctrl+c"),
			Help:       bind("?", "all keys", "?"),
			FocusQuery: bind("/", "edit query", "/"),
			FocusNext:  bind("tab", "next pane", "tab"),
			Resume:     bind("ctrl+r", "sessions", "ctrl+r"),
		},
		Nav: Nav{
			Up:       bind("↑/k", "up", "up", "k"),
			Down:     bind("↓/j", "down", "down", "j"),
			PageUp:   bind("pgup", "page up", "pgup"),
			PageDown: bind("pgdn", "page down", "pgdown"),
			Top:      bind("g", "top", "g", "home"),
			Bottom:   bind("G", "bottom", "G", "end"),
		},
		Block: Block{
			Pin:    bind("p", "pin", "p", "space"),
			Drop:   bind("x", "drop", "x", "delete"),
			Level:  bind("l", "level", "l"),
			Expand: bind("e", "neighbours", "e"),
			Edit:   bind("o", "open / show commit", "o"),
		},
		Budget: Budget{
			Up:           bind("+", "budget up", "+", "="),
			Down:         bind("-", "budget down", "-"),
			Set:          bind("b", "set budget", "b"),
			ShareUp:      bind(">", "grow share", ">"),
			ShareDown:    bind("<", "shrink share", "<"),
			ToggleSource: bind("s", "source on/off", "s"),
		},
		Output: Output{
			Preview: bind("v", "preview block/context", "v"),
			Format:  bind("f", "format", "f"),
			Copy:    bind("c", "copy", "c", "y"),
			Write:   bind("w", "write file", "w"),
			Note:    bind("n", "add note", "n"),
		},
		Prompt: Prompt{
			Submit: bind("enter", "ok", "enter"),
			Cancel: bind("esc", "cancel", "esc"),
		},
	}
}

// ShortHelp is the one-line help of the explorer (help.KeyMap).
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{
		k.Block.Pin, k.Block.Drop, k.Block.Level, k.Budget.Up, k.Budget.Down,
		k.Output.Copy, k.Output.Write, k.Global.FocusQuery, k.Global.Help, k.Global.Quit,
	}
}

// FullHelp is every explorer binding, one column per group (help.KeyMap).
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Nav.Up, k.Nav.Down, k.Nav.PageUp, k.Nav.PageDown, k.Nav.Top, k.Nav.Bottom},
		{k.Block.Pin, k.Block.Drop, k.Block.Level, k.Block.Expand, k.Block.Edit},
		{k.Budget.Up, k.Budget.Down, k.Budget.Set, k.Budget.ShareUp, k.Budget.ShareDown, k.Budget.ToggleSource},
		{k.Output.Preview, k.Output.Format, k.Output.Copy, k.Output.Write, k.Output.Note},
		{k.Global.FocusQuery, k.Global.FocusNext, k.Global.Resume, k.Global.Help, k.Global.Quit},
	}
}

// Group is a fixed set of bindings that satisfies help.KeyMap; panes that
// have their own few keys (the query line, a prompt) return one.
type Group struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp implements help.KeyMap.
func (g Group) ShortHelp() []key.Binding { return g.Short }

// FullHelp implements help.KeyMap.
func (g Group) FullHelp() [][]key.Binding { return g.Full }

// QueryHelp is the help while the query line has the focus: keys that
// type a character type it there, so only the others are listed.
func (k KeyMap) QueryHelp() help.KeyMap {
	b := []key.Binding{k.Prompt.Submit, untyped(k.Global.FocusNext), untyped(k.Global.Quit)}
	return Group{Short: b, Full: [][]key.Binding{b}}
}

// untyped keeps the keys of a binding that produce no text (ctrl+c, tab,
// esc); without any it is disabled.
func untyped(b key.Binding) key.Binding {
	var keys []string
	for _, s := range b.Keys() {
		if len([]rune(s)) > 1 {
			keys = append(keys, s)
		}
	}
	if len(keys) == 0 {
		b.SetEnabled(false)
		return b
	}
	out := key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(keys, "/"), b.Help().Desc))
	out.SetEnabled(b.Enabled())
	return out
}

// PromptHelp is the help while a prompt is open.
func (k KeyMap) PromptHelp() help.KeyMap {
	b := []key.Binding{k.Prompt.Submit, k.Prompt.Cancel}
	return Group{Short: b, Full: [][]key.Binding{b}}
}

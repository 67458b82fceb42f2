package keymap

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
)

// Errors returned by Apply; test with errors.Is.
var (
	ErrUnknownAction = errors.New("keymap: unknown action")
	ErrNoKeys        = errors.New("keymap: no keys")
	ErrConflict      = errors.New("keymap: key bound twice")
)

// actions names every binding, as used in configuration files
// ([keys] pin = ["p", "space"]). Prompt bindings live in their own scope.
func (k *KeyMap) actions() map[string]*key.Binding {
	return map[string]*key.Binding{
		"quit": &k.Global.Quit, "help": &k.Global.Help, "focus_query": &k.Global.FocusQuery,
		"focus_next": &k.Global.FocusNext, "resume": &k.Global.Resume,
		"up": &k.Nav.Up, "down": &k.Nav.Down, "page_up": &k.Nav.PageUp,
		"page_down": &k.Nav.PageDown, "top": &k.Nav.Top, "bottom": &k.Nav.Bottom,
		"pin": &k.Block.Pin, "drop": &k.Block.Drop, "level": &k.Block.Level,
		"expand": &k.Block.Expand, "edit": &k.Block.Edit,
		"budget_up": &k.Budget.Up, "budget_down": &k.Budget.Down, "budget_set": &k.Budget.Set,
		"share_up": &k.Budget.ShareUp, "share_down": &k.Budget.ShareDown,
		"toggle_source": &k.Budget.ToggleSource,
		"preview":       &k.Output.Preview, "format": &k.Output.Format, "copy": &k.Output.Copy,
		"write": &k.Output.Write, "note": &k.Output.Note,
		"submit": &k.Prompt.Submit, "cancel": &k.Prompt.Cancel,
	}
}

// Actions lists the names Apply accepts, sorted.
func Actions() []string {
	k := Default()
	names := make([]string, 0, 32)
	for name := range k.actions() {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Apply replaces the keys of the named actions. It validates everything
// first (known names, at least one non-empty key, no key bound to two
// actions of the same scope) and changes nothing when it fails.
func (k *KeyMap) Apply(overrides map[string][]string) error {
	next := *k
	acts := next.actions()
	names := make([]string, 0, len(overrides))
	for name := range overrides {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		b, ok := acts[name]
		if !ok {
			return fmt.Errorf("%w %q (known: %s)", ErrUnknownAction, name, strings.Join(Actions(), ", "))
		}
		keys := overrides[name]
		if len(keys) == 0 {
			return fmt.Errorf("%w for %q", ErrNoKeys, name)
		}
		for _, s := range keys {
			if strings.TrimSpace(s) == "" {
				return fmt.Errorf("%w for %q: empty key", ErrNoKeys, name)
			}
		}
		b.SetKeys(keys...)
		h := b.Help()
		b.SetHelp(strings.Join(keys, "/"), h.Desc)
	}
	if err := next.checkConflicts(); err != nil {
		return err
	}
	*k = next
	return nil
}

// checkConflicts fails when one key triggers two actions of one scope.
func (k *KeyMap) checkConflicts() error {
	seen := map[string]string{}
	names := Actions()
	acts := k.actions()
	for _, name := range names {
		if name == "submit" || name == "cancel" {
			continue
		}
		for _, s := range acts[name].Keys() {
			if other, ok := seen[s]; ok {
				return fmt.Errorf("%w: %q is bound to %s and %s", ErrConflict, s, other, name)
			}
			seen[s] = name
		}
	}
	return nil
}

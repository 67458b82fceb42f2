package keymap

import (
	"errors"
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestDefaultHasNoConflicts(t *testing.T) {
	k := Default()
	if err := k.checkConflicts(); err != nil {
		t.Fatal(err)
	}
	for _, col := range k.FullHelp() {
		for _, b := range col {
			if b.Help().Key == "" || b.Help().Desc == "" || len(b.Keys()) == 0 {
				t.Errorf("binding without help or keys: %+v", b.Help())
			}
		}
	}
}

func TestDefaultIsFresh(t *testing.T) {
	a := Default()
	a.Block.Pin.SetEnabled(false)
	if !Default().Block.Pin.Enabled() {
		t.Fatal("Default shares state between calls")
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name      string
		overrides map[string][]string
		wantErr   error
		check     func(t *testing.T, k KeyMap)
	}{
		{name: "rebind pin", overrides: map[string][]string{"pin": {"P"}}, check: func(t *testing.T, k KeyMap) {
			if got := k.Block.Pin.Keys(); len(got) != 1 || got[0] != "P" {
				t.Errorf("pin keys = %v", got)
			}
			if k.Block.Pin.Help().Key != "P" {
				t.Errorf("help key = %q", k.Block.Pin.Help().Key)
			}
		}},
		{name: "unknown", overrides: map[string][]string{"fly": {"z"}}, wantErr: ErrUnknownAction},
		{name: "empty", overrides: map[string][]string{"pin": {}}, wantErr: ErrNoKeys},
		{name: "blank", overrides: map[string][]string{"pin": {" "}}, wantErr: ErrNoKeys},
		{name: "conflict", overrides: map[string][]string{"pin": {"x"}}, wantErr: ErrConflict},
		{name: "swap", overrides: map[string][]string{"pin": {"x"}, "drop": {"p"}}, check: func(t *testing.T, k KeyMap) {
			if !key.Matches(fakeKey("x"), k.Block.Pin) || !key.Matches(fakeKey("p"), k.Block.Drop) {
				t.Error("swap not applied")
			}
		}},
		{name: "prompt scope separate", overrides: map[string][]string{"submit": {"p"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k := Default()
			err := k.Apply(tc.overrides)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				if k.Block.Pin.Keys()[0] != "p" {
					t.Error("failed Apply changed the keymap")
				}
				return
			}
			if tc.check != nil {
				tc.check(t, k)
			}
		})
	}
}

func TestHelpGroups(t *testing.T) {
	k := Default()
	if len(k.ShortHelp()) == 0 || len(k.QueryHelp().ShortHelp()) == 0 || len(k.PromptHelp().FullHelp()) != 1 {
		t.Fatal("empty help group")
	}
	if len(Actions()) != 29 {
		t.Errorf("actions = %d", len(Actions()))
	}
}

type fakeKey string

func (f fakeKey) String() string { return string(f) }

func TestQueryHelpListsOnlyUntypedKeys(t *testing.T) {
	k := Default()
	for _, b := range k.QueryHelp().ShortHelp() {
		if b.Help().Key == "q" || b.Help().Key == "q/ctrl+c" {
			t.Fatalf("query help offers a typed key: %+v", b.Help())
		}
	}
	if got := k.QueryHelp().ShortHelp()[2].Help().Key; got != "ctrl+c" {
		t.Fatalf("quit help key %q", got)
	}
	if err := k.Apply(map[string][]string{"quit": {"Q"}}); err != nil {
		t.Fatal(err)
	}
	if k.QueryHelp().ShortHelp()[2].Enabled() {
		t.Fatal("a quit bound only to Q is offered while typing")
	}
}

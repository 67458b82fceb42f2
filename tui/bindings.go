package tui

import "charm.land/bubbles/v2/key"

// updateKeybindings enables exactly the keys that do something now, so the
// help shows only live keys and dead keys are ignored.
func (m *Model) updateKeybindings() {
	k := &m.keys
	explorer := !m.indexing && !m.lay.tooSmall
	_, selected := m.results.Selected()
	selected = selected && explorer
	packed := explorer && m.pack != nil && m.packText != ""
	hasRows := explorer && len(m.results.rows) > 0

	navOn := hasRows || (explorer && m.focus == focusPreview)
	for _, b := range []*key.Binding{&k.Nav.Up, &k.Nav.Down, &k.Nav.PageUp, &k.Nav.PageDown, &k.Nav.Top, &k.Nav.Bottom} {
		b.SetEnabled(navOn)
	}
	for _, b := range []*key.Binding{&k.Block.Pin, &k.Block.Drop, &k.Block.Level, &k.Budget.ShareUp,
		&k.Budget.ShareDown, &k.Budget.ToggleSource} {
		b.SetEnabled(selected)
	}
	k.Block.Expand.SetEnabled(selected && m.deps.Engine != nil)
	k.Block.Edit.SetEnabled(selected)
	k.Budget.Up.SetEnabled(explorer)
	k.Budget.Down.SetEnabled(explorer && m.cur.budget > m.cfg.BudgetStep)
	k.Budget.Set.SetEnabled(explorer)
	k.Output.Preview.SetEnabled(explorer)
	k.Output.Format.SetEnabled(explorer)
	k.Output.Copy.SetEnabled(packed)
	k.Output.Write.SetEnabled(packed)
	k.Output.Note.SetEnabled(explorer && m.deps.AddNote != nil)
	k.Global.Resume.SetEnabled(explorer && m.deps.SessionDir != "")
	k.Global.FocusQuery.SetEnabled(explorer && m.focus != focusQuery)
	k.Global.FocusNext.SetEnabled(explorer)
	k.Global.Help.SetEnabled(explorer)
}

package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// handleActionKey runs the curation and output keys; ok is false when the
// key is not one of them.
func (m Model) handleActionKey(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.keys
	var fn func() (Model, tea.Cmd)
	switch {
	case key.Matches(msg, k.Block.Pin):
		fn = m.pin
	case key.Matches(msg, k.Block.Drop):
		fn = m.drop
	case key.Matches(msg, k.Block.Level):
		fn = m.cycleLevel
	case key.Matches(msg, k.Block.Expand):
		fn = m.expand
	case key.Matches(msg, k.Block.Edit):
		fn = m.edit
	case key.Matches(msg, k.Budget.Up):
		fn = func() (Model, tea.Cmd) { return m.setBudget(min(m.cur.budget+m.cfg.BudgetStep, MaxBudget)) }
	case key.Matches(msg, k.Budget.Down):
		fn = func() (Model, tea.Cmd) { return m.setBudget(max(m.cur.budget-m.cfg.BudgetStep, m.cfg.BudgetStep)) }
	case key.Matches(msg, k.Budget.Set):
		fn = func() (Model, tea.Cmd) { return m.openPrompt(promptBudget, "budget: ", fmt.Sprint(m.cur.budget)) }
	case key.Matches(msg, k.Budget.ShareUp):
		fn = func() (Model, tea.Cmd) { return m.scaleShare(shareFactor) }
	case key.Matches(msg, k.Budget.ShareDown):
		fn = func() (Model, tea.Cmd) { return m.scaleShare(1 / shareFactor) }
	case key.Matches(msg, k.Budget.ToggleSource):
		fn = m.toggleSource
	case key.Matches(msg, k.Output.Preview):
		fn = m.togglePreview
	case key.Matches(msg, k.Output.Format):
		fn = m.cycleFormat
	case key.Matches(msg, k.Output.Copy):
		fn = m.copy
	case key.Matches(msg, k.Output.Write):
		fn = func() (Model, tea.Cmd) { return m.openPrompt(promptWrite, "write to: ", m.defaultWriteName()) }
	case key.Matches(msg, k.Output.Note):
		fn = func() (Model, tea.Cmd) { return m.openPrompt(promptNote, "note: ", "") }
	default:
		return m, nil, false
	}
	m2, cmd := fn()
	return m2, cmd, true
}

// curate applies a curation change: the rows update at once, then the
// candidates re-pack and the session is saved, both off the loop.
func (m Model) curate(next curation) (Model, tea.Cmd) {
	m.cur = next
	m.meters.budget = next.budget
	m.meters.weights = next.weights
	m.meters.disabled = next.disabled
	return m, tea.Batch(m.repack(), m.saveSession())
}

func (m Model) pin() (Model, tea.Cmd) {
	r, ok := m.results.Selected()
	if !ok {
		return m, nil
	}
	next := m.cur.togglePin(r.id)
	if next.pins[r.id] {
		m.results.setState(r.id, statePinned)
	} else {
		m.results.setState(r.id, stateIncluded)
	}
	return m.curate(next)
}

func (m Model) drop() (Model, tea.Cmd) {
	r, ok := m.results.Selected()
	if !ok {
		return m, nil
	}
	next := m.cur.toggleDrop(r.id)
	if next.drops[r.id] {
		m.results.setState(r.id, stateDropped)
		m.results.keepIndex = true
	} else {
		m.results.setState(r.id, stateLeftOut)
	}
	return m.curate(next)
}

func (m Model) cycleLevel() (Model, tea.Cmd) {
	r, ok := m.results.Selected()
	if !ok {
		return m, nil
	}
	l := nextLevel(r.level)
	m2, cmd := m.curate(m.cur.withLevel(r.id, l))
	m2, st := m2.setStatus(fmt.Sprintf("%s at level %s", r.name, levelName(l)), statusInfo)
	return m2, tea.Batch(cmd, st)
}

// setBudget changes the budget (the down key stops at one step; a typed
// budget is taken as it is, and one below the overhead is reported).
func (m Model) setBudget(b int) (Model, tea.Cmd) {
	next := m.cur
	next.budget = b
	return m.curate(next)
}

// scaleShare grows or shrinks the selected block's source's weight.
func (m Model) scaleShare(f float64) (Model, tea.Cmd) {
	r, ok := m.results.Selected()
	if !ok {
		return m, nil
	}
	w := m.cur.weights[r.source]
	if w == 0 {
		w = 1
	}
	w = clampWeight(w * f)
	m2, cmd := m.curate(m.cur.withWeight(r.source, w))
	m2, st := m2.setStatus(fmt.Sprintf("%s weight %s", r.source, weightString(w)), statusInfo)
	return m2, tea.Batch(cmd, st)
}

func (m Model) toggleSource() (Model, tea.Cmd) {
	r, ok := m.results.Selected()
	if !ok {
		return m, nil
	}
	next := m.cur.toggleSource(r.source)
	state := "on"
	if next.disabled[r.source] {
		state = "off"
	}
	m2, cmd := m.curate(next)
	m2, st := m2.setStatus(fmt.Sprintf("source %s %s", r.source, state), statusInfo)
	return m2, tea.Batch(cmd, st)
}

func (m Model) cycleFormat() (Model, tea.Cmd) {
	fs := cycleFormats()
	next := m.cur
	next.format = fs[(formatIndex(m.cur.format)+1)%len(fs)]
	return m.curate(next)
}

func (m Model) togglePreview() (Model, tea.Cmd) {
	if m.preview.mode == previewBlock {
		m.preview.mode = previewContext
	} else {
		m.preview.mode = previewBlock
	}
	return m.refreshPreview(true)
}

// selectedCandidate finds the candidate under the cursor and, when it is
// packed, its item.
func (m Model) selectedCandidate() (*engine.Candidate, *packing.Item) {
	r, ok := m.results.Selected()
	if !ok {
		return nil, nil
	}
	if m.pack != nil {
		for i := range m.pack.Items {
			if m.pack.Items[i].ID == r.id {
				it := m.pack.Items[i]
				return &it.Candidate, &it
			}
		}
	}
	for i := range m.cands {
		if m.cands[i].ID == r.id {
			c := m.cands[i]
			return &c, nil
		}
	}
	return nil, nil
}

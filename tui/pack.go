package tui

import (
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/render"
)

// packJob is a re-pack captured by value: cached candidates, the curation
// snapshot and the functions that pack and render.
type packJob struct {
	gen          int
	cands        []engine.Candidate
	tokens       map[string]int
	cur          curation
	reserves     packing.Reserves
	counter      engine.Counter
	cache        *packing.PackCache
	pack         PackFunc
	newFormatter func(string) (packing.Formatter, error)
	log          *log.Logger
}

// repack starts a re-pack of the cached candidates under the curation.
// At most one re-pack runs at a time: keys pressed while one runs only
// advance the generation, and when the running one returns (stale) the
// latest state is packed. Holding "+" costs two packs, not one per repeat.
func (m *Model) repack() tea.Cmd {
	m.pgen++
	m.packing = len(m.cands) > 0
	if !m.packing || m.inFlight {
		return nil
	}
	return m.startPack()
}

func (m *Model) startPack() tea.Cmd {
	m.inFlight = true
	return packCmd(packJob{
		gen: m.pgen, cands: m.cands, tokens: m.tokens, cur: m.cur, reserves: m.cfg.Reserves,
		counter: m.deps.Counter, cache: m.packCache, pack: m.deps.Pack, newFormatter: m.deps.NewFormatter, log: m.deps.Log,
	})
}

// packCmd packs, renders the text that would be copied and builds the rows.
func packCmd(j packJob) tea.Cmd {
	return func() tea.Msg { return j.run() }
}

func (j packJob) run() packDoneMsg {
	start := time.Now()
	msg := j.pack1()
	if j.log != nil {
		items := 0
		if msg.pack != nil {
			items = len(msg.pack.Items)
		}
		j.log.Printf("pack gen=%d cands=%d items=%d budget=%d format=%s in %s err=%v",
			j.gen, len(j.cands), items, j.cur.budget, j.cur.format, time.Since(start), msg.err)
	}
	return msg
}

func (j packJob) pack1() packDoneMsg {
	f, err := j.newFormatter(j.cur.format)
	if err != nil {
		return packDoneMsg{gen: j.gen, err: fmt.Errorf("tui: format %s: %w", j.cur.format, err)}
	}
	req := j.cur.request(j.reserves, j.counter, f)
	req.Cache = j.cache
	p, err := j.pack(j.cands, req)
	if err != nil {
		return packDoneMsg{gen: j.gen, err: err, rows: buildRows(nil, j.cands, j.tokens, j.cur, j.counter)}
	}
	return packDoneMsg{gen: j.gen, pack: p, text: p.RenderWith(f), rows: buildRows(p, j.cands, j.tokens, j.cur, j.counter)}
}

// handlePackDone shows a re-pack: rows, meters and, when it depends on the
// pack, the preview. A failed pack (budget below the format's overhead)
// keeps the rows, empties the pack and says why.
func (m Model) handlePackDone(msg packDoneMsg) (Model, tea.Cmd) {
	m.inFlight = false
	if msg.gen != m.pgen {
		if m.packing { // the state moved on while this ran: pack the latest
			return m, m.startPack()
		}
		return m, nil
	}
	m.packing = false
	if !m.firstShown && msg.pack != nil {
		m.firstShown = true
		m.logf("first results frame %s after start", time.Since(m.started).Round(time.Millisecond))
	}
	m.results.SetRows(msg.rows)
	m.pack, m.packText, m.packErr = msg.pack, msg.text, msg.err
	m.meters.pack = msg.pack
	m.status.right = m.summary()
	var st tea.Cmd
	if msg.err != nil {
		m, st = m.setStatus(packErrorText(msg.err), statusError)
	} else if text := m.unfitPinsReport(msg.rows); text != "" {
		m, st = m.setStatus(text, statusWarn)
	}
	m, pv := m.refreshPreview(true)
	m, out := m.runPending()
	return m, tea.Batch(st, pv, out)
}

// unfitPinsReport warns once about pins the packer could not fit: the
// list marks them "!", and the person must know why a pin is not there.
// The same set is not reported again on every re-pack.
func (m *Model) unfitPinsReport(rows []row) string {
	var names []string
	for _, r := range rows {
		if r.state == statePinnedOut {
			names = append(names, r.name)
		}
	}
	key := strings.Join(names, "\x00")
	if key == m.unfitPins {
		return ""
	}
	m.unfitPins = key
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("pinned %s does not fit the budget: raise it (+ or b) or lower its level (l)", names[0])
	}
	return fmt.Sprintf("%d pinned blocks do not fit the budget (%s): raise it (+ or b) or lower their level (l)",
		len(names), strings.Join(names, ", "))
}

// runPending performs the copy or write that waited for this pack.
func (m Model) runPending() (Model, tea.Cmd) {
	var cmds []tea.Cmd
	if m.pendingCopy {
		m.pendingCopy = false
		var c tea.Cmd
		m, c = m.copy()
		cmds = append(cmds, c)
	}
	if w := m.pendingWrite; w != nil {
		m.pendingWrite = nil
		var c tea.Cmd
		m, c = m.write(*w)
		cmds = append(cmds, c)
	}
	return m, tea.Batch(cmds...)
}

func packErrorText(err error) string {
	if errors.Is(err, packing.ErrBudgetTooSmall) {
		return fmt.Sprintf("budget too small: %v", err)
	}
	return fmt.Sprintf("pack: %v", err)
}

// summary is the status line's right side: "14 blocks · 2 left out · md",
// with " · 3 redacted" when secrets were taken out.
func (m Model) summary() string {
	if m.pack == nil {
		return m.cur.format
	}
	s := fmt.Sprintf("%s · %d left out · %s", plural(len(m.pack.Items), "block"), len(m.pack.LeftOut), m.cur.format)
	if n := len(m.pack.Redacted()); n > 0 {
		s += fmt.Sprintf(" · %d redacted", n) // secrets taken out of the packed blocks
	}
	return s
}

// refreshPreview re-renders the preview when what it shows changed (or
// always when force is set), in a command tagged with a generation.
func (m Model) refreshPreview(force bool) (Model, tea.Cmd) {
	if m.lay.tooSmall || m.width == 0 {
		return m, nil
	}
	c, it := m.selectedCandidate()
	req := previewRequest{
		mode: m.preview.mode, width: m.preview.contentWidth(), cand: c, item: it,
		text: m.packText, format: m.cur.format, style: m.style, chroma: m.st.chromaStyle(),
		noColor: m.cfg.NoColor, terminal: m.deps.Terminal,
	}
	k := previewKey(req)
	if !force && k == m.previewKey {
		return m, nil
	}
	m.previewKey = k
	m.preview.title = previewTitle(req, m.pack)
	m.vgen++
	req.gen = m.vgen
	return m, renderPreviewCmd(req)
}

func previewKey(r previewRequest) string {
	id := ""
	if r.cand != nil {
		id = r.cand.ID
	}
	return fmt.Sprintf("%d|%d|%s", r.mode, r.width, id)
}

func previewTitle(r previewRequest, p *packing.Pack) string {
	if r.mode == previewContext {
		if p == nil {
			return "context (nothing packed)"
		}
		return fmt.Sprintf("context · %s · %s tokens", r.format, render.Thousands(p.TokenCount))
	}
	if r.cand == nil {
		return ""
	}
	b := r.cand.Block
	lvl := "left out"
	if r.cand.Filler {
		lvl = "not packed: it only fills budget left over"
	}
	if r.item != nil {
		lvl = levelName(r.item.Level)
	}
	return fmt.Sprintf("%s %s:%d-%d (%s)", b.Name, b.Path, b.StartLine, b.EndLine, lvl)
}

func (m Model) handlePreviewRendered(msg previewRenderedMsg) (Model, tea.Cmd) {
	if msg.gen != m.vgen {
		return m, nil
	}
	m.preview.SetContent(msg.lines, msg.width)
	if msg.err != nil {
		return m.setStatus(msg.err.Error(), statusWarn)
	}
	return m, nil
}

// logf writes a debug line when a log is configured (LOUPE_DEBUG).
func (m Model) logf(format string, args ...any) {
	if m.deps.Log != nil {
		m.deps.Log.Printf(format, args...)
	}
}

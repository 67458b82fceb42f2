package tui

import (
	"context"
	"errors"
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/loupe-dev/loupe/engine"
)

// searchCmd retrieves candidates and counts each one's full text, off the
// event loop. ctx is cancelled when a newer query supersedes this one.
func searchCmd(ctx context.Context, eng Engine, counter engine.Counter, lg *log.Logger, raw string, gen int) tea.Cmd {
	return func() tea.Msg {
		start := time.Now()
		r, err := eng.Retrieve(ctx, raw)
		if lg != nil {
			n := 0
			if r != nil {
				n = len(r.Candidates)
			}
			lg.Printf("search gen=%d %q: %d candidates in %s err=%v", gen, raw, n, time.Since(start), err)
		}
		if err != nil {
			return searchDoneMsg{gen: gen, raw: raw, err: err}
		}
		if r == nil {
			r = &Retrieval{}
		}
		return searchDoneMsg{gen: gen, raw: raw, retrieval: r, tokens: countAll(counter, r.Candidates)}
	}
}

func countAll(counter engine.Counter, cands []engine.Candidate) map[string]int {
	out := make(map[string]int, len(cands))
	for _, c := range cands {
		out[c.ID] = counter.Count(c.Text)
	}
	return out
}

// expandCmd fetches a candidate's neighbours.
func expandCmd(ctx context.Context, eng Engine, counter engine.Counter, c engine.Candidate, gen int) tea.Cmd {
	return func() tea.Msg {
		cands, err := eng.Expand(ctx, c)
		if err != nil {
			return expandDoneMsg{gen: gen, from: c.ID, fromName: candName(c), err: err}
		}
		return expandDoneMsg{gen: gen, from: c.ID, fromName: candName(c), cands: cands, tokens: countAll(counter, cands)}
	}
}

func (m Model) handleDebounce(msg debounceMsg) (Model, tea.Cmd) {
	if msg.gen != m.qgen {
		return m, nil
	}
	m, refresh := m.refreshIfStale()
	m, search := m.startSearch(msg.gen)
	return m, tea.Batch(refresh, search)
}

// startSearch cancels the search in flight and starts one for the query.
func (m Model) startSearch(gen int) (Model, tea.Cmd) {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	raw := strings.TrimSpace(m.query.Value())
	if raw == "" {
		m.query.searching = false
		m.results.empty = ""
		m.cands, m.tokens = nil, map[string]int{}
		next := m.cur
		next.query = ""
		m.pack, m.packText = nil, ""
		m.results.SetRows(nil)
		m.meters.pack, m.meters.sources = nil, nil
		m2, cmd := m.curate(next)
		m3, pv := m2.refreshPreview(true)
		return m3, tea.Batch(cmd, pv)
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.query.searching = true
	return m, searchCmd(ctx, m.deps.Engine, m.deps.Counter, m.deps.Log, raw, gen)
}

// handleSearchDone caches the new candidates (keeping pinned ones the new
// query did not find) and re-packs them.
func (m Model) handleSearchDone(msg searchDoneMsg) (Model, tea.Cmd) {
	if msg.gen != m.qgen {
		return m, nil // stale: a newer query is running or done
	}
	m.query.searching = false
	m.cancel = nil
	if msg.err != nil {
		if errors.Is(msg.err, context.Canceled) {
			return m, nil
		}
		return m.setStatus(fmt.Sprintf("search: %v", msg.err), statusError)
	}
	m.results.empty = fmt.Sprintf("nothing found for %q: try other words, or a name or path", msg.raw)
	cands, tokens := m.keepPinned(msg.retrieval.Candidates, msg.tokens)
	m.cands, m.tokens = cands, tokens
	m.query.setResult(len(msg.retrieval.Candidates), len(sourcesOf(msg.retrieval.Candidates)))
	m.meters.sources = sourcesOf(cands)
	next := m.cur
	next.query = msg.raw
	m, cmd := m.curate(next)
	cmds := []tea.Cmd{cmd}
	if text, ok := m.searchReport(msg.retrieval.Warnings); ok {
		m2, st := m.setStatus(text, statusWarn)
		m = m2
		cmds = append(cmds, st)
	}
	m.missingPins = false
	if m.searchAgain {
		m.searchAgain = false
		m.qgen++
		var again tea.Cmd
		m, again = m.startSearch(m.qgen)
		cmds = append(cmds, again)
	}
	return m, tea.Batch(cmds...)
}

// keepPinned carries pinned candidates of the previous query into the new
// set so a pin survives rephrasing.
func (m Model) keepPinned(cands []engine.Candidate, tokens map[string]int) ([]engine.Candidate, map[string]int) {
	have := make(map[string]bool, len(cands))
	for _, c := range cands {
		have[c.ID] = true
	}
	out := append([]engine.Candidate(nil), cands...)
	for _, c := range m.cands {
		if m.cur.pins[c.ID] && !have[c.ID] {
			out = append(out, c)
			tokens[c.ID] = m.tokens[c.ID]
		}
	}
	return out, tokens
}

// searchReport joins source warnings and, after a resume, the pins whose
// blocks no longer exist.
func (m Model) searchReport(warnings []string) (string, bool) {
	parts := append([]string(nil), warnings...)
	if m.missingPins {
		if gone := m.missingPinIDs(); len(gone) > 0 {
			parts = append(parts, fmt.Sprintf("%d pinned block(s) no longer exist: %s", len(gone), strings.Join(gone, ", ")))
		}
	}
	return strings.Join(parts, " · "), len(parts) > 0
}

func (m Model) missingPinIDs() []string {
	have := make(map[string]bool, len(m.cands))
	for _, c := range m.cands {
		have[c.ID] = true
	}
	var gone []string
	for id := range m.cur.pins {
		if !have[id] {
			gone = append(gone, id)
		}
	}
	slices.Sort(gone)
	return gone
}

func (m Model) expand() (Model, tea.Cmd) {
	c, _ := m.selectedCandidate()
	if c == nil {
		return m, nil
	}
	m2, st := m.setStatus("expanding "+c.Block.Name+"…", statusInfo)
	return m2, tea.Batch(st, expandCmd(context.Background(), m.deps.Engine, m.deps.Counter, *c, m.qgen))
}

// handleExpandDone adds the neighbours that are not candidates yet.
func (m Model) handleExpandDone(msg expandDoneMsg) (Model, tea.Cmd) {
	if msg.gen != m.qgen {
		return m, nil
	}
	if msg.err != nil {
		return m.setStatus(fmt.Sprintf("expand: %v", msg.err), statusError)
	}
	have := make(map[string]bool, len(m.cands))
	for _, c := range m.cands {
		have[c.ID] = true
	}
	next := append([]engine.Candidate(nil), m.cands...)
	tokens := make(map[string]int, len(m.tokens)+len(msg.cands))
	for id, n := range m.tokens {
		tokens[id] = n
	}
	var added, already []string
	for _, c := range msg.cands {
		if have[c.ID] {
			already = append(already, candName(c))
			continue
		}
		next = append(next, c)
		tokens[c.ID] = msg.tokens[c.ID]
		have[c.ID] = true
		added = append(added, candName(c))
	}
	m.cands, m.tokens = next, tokens
	m.meters.sources = sourcesOf(next)
	m2, st := m.setStatus(expandReport(msg.fromName, added, already), statusInfo)
	return m2, tea.Batch(st, m2.repack())
}

// expandReport says which neighbours came in, by name, or why none did.
func expandReport(from string, added, already []string) string {
	switch {
	case len(added) > 0:
		return fmt.Sprintf("%s: added %s: %s", from, plural(len(added), "neighbour"), nameList(added, 6))
	case len(already) == 1:
		return fmt.Sprintf("%s: its one neighbour, %s, is already a candidate", from, already[0])
	case len(already) > 1:
		return fmt.Sprintf("%s: its %d neighbours are already candidates (%s)", from, len(already), nameList(already, 6))
	}
	return from + ": no neighbours found (no calls, callers or types in the index link to it)"
}

// nameList joins up to n names and says how many more there are.
func nameList(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + fmt.Sprintf(" and %d more", len(names)-n)
}

// candName is a candidate's name as the list shows it.
func candName(c engine.Candidate) string {
	if c.Block.QualName != "" {
		return c.Block.QualName
	}
	if c.Block.Name != "" {
		return c.Block.Name
	}
	return c.Block.Path
}

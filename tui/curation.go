package tui

import (
	"maps"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
)

// curation is what a person has shaped: the inputs of a re-pack besides the
// candidates. Its maps are copied on write, so a command that captured a
// curation keeps a consistent snapshot while the model moves on.
type curation struct {
	query    string
	budget   int
	format   string
	pins     map[string]bool
	drops    map[string]bool
	levels   map[string]engine.Level
	weights  map[engine.Source]float64
	disabled map[engine.Source]bool
}

func newCuration(cfg Config) curation {
	return curation{
		budget:   cfg.Budget,
		format:   cfg.Format,
		pins:     map[string]bool{},
		drops:    map[string]bool{},
		levels:   map[string]engine.Level{},
		weights:  maps.Clone(cfg.Weights),
		disabled: map[engine.Source]bool{},
	}
}

// togglePin pins id (and undrops it) or unpins it.
func (c curation) togglePin(id string) curation {
	c.pins, c.drops = maps.Clone(c.pins), maps.Clone(c.drops)
	if c.pins[id] {
		delete(c.pins, id)
	} else {
		c.pins[id] = true
		delete(c.drops, id)
	}
	return c
}

// toggleDrop drops id (and unpins it) or undrops it.
func (c curation) toggleDrop(id string) curation {
	c.pins, c.drops = maps.Clone(c.pins), maps.Clone(c.drops)
	if c.drops[id] {
		delete(c.drops, id)
	} else {
		c.drops[id] = true
		delete(c.pins, id)
	}
	return c
}

func (c curation) withLevel(id string, l engine.Level) curation {
	c.levels = maps.Clone(c.levels)
	c.levels[id] = l
	return c
}

func (c curation) withWeight(src engine.Source, w float64) curation {
	c.weights = maps.Clone(c.weights)
	c.weights[src] = w
	return c
}

func (c curation) toggleSource(src engine.Source) curation {
	c.disabled = maps.Clone(c.disabled)
	if c.disabled[src] {
		delete(c.disabled, src)
	} else {
		c.disabled[src] = true
	}
	return c
}

// request builds the engine's pack request from the curation.
func (c curation) request(reserves packing.Reserves, counter engine.Counter, f packing.Formatter) packing.PackRequest {
	return packing.PackRequest{
		Query:     c.query,
		Budget:    c.budget,
		Reserves:  reserves,
		Weights:   c.weights,
		Disabled:  c.disabled,
		Pins:      c.pins,
		Drops:     c.drops,
		Levels:    c.levels,
		Counter:   counter,
		Formatter: f,
	}
}

// nextLevel cycles full → focus → head → signature → bookend → reference
// → full.
func nextLevel(l engine.Level) engine.Level {
	if l >= engine.LevelReference {
		return engine.LevelFull
	}
	return l + 1
}

// levelName is the short name of a level shown in rows and stored in
// sessions.
func levelName(l engine.Level) string {
	switch l {
	case engine.LevelFull:
		return "full"
	case engine.LevelFocus:
		return "focus"
	case engine.LevelHead:
		return "head"
	case engine.LevelSignature:
		return "sig"
	case engine.LevelBookend:
		return "book"
	case engine.LevelReference:
		return "ref"
	}
	return "?"
}

func parseLevel(s string) (engine.Level, bool) {
	for l := engine.LevelFull; l <= engine.LevelReference; l++ {
		if levelName(l) == s {
			return l, true
		}
	}
	return 0, false
}

// Share weights move by a factor and stay within bounds.
const (
	shareFactor = 1.5
	minWeight   = 0.25
	maxWeight   = 50
)

func clampWeight(w float64) float64 {
	return min(max(w, minWeight), maxWeight)
}

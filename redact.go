package main

import (
	"hash/maphash"
	"sync"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/index/secrets"
)

// redactCacheSize bounds the texts whose redaction is remembered; the
// explorer re-retrieves the same blocks as the person types.
const redactCacheSize = 4096

// redactor adapts the secrets detector to engine.Redactor and remembers
// recent answers by path and text.
type redactor struct {
	d    *secrets.Detector
	seed maphash.Seed
	mu   sync.Mutex
	memo map[uint64]redacted
}

type redacted struct {
	text  string
	found []engine.Redaction
}

// newRedactor returns the redactor over the embedded rule set.
func newRedactor() engine.Redactor {
	d, err := secrets.Default()
	if err != nil {
		// The rules are embedded and compiled by the package's tests:
		// this is a build defect, and sending secrets out is worse.
		panic(err)
	}
	return &redactor{d: d, seed: maphash.MakeSeed(), memo: map[uint64]redacted{}}
}

// Redact implements engine.Redactor.
func (r *redactor) Redact(path, text string) (string, []engine.Redaction) {
	if text == "" {
		return text, nil
	}
	var h maphash.Hash // path, NUL, text: hashed in place, not joined
	h.SetSeed(r.seed)
	h.WriteString(path)
	h.WriteByte(0)
	h.WriteString(text)
	key := h.Sum64()
	r.mu.Lock()
	m, ok := r.memo[key]
	r.mu.Unlock()
	if ok {
		return m.text, m.found
	}
	out, fs := r.d.Redact(path, text)
	m = redacted{text: out}
	for _, f := range fs {
		m.found = append(m.found, engine.Redaction{Path: path, Line: f.Line, Rule: f.Rule})
	}
	r.mu.Lock()
	if len(r.memo) >= redactCacheSize {
		clear(r.memo)
	}
	r.memo[key] = m
	r.mu.Unlock()
	return m.text, m.found
}

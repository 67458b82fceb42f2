package engine

import (
	"hash/maphash"
	"slices"
)

// weighLines splits every live candidate into lines and weighs them
// against the query: term masks per line (cached by text and query),
// term rarity over the candidates, anchors from the candidates and the
// query's trace frames. Once per pack.
func (p *packer) weighLines() {
	fq := p.req.Cache.focusQuery(p.req.Query)
	masks := make([][]uint32, len(p.cands))
	held := make([]uint32, len(p.cands))
	if len(fq.terms) > 0 {
		for i, c := range p.cands {
			masks[i] = p.req.Cache.lineMasks(fq, trimTrailingBlank(c))
			for _, m := range masks[i] {
				held[i] |= m
			}
		}
	}
	idf := termIDF(len(p.cands), held, len(fq.terms))
	anchors := anchorMap(p.cands, fq.frames)
	p.lines = make([]*lineInfo, len(p.cands))
	for i, c := range p.cands {
		p.lines[i] = newLineInfo(c, masks[i], idf, anchors[c.Block.Path])
	}
}

// focusQuery analyses raw once, remembering the last query analysed.
func (c *PackCache) focusQuery(raw string) focusQuery {
	if c == nil {
		return newFocusQuery(raw)
	}
	c.mu.Lock()
	if c.fq != nil && c.fqRaw == raw {
		fq := *c.fq
		c.mu.Unlock()
		return fq
	}
	c.mu.Unlock()
	fq := newFocusQuery(raw)
	c.mu.Lock()
	c.fq, c.fqRaw = &fq, raw
	c.mu.Unlock()
	return fq
}

// lineMasks is the per-line term mask of text under fq's terms, cached by
// both.
func (c *PackCache) lineMasks(fq focusQuery, text string) []uint32 {
	if c == nil {
		return lineMasks(fq.set, text)
	}
	var h maphash.Hash
	h.SetSeed(c.seed)
	h.WriteString(fq.key)
	h.WriteByte(0)
	h.WriteString(text)
	k := h.Sum64()
	c.mu.Lock()
	m, ok := c.masks[k]
	c.mu.Unlock()
	if ok {
		return m
	}
	m = lineMasks(fq.set, text)
	c.mu.Lock()
	if len(c.masks) >= packCacheLimit {
		clear(c.masks)
	}
	c.masks[k] = slices.Clip(m)
	c.mu.Unlock()
	return m
}

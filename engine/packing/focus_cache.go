package packing

import (
	"hash/maphash"
	"slices"

	"github.com/loupe-dev/loupe/engine"
)

// weighLines splits every live candidate into lines and weighs them
// against the query: term masks per line (cached by text and query),
// term rarity over the candidates, anchors from the candidates and the
// query's trace frames. Once per pack.
func (p *packer) weighLines() {
	fq := p.req.Cache.focusQuery(p.req.Query)
	p.terms = len(fq.terms) > 0
	masks := make([][]uint32, len(p.cands))
	held := make([]uint32, len(p.cands))
	if len(fq.terms) > 0 {
		for i, c := range p.cands {
			masks[i] = p.req.Cache.lineMasks(fq, c)
			for _, m := range masks[i] {
				held[i] |= m
			}
		}
	}
	idf := termIDF(len(p.cands), held, len(fq.terms))
	anchors := anchorMap(p.cands, fq.frames)
	p.held = held
	p.lines = make([]*lineInfo, len(p.cands))
	for i, c := range p.cands {
		p.lines[i] = p.req.Cache.lineInfo(c, fq, masks[i], idf, anchors[c.Block.Path])
	}
}

// lineInfo is newLineInfo, cached by everything it reads: the text and
// the candidate's block fields it uses, the query's terms, their weights
// and the anchors. A re-pack of the same candidates finds every one (with
// its level plans) here.
func (c *PackCache) lineInfo(cand engine.Candidate, fq focusQuery, masks []uint32, idf []float64, anchors []int) *lineInfo {
	if c == nil {
		return newLineInfo(cand, masks, idf, anchors)
	}
	return memo(&c.mu, c.infos, c.lineInfoKey(cand, fq, idf, anchors), func() *lineInfo {
		return newLineInfo(cand, masks, idf, anchors)
	})
}

func (c *PackCache) lineInfoKey(cand engine.Candidate, fq focusQuery, idf []float64, anchors []int) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	b := cand.Block
	for _, s := range []string{fq.key, cand.Text, b.Path, b.Signature, b.Name, b.QualName, string(b.Kind), b.Lang,
		string(cand.Source), cand.ID} {
		maphash.WriteComparable(&h, s)
	}
	for _, v := range []int{b.StartLine, b.EndLine, len(anchors)} {
		maphash.WriteComparable(&h, v)
	}
	for _, a := range anchors {
		maphash.WriteComparable(&h, a)
	}
	for _, f := range idf {
		maphash.WriteComparable(&h, f)
	}
	return h.Sum64()
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

// lineMasks is the per-line term mask of cand's (trimmed) text under fq's
// terms, cached by both.
func (c *PackCache) lineMasks(fq focusQuery, cand engine.Candidate) []uint32 {
	if c == nil {
		return lineMasks(fq.set, trimTrailingBlank(cand))
	}
	text := cand.Text
	var h maphash.Hash
	h.SetSeed(c.seed)
	h.WriteString(fq.key)
	h.WriteByte(0)
	h.WriteString(string(cand.Block.Kind)) // trimTrailingBlank depends on it
	h.WriteByte(0)
	h.WriteString(text)
	return memo(&c.mu, c.masks, h.Sum64(), func() []uint32 {
		return slices.Clip(lineMasks(fq.set, trimTrailingBlank(cand)))
	})
}

package engine

// Redaction is one secret taken out of a candidate's text: where it was
// (the file and line) and the rule that found it.
type Redaction struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Rule string `json:"rule"`
}

// Redactor takes the secrets out of a text before anything else sees it
// (invariant 7). Redact returns text with each secret replaced by a marker
// and the findings, with lines counted from 1 at the start of text. path
// lets rules that depend on the file's name (.env files) apply. The engine
// declares it; index/secrets implements it; the composition root wires it.
type Redactor interface {
	Redact(path, text string) (string, []Redaction)
}

// redact runs r over everything of c that may be sent out: its text, and
// the signature, doc and meta values copied from it. Findings in the text
// are recorded on c with file lines; the copies are redacted silently. A
// text proven clean where it was read (TextClean) is not scanned again:
// that scan was most of a pack's redaction cost.
func redact(r Redactor, c Candidate) Candidate {
	if r == nil {
		return c
	}
	text, found := c.Text, []Redaction(nil)
	if !c.TextClean {
		text, found = r.Redact(c.Block.Path, c.Text)
	}
	if len(found) > 0 {
		c.Text = text
		c.Redactions = make([]Redaction, len(found))
		for i, f := range found {
			f.Path = c.Block.Path
			if c.Block.StartLine > 0 {
				f.Line += c.Block.StartLine - 1
			}
			c.Redactions[i] = f
		}
	}
	c.Block.Signature, _ = r.Redact(c.Block.Path, c.Block.Signature)
	c.Block.Doc, _ = r.Redact(c.Block.Path, c.Block.Doc)
	c.Reason, _ = r.Redact(c.Block.Path, c.Reason)
	if len(c.Meta) > 0 {
		meta := make(map[string]string, len(c.Meta))
		for k, v := range c.Meta {
			meta[k], _ = r.Redact(c.Block.Path, v)
		}
		c.Meta = meta
	}
	return c
}

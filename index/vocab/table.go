package vocab

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The related-terms table: for each word (a stem) of at least minTableDF
// units, its display form, how many units hold it, and its best
// relatedPerWord relatives by normalized PMI,
//
//	npmi(a, b) = ln(N·c(ab) / (c(a)·c(b))) / −ln(c(ab)/N)   in (0, 1]
//
// over N units, keeping pairs seen in at least minPairCount units with an
// npmi of at least minNPMI, and never relating a word to one held by
// more than maxCommonShare of the units, or minCommonUnits in a small
// repository ("get", "new", "err" relate to everything and so mean
// nothing), nor to one held by fewer than minRareShare of them in a large
// one, nor to a function word that is a part of identifiers ("with"
// in WithCancel, "than" in lessThan). npmi favours rare words: a word of
// three units, all of which hold "string", scores as high as a word of
// hundreds that often goes with it, and in the Go tree "decoder" was
// related to mtf and retire (bzip2's move-to-front, 9 and 6 units of
// 195,000), "http" to nethttpomithttp (a build tag, 3). A relative is
// a word the repository uses often enough to mean something in it;
// the floor is never below minPairCount, so a small repository keeps
// every pair it has. The table is text, one line a word,
// sorted, so a query looks a word up by binary search in the file's bytes
// without parsing it:
//
//	stem<TAB>form<TAB>units[<TAB>stem form npmi×1000]…
const (
	minTableDF     = 2
	minPairCount   = 3
	minNPMI        = 0.25
	maxCommonShare = 0.01
	minCommonUnits = 50
	minRareShare   = 1.0 / 20000
	relatedPerWord = 4
)

// Related is one relative of a word.
type Related struct {
	Stem   string  // as the index holds it
	Form   string  // the word to show ("unquote" for stem "unquot")
	Weight float64 // normalized PMI, in (0, 1]
}

// Entry is one word of the table.
type Entry struct {
	Stem, Form string
	Units      int64
	Related    []Related
}

// BuildTable writes the table of c: O(pairs) to score, then a sort of the
// words.
func BuildTable(c *Counts) []byte {
	rel := c.relatives()
	var entries []Entry
	for id, w := range c.words {
		if c.df[id] < minTableDF {
			continue
		}
		entries = append(entries, Entry{Stem: w, Form: c.form(w), Units: c.df[id], Related: rel[id]})
	}
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.Stem, b.Stem) })
	var out []byte
	for _, e := range entries {
		out = appendEntry(out, e)
	}
	return out
}

// appendEntry appends one line of the table: stem, form and units, then
// each related word's stem, form and weight in thousandths.
func appendEntry(out []byte, e Entry) []byte {
	out = append(append(append(append(out, e.Stem...), '\t'), e.Form...), '\t')
	out = strconv.AppendInt(out, e.Units, 10)
	for _, r := range e.Related {
		out = append(append(append(append(append(out, '\t'), r.Stem...), ' '), r.Form...), ' ')
		out = strconv.AppendInt(out, int64(int(math.Round(r.Weight*1000))), 10)
	}
	return append(out, '\n')
}

// relatives scores every pair and keeps each word's best, by word id.
// A word that may be a relative (not too common, not a function word) is
// told once per word, not once per pair; the candidates are kept as word
// ids and weights, and a candidate that cannot enter a full list is
// turned away by one comparison with its last: most pairs of a common
// word are.
func (c *Counts) relatives() [][]Related {
	out := make([][]Related, len(c.words))
	n := float64(c.Units)
	if n <= 0 {
		return out
	}
	limit := max(int64(maxCommonShare*n), minCommonUnits)
	floor := max(int64(minRareShare*n), minPairCount)
	relative := make([]bool, len(c.words))
	for id, w := range c.words {
		relative[id] = c.df[id] <= limit && c.df[id] >= floor && !stopWord(w)
	}
	best := make([][]candidate, len(c.words))
	for k, ab := range c.pairs {
		if ab < minPairCount {
			continue
		}
		a, b := uint32(k>>32), uint32(k)
		if !relative[a] && !relative[b] {
			continue
		}
		pab := float64(ab) / n
		pmi := math.Log(pab / (float64(c.df[a]) / n * float64(c.df[b]) / n))
		npmi := pmi / -math.Log(pab)
		if pab >= 1 || npmi < minNPMI {
			continue
		}
		if relative[b] {
			best[a] = c.keepBest(best[a], candidate{b, npmi})
		}
		if relative[a] {
			best[b] = c.keepBest(best[b], candidate{a, npmi})
		}
	}
	for id, list := range best {
		for _, r := range list {
			w := c.words[r.id]
			out[id] = append(out[id], Related{Stem: w, Form: c.form(w), Weight: r.weight})
		}
	}
	return out
}

// candidate is a relative being considered: a word id and its npmi.
type candidate struct {
	id     uint32
	weight float64
}

// keepBest inserts r into list, best first (ties by stem), and keeps
// relatedPerWord.
func (c *Counts) keepBest(list []candidate, r candidate) []candidate {
	if len(list) == relatedPerWord && c.compare(r, list[len(list)-1]) > 0 {
		return list
	}
	i, _ := slices.BinarySearchFunc(list, r, c.compare)
	if i >= relatedPerWord {
		return list
	}
	list = slices.Insert(list, i, r)
	if len(list) > relatedPerWord {
		list = list[:relatedPerWord]
	}
	return list
}

// compare orders candidates best first: by weight, then by stem.
func (c *Counts) compare(a, b candidate) int {
	if o := cmp.Compare(b.weight, a.weight); o != 0 {
		return o
	}
	return strings.Compare(c.words[a.id], c.words[b.id])
}

// Table is a written table, looked up in place.
type Table struct{ data []byte }

// NewTable wraps the bytes of a table written by BuildTable.
func NewTable(data []byte) Table { return Table{data: data} }

// Lookup returns the entry of a stem, false if the table does not hold it.
func (t Table) Lookup(stem string) (Entry, bool) {
	line := t.find(stem)
	if line == nil {
		return Entry{}, false
	}
	return parseEntry(line)
}

// find binary-searches the sorted lines for the one that starts with
// stem and a tab.
func (t Table) find(stem string) []byte {
	lo, hi := 0, len(t.data)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := bytes.LastIndexByte(t.data[:mid], '\n') + 1
		end := bytes.IndexByte(t.data[start:], '\n')
		if end < 0 {
			end = len(t.data) - start
		}
		line := t.data[start : start+end]
		key, _, _ := bytes.Cut(line, []byte{'\t'})
		switch c := strings.Compare(string(key), stem); {
		case c == 0:
			return line
		case c < 0:
			lo = start + end + 1
		default:
			hi = start
		}
	}
	return nil
}

func parseEntry(line []byte) (Entry, bool) {
	fields := strings.Split(string(line), "\t")
	if len(fields) < 3 {
		return Entry{}, false
	}
	units, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil {
		return Entry{}, false
	}
	e := Entry{Stem: fields[0], Form: fields[1], Units: units}
	for _, f := range fields[3:] {
		parts := strings.Split(f, " ")
		if len(parts) != 3 {
			continue
		}
		w, err := strconv.Atoi(parts[2])
		if err != nil {
			continue
		}
		e.Related = append(e.Related, Related{Stem: parts[0], Form: parts[1], Weight: float64(w) / 1000})
	}
	return e, true
}

package secrets

import "slices"

// keywordIndex finds every rule keyword in a text in one pass: keywords
// are bucketed by their first two bytes (every gitleaks keyword has at
// least two), so each byte of the text costs one table lookup. Checking
// 250 keywords one strings.Contains at a time scanned the text 250 times
// and took most of the detector's time.
type keywordIndex struct {
	words   []string
	buckets map[uint16][]int // first two bytes → indexes into words
	any     [1 << 16]bool    // whether a bucket exists, without hashing
}

func newKeywordIndex(rules []*rule) *keywordIndex {
	ki := &keywordIndex{buckets: map[uint16][]int{}}
	for _, r := range rules {
		for _, k := range r.keywords {
			if len(k) < 2 || slices.Contains(ki.words, k) {
				continue
			}
			ki.words = append(ki.words, k)
			key := uint16(k[0])<<8 | uint16(k[1])
			ki.buckets[key] = append(ki.buckets[key], len(ki.words)-1)
			ki.any[key] = true
		}
	}
	return ki
}

// find returns, for each keyword present in lower, the offsets where it
// occurs.
func (ki *keywordIndex) find(lower string) map[string][]int {
	found := map[string][]int{}
	for i := 0; i+1 < len(lower); i++ {
		key := uint16(lower[i])<<8 | uint16(lower[i+1])
		if !ki.any[key] {
			continue
		}
		for _, id := range ki.buckets[key] {
			w := ki.words[id]
			if len(lower)-i >= len(w) && lower[i:i+len(w)] == w {
				found[w] = append(found[w], i)
			}
		}
	}
	return found
}

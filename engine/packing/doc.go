// Package packing fits ranked candidates into a token budget: it folds
// near-duplicates (dedup.go), weighs each block's lines against the query
// and any stack trace (focus.go, anchors.go), chooses each block's level
// best first (budget.go, whose essay is the packer's design), renders the
// pack through a Formatter and checks the rendered count (pack.go).
//
// It is the second half of the engine: package engine analyses the query,
// retrieves and ranks (its doc.go is the ranking essay) and hands packing a
// list in rank order. packing reads nothing but that list and a
// PackRequest, so a UI re-packs cached candidates after every pin, drop or
// budget change without touching the index. Like engine it is pure: no
// bleve, no I/O, no terminal.
package packing

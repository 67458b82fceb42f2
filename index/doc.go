// Package index keeps one repository's searchable state on disk, outside
// the repository, so that a query costs a search and not a read of the
// tree.
//
// The tree is cut into blocks (package chunk: functions, types, sections,
// windows), and each block is a document of a bleve index: its words, its
// name and qualified name, signature, path, the names it refers to, and a
// compact stored record (blob.go). Blocks, not files, are the documents
// because the engine ranks, budgets and cites blocks. Beside the blocks
// sit the commits (a second bleve index, commits.go), a manifest of every
// file's size, time, hash and blocks (manifest.go), a compressed copy of
// every indexed file that keeps deleted and rewritten files readable
// (store.go), and a table of related words (package vocab).
//
// Update brings all of it up to date after a walk that reads only the
// files whose size, time and then hash changed (a resident process with
// file notifications walks only the directories they name: rewalk.go),
// and merges only small segments after a small update (merges.go); Read returns a block's
// text as the file is now, and says when it moved, went stale or was
// deleted. Search scores a text query with BM25 (scoring.go), in one pass
// over the query's postings where it can (flat.go), with bleve's searchers
// otherwise; Symbol, Callers and FileBlocks look names and paths up.
//
// Every read of the tree goes through package inroot, so that none leaves
// the root whatever its links do, and a file that looks like it holds
// secrets is not indexed unless asked (secretfiles.go). Any number of processes search published
// snapshots while one writes (snapshot.go); a reader never waits for a
// writer.
package index

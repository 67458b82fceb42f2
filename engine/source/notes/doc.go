// Package notes is the project's memory: facts, preferences, decisions and
// errors worth remembering, experiences (what was tried, what was expected,
// what happened, what was learnt) and principles, kept in a plain file
// committed with the repository, retrieved by query and summarised as a
// premortem before a risky change.
//
// # Format: TOML, .loupe/notes.toml
//
//	[[memory]]
//	id = "m-3f9a1c2e"
//	kind = "decision"
//	category = "storage"
//	importance = 4
//	text = "Notes live in TOML so that diffs stay line-sized."
//	created = 2026-11-21T14:00:00Z
//
//	[[experience]]
//	id = "x-0b7d44e1"
//	domain = "payments"
//	strategy = "retry-with-backoff"
//	goal = "stop double charges on timeout"
//	…
//	status = "falsified"
//	confidence = 0.8
//
// Why TOML and not Markdown with fields: every entry is one array-of-tables
// block with one key per line, so an addition is a pure append and a diff
// shows exactly the lines of the entries that changed; two branches that each
// add a note merge without conflict unless they touch the same entry. Types
// are part of the syntax (importance is an integer, confidence a float,
// created a datetime), so a hand edit that breaks them fails with the line
// number instead of being read as text; strings and multi-line strings need
// no escaping rules of our own; and the same parser already reads loupe's
// configuration. Markdown reads a little better but needs a home-made field
// syntax, and a missing blank line silently changes meaning.
//
// The file is rewritten by loupe on every save, entries in a fixed order
// and fields in declaration order, so rewriting a file loupe wrote is a
// no-op diff. Comments are not kept (the header comment is rewritten), and a
// key loupe does not know is an error on load rather than being dropped
// silently on the next save.
//
// # Safety
//
// A missing file is an empty memory; a corrupt one is an error naming the
// line, and it is never overwritten. Save writes a temporary file in the
// same directory, fsyncs it, renames it over the old one and fsyncs the
// directory, under an exclusive lock on that directory: a concurrent writer
// (another loupe, the TUI and the CLI at once) waits, and Save re-reads the
// file under the lock and appends only the entries added since, so neither
// writer's additions are lost and hand edits made meanwhile are kept.
//
// # Ranking
//
// A note's score is relevance × weight. Relevance in [0, 1] counts the
// query's keywords found in the note's words (domain and category count
// double), plus its identifiers, paths and phrases found verbatim. Weight is
// importance/5 for memories, the confidence (at least 0.2) for experiences
// and 0.8 for principles. Notes that match nothing are left out, except
// importance-5 memories, which come with a small score so a project's
// standing rules are always offered.
package notes

// Package watch tells a resident loupe (the explorer, the MCP server) that
// the tree under its root may have changed, so that a query does not walk
// the whole tree to find out, and an edit is searchable at once rather
// than after the next timed walk.
//
// It says that something changed, and in which directories (Changed);
// what changed is still found by the index's own incremental update,
// which reads those directories again (and the whole tree when the
// watcher cannot say where), so the walk stays the single source of truth
// for ignore rules, symlinks and sizes. A watcher that cannot see every
// change (the system's watch limit, an overflowed event queue) says so by
// reporting a change on every question: a caller then walks as it would
// without one. Nothing here reads a file; a directory is watched by its
// path without following a final symlink, and subdirectories are found
// with lstat semantics, so a link in the tree never extends the watch
// outside the root.
package watch

import "errors"

// ErrUnsupported is returned by New where the platform has no watcher.
var ErrUnsupported = errors.New("watch: file notifications are not supported on this platform")

// ErrTooMany is returned by New when the tree has more directories than
// the watcher may watch (MaxDirs, or the system's limit).
var ErrTooMany = errors.New("watch: too many directories to watch")

// MaxDirs bounds the directories one watcher watches: a hostile or huge
// tree must not take every inotify watch of the user.
const MaxDirs = 20000

// maxDirs is MaxDirs; a test lowers it.
var maxDirs = MaxDirs

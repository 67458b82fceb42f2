package main

import (
	"encoding/json"
	"errors"
	"io"
	"net"
)

// The protocol between `loupe pack` and `loupe serve` (cmd_serve.go,
// serve_client.go): one JSON request and one JSON reply per connection.
// It is defined on every platform, so that pack reads the same whether or
// not a server can run there (serve_other.go).

// socketName is the server's socket in the index directory. The directory
// is the person's own (the user cache, or one they chose).
const socketName = "serve.sock"

// maxSocketPath is the longest path a unix socket may have (sun_path,
// 108 bytes on Linux, 104 elsewhere, with its terminating zero).
const maxSocketPath = 103

// serveProto is the version of the request and reply below; a client and a
// server of different versions never talk (the binary check covers it too).
const serveProto = 1

// serveRequest is one pack asked of a server: the query and everything the
// client resolved (its configuration, pins, drops), so that the server
// packs exactly what the client would.
type serveRequest struct {
	Proto   int
	Binary  string // the client's executable (binaryID): only the same build answers
	Root    string // the real root
	Query   string
	Config  Config
	Pins    []string
	Drops   []string
	Explain bool
}

// serveReply is the server's answer. Mismatch, when set, says why the
// server cannot answer this request exactly; the client then packs itself.
type serveReply struct {
	Mismatch string
	Err      string
	Usage    bool // Err is a usage error (exit status 2)
	Text     string
	Summary  string
	Stderr   string // the notes, warnings and --explain table pack prints
}

// maxServeMessage bounds a request or a reply read from the socket (a
// query is at most 1 MiB; a context at a very large budget a few MiB).
const maxServeMessage = 256 << 20

// replyError is the pack's error a server reported.
func replyError(r serveReply) error {
	if r.Err == "" {
		return nil
	}
	if r.Usage {
		return usageError{errors.New(r.Err)}
	}
	return errors.New(r.Err)
}

// writeMessage sends v as one JSON value.
func writeMessage(c *net.UnixConn, v any) error {
	return json.NewEncoder(c).Encode(v)
}

// readMessage reads one JSON value of at most maxServeMessage bytes.
func readMessage(c *net.UnixConn, v any) error {
	return json.NewDecoder(io.LimitReader(c, maxServeMessage)).Decode(v)
}

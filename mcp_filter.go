package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The MCP SDK's stdio transport ends the session on the first line it
// cannot decode (malformed JSON, null, a bare array, a message without
// "jsonrpc", 100k-deep nesting). An agent's client that sends one bad line
// should get an error for it, as JSON-RPC 2.0 says, and a server that
// keeps serving: rpcFilter stands between stdin and the transport, passes
// on each line that is one well-formed JSON-RPC 2.0 message, and answers
// every other line itself.

// JSON-RPC 2.0 error codes.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
)

// maxRPCLine bounds one message; a longer line is answered and skipped.
const maxRPCLine = 16 << 20

// syncWriter serialises whole-message writes from the SDK and the filter.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) Close() error { return nil }

// rpcFilter copies the valid lines of in to pass and answers the others
// on out; it closes pass at the end of in.
func rpcFilter(in io.Reader, pass *io.PipeWriter, out io.Writer) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(br, maxRPCLine)
		if tooLong {
			writeRPCError(out, nil, rpcInvalidRequest, fmt.Sprintf("message over %d bytes", maxRPCLine))
		} else if len(bytes.TrimSpace(line)) > 0 {
			if id, code, msg := checkRPC(line); code != 0 {
				writeRPCError(out, id, code, msg)
			} else if _, werr := pass.Write(append(line, '\n')); werr != nil {
				return
			}
		}
		if err != nil {
			pass.CloseWithError(ignoreEOF(err))
			return
		}
	}
}

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// readLine reads one line without its newline; a line over max is
// consumed and reported as tooLong.
func readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), tooLong, err
	}
}

// rpcMessage is the envelope of a JSON-RPC 2.0 message.
type rpcMessage struct {
	JSONRPC *string          `json:"jsonrpc"`
	ID      json.RawMessage  `json:"id"`
	Method  *string          `json:"method"`
	Params  json.RawMessage  `json:"params"`
	Result  json.RawMessage  `json:"result"`
	Error   *json.RawMessage `json:"error"`
}

// checkRPC returns code 0 for one well-formed JSON-RPC 2.0 message, else
// the error to answer and the id to answer it with (nil: null).
func checkRPC(line []byte) (id json.RawMessage, code int, msg string) {
	if !json.Valid(line) {
		return nil, rpcParseError, "parse error: not valid JSON (or nested too deep)"
	}
	trimmed := bytes.TrimSpace(line)
	switch trimmed[0] {
	case '{':
	case '[':
		return nil, rpcInvalidRequest, "invalid request: batches are not supported; send one message per line"
	default:
		return nil, rpcInvalidRequest, "invalid request: a message must be a JSON object"
	}
	var m rpcMessage
	if err := json.Unmarshal(trimmed, &m); err != nil {
		return nil, rpcInvalidRequest, "invalid request: " + err.Error()
	}
	if validID(m.ID) {
		id = m.ID
	}
	switch {
	case m.JSONRPC == nil || *m.JSONRPC != "2.0":
		return id, rpcInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`
	case m.ID != nil && !validID(m.ID):
		return nil, rpcInvalidRequest, `invalid request: "id" must be a string or a number`
	case m.Method != nil:
		if *m.Method == "" {
			return id, rpcInvalidRequest, `invalid request: "method" is empty`
		}
		if p := bytes.TrimSpace(m.Params); len(p) > 0 && p[0] != '{' && p[0] != '[' && !bytes.Equal(p, []byte("null")) {
			return id, rpcInvalidRequest, `invalid request: "params" must be an object or an array`
		}
		return nil, 0, ""
	case m.ID != nil && (m.Result != nil || m.Error != nil):
		return nil, 0, "" // a response to a request of the server
	}
	return id, rpcInvalidRequest, `invalid request: neither a request ("method") nor a response ("id" with "result" or "error")`
}

// validID reports whether raw is a JSON string or number.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	if raw[0] == '"' {
		return true
	}
	if raw[0] != '-' && (raw[0] < '0' || raw[0] > '9') {
		return false
	}
	var n json.Number
	return json.Unmarshal(raw, &n) == nil
}

// filteredStdio is the server's transport: stdin through rpcFilter, and
// stdout shared by the SDK and the filter's answers.
func filteredStdio(in io.Reader, out io.Writer) *mcp.IOTransport {
	pr, pw := io.Pipe()
	w := &syncWriter{w: out}
	go rpcFilter(in, pw, w)
	return &mcp.IOTransport{Reader: pr, Writer: w}
}

// writeRPCError answers one bad line.
func writeRPCError(out io.Writer, id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
	out.Write(append(b, '\n'))
}

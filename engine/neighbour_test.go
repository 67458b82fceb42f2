package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// TestALongCallerOfTheHitsIsFound is Go task 1 in small: "http server
// keep-alive timeouts". conn.serve does what the question asks, but is
// long and no search ranks it; it calls doKeepAlives, the second-best
// hit, in the file of the best one. It is found only if doKeepAlives is a
// seed of the graph (two seeds a file), kept though its file already
// holds its share of the candidates (a graph neighbour is kept past
// it), and offered in full, not at its signature, since it holds
// the question's words.
func TestALongCallerOfTheHitsIsFound(t *testing.T) {
	const file = "net/http/server.go"
	server := fn(file, "Server", 1, 20)
	keep := fn(file, "doKeepAlives", 30, 3, "shuttingDown")
	serve := fn(file, "serve", 40, 200, "doKeepAlives", "idleTimeout")
	s := &fakeSearcher{
		hits:   []index.Hit{hit(server, 10), hit(keep, 9)},
		blocks: []index.Block{serve},
		texts: map[string]string{
			serve.ID: "func (c *conn) serve() {\n\tif !c.server.doKeepAlives() {\n\t\treturn\n\t}\n\t// HTTP keep-alive: wait for the next request until the idle timeout.\n\tc.rwc.SetReadDeadline(c.server.idleTimeout())\n}\n",
		},
	}
	for i := range 7 {
		other := fn(fmt.Sprintf("net/other%d.go", i), fmt.Sprintf("Other%d", i), 1, 5)
		s.hits = append(s.hits, hit(other, float64(8-i)))
		s.texts[other.ID] = "func Other() { server() }\n"
	}
	for i := range 3 {
		s.hits = append(s.hits, hit(fn(file, fmt.Sprintf("filler%d", i), 300+10*i, 5), 9))
	}
	opts := DefaultRankOptions()
	opts.MaxCandidates = 10 // two a file
	got, err := NewCodeProvider(s, opts).Candidates(context.Background(), AnalyzeQuery("http server keep-alive timeouts"))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := byID(got)[serve.ID]
	if !ok {
		t.Fatalf("conn.serve is not a candidate: %v", ids(got))
	}
	if c.Level == LevelSignature {
		t.Errorf("conn.serve offered at its signature, though it holds the question: %+v", c.Signals)
	}
}

package main

import (
	"strings"
	"testing"
)

// TestPackPutsCDefinitionsBeforeTheirHeader: through the binary, the
// prototype of a C function, whose comment says the question's words more
// often than the function does, ranks below the function in the .c file,
// and every symbol of the header says why (the declaration signal,
// engine/score_place.go).
func TestPackPutsCDefinitionsBeforeTheirHeader(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"lib/transfer.h": `#ifndef TRANSFER_H
#define TRANSFER_H

/* Retry a failed request: decide whether a failed request is retried.
 * A request that failed before any response byte is retried once; a
 * request that failed after the response started is never retried. */
struct retry_state {
  int retries;       /* how often the failed request was retried */
  int failed_early;  /* the request failed before any response byte */
};

/* Decide whether to retry the failed request; returns 1 to retry. */
int transfer_should_retry(struct retry_state *st, int got_bytes);

#endif
`,
		"lib/transfer.c": `#include "transfer.h"

/* transfer_should_retry: retry a failed request at most once. */
int transfer_should_retry(struct retry_state *st, int got_bytes)
{
  if(got_bytes || st->retries > 0)
    return 0;
  st->retries++;
  return 1;
}
`,
		"lib/cookie.c": `/* cookie jar */
int cookie_add(const char *name) { return name != 0; }
`,
	}, "decide whether to retry a failed request", "2000")
	at := func(path string) int {
		for i, b := range p.Blocks {
			if b.Path == path && b.Name == "transfer_should_retry" {
				return i
			}
		}
		return -1
	}
	if c, h := at("lib/transfer.c"), at("lib/transfer.h"); c < 0 || h < 0 || c > h {
		t.Fatalf("blocks %v: want transfer_should_retry of lib/transfer.c before its prototype", blockNames(p))
	}
	for _, b := range p.Blocks {
		if b.Name == "" {
			continue // a file's imports, offered beside its best block
		}
		said := strings.Contains(strings.Join(b.Reasons, "; "), "its definitions are in transfer.c")
		if said != (b.Path == "lib/transfer.h") {
			t.Errorf("%s %s: declaration signal %v, reasons %q", b.Path, b.Name, said, b.Reasons)
		}
	}
}

// TestPackPutsCDefinitionsBeforeAnyHeader: through the binary, in a C
// repository a header that no .c file is named after (its structs are
// used by several) also ranks below the code that does what the question
// asks, and says why.
func TestPackPutsCDefinitionsBeforeAnyHeader(t *testing.T) {
	p := packCodeOf(t, map[string]string{
		"lib/urldata.h": `#ifndef URLDATA_H
#define URLDATA_H

/* Connect to a remote host: the state of resolving and connecting to the
 * remote host, kept while connecting to the remote host. */
struct connectdata {
  const char *remote_host;  /* the remote host to connect to */
  int connect_timeout;      /* how long connecting to the remote host may take */
};

#endif
`,
		"lib/connect.c": `#include "urldata.h"

/* connect_host: resolve the remote host and connect to it. */
int connect_host(struct connectdata *conn)
{
  if(!conn->remote_host)
    return -1;
  return conn->connect_timeout > 0;
}
`,
	}, "how curl connects to a remote host", "2000")
	if len(p.Blocks) == 0 || p.Blocks[0].Path != "lib/connect.c" {
		t.Fatalf("blocks %v: want lib/connect.c first", blockNames(p))
	}
	for _, b := range p.Blocks {
		if b.Path == "lib/urldata.h" && b.Name != "" && !strings.Contains(strings.Join(b.Reasons, "; "), "whose .c files hold the definitions") {
			t.Errorf("%s %s: reasons %q", b.Path, b.Name, b.Reasons)
		}
	}
}

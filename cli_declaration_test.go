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

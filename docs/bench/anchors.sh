#!/bin/bash
# The anchors loupe is measured against (issue 12): ripgrep, universal-ctags and zoekt,
# built from its public source (the Go module proxy refuses zoekt as a module). Nothing
# goes into loupe's go.mod: zoekt builds in a scratch directory with its own go.mod.
#   ZOEKT_GIT  a git directory of github.com/sourcegraph/zoekt (the tool library's
#              `fetch github:sourcegraph/zoekt` gives /work/.mirror/sourcegraph+zoekt/repo)
#   ZOEKT_REV  the commit (default: the one docs/bench/zoekt.md measured)
#   OUT        where the binaries go (default /tmp/zoekt-bin)
# Then: PATH=$OUT:$PATH; zoekt-index and zoekt find universal-ctags through CTAGS_COMMAND.
set -euo pipefail
ZOEKT_GIT=${ZOEKT_GIT:-/work/.mirror/sourcegraph+zoekt/repo}
ZOEKT_REV=${ZOEKT_REV:-c4d8f3537f7a67423835d8cf6b0e1d13e68e0b4c}
OUT=${OUT:-/tmp/zoekt-bin}
SRC=${SRC:-/tmp/zoekt-src}

if ! command -v rg >/dev/null || ! command -v ctags >/dev/null; then
  apt-get update
  apt-get install -y ripgrep universal-ctags
fi
ctags --version | grep -q 'Universal Ctags' || { echo "ctags is not universal-ctags" >&2; exit 1; }

if [ ! -x "$OUT/zoekt-index" ] || [ ! -x "$OUT/zoekt" ]; then
  rm -rf "$SRC"; mkdir -p "$SRC"
  git --git-dir "$ZOEKT_GIT" archive "$ZOEKT_REV" | tar -x -C "$SRC"
  (cd "$SRC" && GOFLAGS=-mod=mod GOBIN="$OUT" nice -n 10 go install ./cmd/zoekt-index ./cmd/zoekt)
fi
rg --version | head -1
ctags --version | head -1
echo "zoekt $ZOEKT_REV in $OUT"

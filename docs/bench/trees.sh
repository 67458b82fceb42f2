#!/bin/bash
# The trees of the issue-12 measurements (docs/BENCHMARKS.md, "2026-11-23 night"),
# under OUT (default /tmp/speed3-trees):
#   go-git   $(go env GOROOT)/src copied and committed as one git repository
#   go-q     the same, only the top-level entries other than cmd/, in name order,
#            until a quarter of the tree's bytes (36 MB, 3,936 files), committed
#   go-h     the same until a half (69.5 MB, 6,810 files), committed
#   loki-git grafana/loki at 65e30f8 (LOKI, a checkout without .git) committed by
#            x, then five one-line commits by y (the person running loupe is
#            neither: the changes source asks patches of nobody's commits)
# The Go tree without git is $(go env GOROOT)/src itself.
set -euo pipefail
OUT=${OUT:-/tmp/speed3-trees}
G=$(go env GOROOT)/src
LOKI=${LOKI:-$(ls -d /tmp/loupe-bench-work/grafana+loki@65e30f8* | head -1)}
mkdir -p "$OUT"
commit() { git -c user.name="$1" -c user.email="$1@example.com" commit -q -m "$2"; }
mk() {
  local d=$OUT/$1; shift
  rm -rf "$d"; mkdir -p "$d"
  for e in "$@"; do cp -a "$G/$e" "$d/"; done
  (cd "$d" && git init -q && git add -A && commit bench snapshot)
  echo "$d: $(git -C "$d" ls-files | wc -l) files"
}
mk go-git $(ls -A "$G")
total=$(du -sb "$G" | cut -f1)
q=(); h=(); acc=0
for e in $(ls -A "$G" | grep -vx cmd); do
  [ "$acc" -lt $((total / 4)) ] && q+=("$e")
  [ "$acc" -lt $((total / 2)) ] && h+=("$e")
  acc=$((acc + $(du -sb "$G/$e" | cut -f1)))
done
mk go-q "${q[@]}"
mk go-h "${h[@]}"
rm -rf "$OUT/loki-git"; cp -a "$LOKI" "$OUT/loki-git"
cd "$OUT/loki-git" && git init -q && git add -A && commit x "loki snapshot"
for i in 1 2 3 4 5; do echo "note $i" >> docs/NOTES-bench.md; git add docs/NOTES-bench.md; commit y "docs: note $i"; done
echo "$OUT/loki-git: $(git ls-files | wc -l) files"

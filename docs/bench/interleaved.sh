#!/bin/bash
# Interleaved `loupe pack` wall/CPU/RSS medians: each argument is
# label=BINARY:INDEX_DIR; the binaries run in turn, N rounds.
#   ROOT (default: the Go tree), Q (the query), N (rounds, default 10).
# Example (docs/BENCHMARKS.md, 2026-11-23 evening):
#   N=12 docs/bench/interleaved.sh base=./loupe-base:/tmp/ix-base main=./loupe-main:/tmp/ix-main speed=./loupe:/tmp/ix-speed
G=${ROOT:-$(go env GOROOT)/src}; N=${N:-10}
Q=${Q:-"fix json.Unmarshal panics on nil map"}
RAW=$(mktemp)
for i in $(seq 1 "$N"); do
  for spec in "$@"; do
    label=${spec%%=*}; rest=${spec#*=}; bin=${rest%%:*}; ix=${rest#*:}
    /usr/bin/time -o "$RAW.one" -f "$label %e %U %S %M" "$bin" pack "$Q" --root "$G" --index-dir "$ix" --budget 8000 > /dev/null 2>&1
    cat "$RAW.one" >> "$RAW"
  done
done
python3 - "$RAW" "$@" <<'PY'
import collections, statistics as st, sys
labels = [a.split('=')[0] for a in sys.argv[2:]]
d = collections.defaultdict(list)
for l in open(sys.argv[1]):
    p = l.split()
    if len(p) == 5 and p[0] in labels:
        d[p[0]].append((float(p[1]), float(p[2]) + float(p[3]), int(p[4])))
for k in labels:
    v = d[k]
    print("%-8s n=%d wall %.3f s  cpu %.3f s  rss %d MB" % (k, len(v), st.median(x[0] for x in v),
          st.median(x[1] for x in v), st.median(x[2] for x in v) // 1024))
PY
rm -f "$RAW" "$RAW.one"

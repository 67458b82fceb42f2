#!/bin/bash
# Cold index builds, interleaved: `loupe index` (symbols always on) against
# `zoekt-index` with universal-ctags, each into a fresh directory, under nice
# (builds share the machine). Prints one line per run: tool tree round wall
# cpu(user+sys) peak-RSS(MiB) index-bytes load.
#   ROUNDS (default 1), LOUPE (binary, default ./loupe-bin), ZOEKT (dir of the
#   zoekt binaries, default /tmp/zoekt-bin: docs/bench/anchors.sh), IX (where
#   the indexes stay, default /tmp/speed3-ix: IX/loupe-NAME and IX/zoekt-NAME,
#   the last round's, are the warm indexes of docs/bench/oneshot.sh).
#   TOOLS (default "loupe zoekt"): which tools to build with.
#   Arguments: NAME=TREE ...
# Example: ROUNDS=3 docs/bench/builds.sh go=/tmp/speed3-trees/go-git
LOUPE=${LOUPE:-./loupe-bin}; ZOEKT=${ZOEKT:-/tmp/zoekt-bin}; IX=${IX:-/tmp/speed3-ix}
ROUNDS=${ROUNDS:-1}; CTAGS=${CTAGS:-$(command -v ctags)}; TOOLS=${TOOLS:-loupe zoekt}
mkdir -p "$IX"; T=$(mktemp)
one() { # tool name dir cmd...
  local tool=$1 name=$2 dir=$3; shift 3
  rm -rf "$dir"; mkdir -p "$dir"
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  nice -n 10 /usr/bin/time -o "$T" -f "%e %U %S %M" "$@" > "$dir.log" 2>&1 || { echo "$tool $name failed: $dir.log" >&2; return; }
  read -r wall u s rss < "$T"
  printf "%-6s %-8s %s %7.2f %7.2f %5d %10d %s\n" "$tool" "$name" "$round" "$wall" "$(echo "$u + $s" | bc)" $((rss / 1024)) "$(du -sb "$dir" | cut -f1)" "$load"
}
for round in $(seq 1 "$ROUNDS"); do
  for spec in "$@"; do
    name=${spec%%=*}; tree=${spec#*=}
    case " $TOOLS " in *" loupe "*)
      one loupe "$name" "$IX/loupe-$name" "$LOUPE" index "$tree" --index-dir "$IX/loupe-$name" ;;
    esac
    case " $TOOLS " in *" zoekt "*)
      one zoekt "$name" "$IX/zoekt-$name" env CTAGS_COMMAND="$CTAGS" "$ZOEKT/zoekt-index" -require_ctags -index "$IX/zoekt-$name" "$tree" ;;
    esac
  done
done
rm -f "$T"

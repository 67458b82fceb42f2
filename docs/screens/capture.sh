#!/usr/bin/env bash
# Captures the explorer as text, in tmux, at 120×40, 80×24 and 60×15, on a
# fresh clone of this repository and on the Go tree, into docs/screens/.
# Usage: docs/screens/capture.sh BIN CLONE GOROOT_SRC INDEX_DIR_CLONE INDEX_DIR_GO
# (CLONE: a fresh clone whose user.email is not the authors', as a new user's is.)
# --deadline 3s: on the shared 2-core machine the 500ms default of the explorer made
# sources time out while others built and tested.
set -euo pipefail
bin=$1 clone=$2 gosrc=$3 ixc=$4 ixg=$5
out=$(cd "$(dirname "$0")" && pwd)
# The captures are written beside this script: run it from another checkout
# than CLONE, or the explorer shows its own captures as uncommitted changes.
case "$out/" in "$(cd "$clone" && pwd)/"*)
  echo "capture.sh: run it from another checkout than $clone (it writes into $out)" >&2; exit 1;;
esac
sock=loupe-screens-$$
state=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$state"' EXIT

# The theme comes from COLORFGBG (what rxvt or Konsole set), not from --style, so
# the captures go through the background detection a person's terminal does.
shot() { # name w h dir indexdir theme query keys...
  local name=$1 w=$2 h=$3 dir=$4 ix=$5 style=$6 query=$7; shift 7
  local fgbg='15;0'
  if [ "$style" = light ]; then fgbg='0;15'; fi
  tmux -L "$sock" -f /dev/null new -d -s s -x "$w" -y "$h" -c "$dir" \
    "env XDG_STATE_HOME=$state TERM=xterm-256color COLORTERM=truecolor COLORFGBG='$fgbg' $bin --index-dir $ix --deadline 3s '$query'; sleep 60"
  for _ in $(seq 1 150); do
    if tmux -L "$sock" capture-pane -t s -p | grep -q ' [0-9]*/[0-9]* ─\|type what you are about to do'; then break; fi
    sleep 0.2
  done
  sleep 4 # the background index check and its second search settle
  for k in "$@"; do tmux -L "$sock" send-keys -t s "$k"; sleep 1.2; done
  { echo "### $name ($w×$h, $style terminal)"; echo '```'; tmux -L "$sock" capture-pane -t s -p; echo '```'; echo; } >> "$out/$w"x"$h.md"
  { printf '\n=== %s (%s×%s, %s terminal) ===\n' "$name" "$w" "$h" "$style"; tmux -L "$sock" capture-pane -t s -p -e; } >> "$out/$w"x"$h.ansi"
  tmux -L "$sock" kill-session -t s 2>/dev/null || true
  sleep 0.5
}

# The README's first query, read from the README: spelled out here too, this
# script was the third block the query found in the repository.
query=$(sed -n 's/^go run \. pack "\(.*\)"$/\1/p' "$clone/README.md" | head -1)
[ -n "$query" ] || { echo "capture.sh: no 'go run . pack' query in $clone/README.md" >&2; exit 1; }

for size in 120x40 80x24 60x15; do
  w=${size%x*} h=${size#*x}
  printf '# The explorer at %s×%s\n\nText captures (tmux capture-pane) made by capture.sh, in a dark (COLORFGBG=15;0) and a light (COLORFGBG=0;15) terminal. Text keeps no colour: the same screens with their colours are in %s.ansi (`less -R docs/screens/%s.ansi`). The focused pane has the accent-coloured border.\n\n' "$w" "$h" "$size" "$size" > "$out/$size.md"
  : > "$out/$size.ansi"
  shot "this repository: the list and a block" "$w" "$h" "$clone" "$ixc" dark "$query" j
  shot "this repository: the exact context (v)" "$w" "$h" "$clone" "$ixc" light "$query" v
  shot "this repository: the sessions (ctrl+r)" "$w" "$h" "$clone" "$ixc" dark "$query" p C-r
  shot "the Go tree: http.Server" "$w" "$h" "$gosrc" "$ixg" light "http server graceful shutdown" j j j
  shot "the Go tree: neighbours of the selected block (e)" "$w" "$h" "$gosrc" "$ixg" dark "http server graceful shutdown" e
  shot "a new explorer: no query yet" "$w" "$h" "$clone" "$ixc" light ""
done

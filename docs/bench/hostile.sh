#!/bin/bash
# A hostile repository, by hand: programs its files name (.loupe.toml diagnostics_cmd,
# .git/config fsmonitor, pager, diff.external, filters, textconv, hooksPath) must not run, and
# files swapped for links to outside the root after indexing must not be read, by a pack on its
# own, by `loupe mcp` or by packs that `loupe serve` answers.
# Usage: docs/bench/hostile.sh ./loupe
set -u
BIN=$1; W=$(mktemp -d); R=$W/repo; OUT=$W/outside; mkdir -p $R/pay $OUT
echo "SECRET-OUTSIDE-THE-ROOT retry payment backoff" > $OUT/leak.go
cat > $R/pay/retry.go <<'G'
package pay

// RetryPayment retries a failed payment with backoff.
func RetryPayment() int { return 3 }
G
cat > $R/pay/backoff.go <<'G'
package pay

// Backoff waits before a retry of a payment.
func Backoff(n int) int { return n * 2 }
G
cat > $R/.loupe.toml <<T
diagnostics_cmd = "touch $W/PWNED-diag"
T
cat > $R/.gitattributes <<'T'
*.go filter=evil diff=evil
T
cd $R && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init
git config core.fsmonitor "touch $W/PWNED-fsmonitor"
git config core.pager "touch $W/PWNED-pager"
git config diff.external "touch $W/PWNED-diffext"
git config filter.evil.clean "touch $W/PWNED-filter"
git config filter.evil.smudge "touch $W/PWNED-filter"
git config diff.evil.textconv "touch $W/PWNED-textconv"
git config core.hooksPath "$W/hooks"; mkdir -p $W/hooks; printf '#!/bin/sh\ntouch %s/PWNED-hook\n' $W > $W/hooks/post-index-change; chmod +x $W/hooks/*
echo "// changed" >> pay/retry.go   # an uncommitted change: the changes source runs git diff
IX=$W/ix
$BIN index $R --index-dir $IX > /dev/null 2>&1
echo "--- pack 1 (programs named by the repository)"
$BIN pack "retry failed payment with backoff" --root $R --index-dir $IX > $W/p1.out 2> $W/p1.err; echo "rc=$?"
grep -i "diagnostics\|trust" $W/p1.err | head -3
ls $W | grep PWNED && echo "!!! a program the repository named ran" || echo "ok: no program named by the repository ran"
echo "--- pack 2 (links swapped after indexing)"
rm $R/pay/backoff.go && ln -s $OUT/leak.go $R/pay/backoff.go
mv $R/pay $R/pay.real && ln -s $OUT $R/pay2 && mkdir -p $R/pay && cp $R/pay.real/retry.go $R/pay/ && ln -sf $OUT/leak.go $R/pay/backoff.go
$BIN pack "retry failed payment with backoff" --root $R --index-dir $IX > $W/p2.out 2> $W/p2.err; echo "rc=$?"
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/p2.out | sed 's/^/leaked lines in stdout: /'
grep -l "SECRET-OUTSIDE" $IX -r 2>/dev/null | head -2 | sed 's/^/!!! in index: /'
echo "--- mcp (same repository)"
(printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"context_query","arguments":{"query":"retry failed payment with backoff"}}}'; sleep 6) | timeout 20 $BIN mcp --root $R --index-dir $IX > $W/mcp.out 2>/dev/null
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/mcp.out | sed 's/^/leaked in mcp: /'
grep -c "pay/retry.go" $W/mcp.out | sed "s/^/mcp answer mentions pay\/retry.go (must be > 0): /"
echo "--- mcp, links swapped while it runs (after its index, file cache and git answers are warm)"
R2=$W/live; mkdir -p $R2/pay && cp $R/pay/retry.go $R2/pay/ && printf 'package pay\n\n// Backoff waits before a retry of a payment.\nfunc Backoff(n int) int { return n * 2 }\n' > $R2/pay/backoff.go
(cd $R2 && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init && echo "// changed" >> pay/retry.go)
# swap.py asks `loupe mcp` the same question twice (warm: its index, file
# cache, git answers and the walk kept by directory), swaps pay/backoff.go
# for a link out of the root (and with "dir" the directory pay for one
# too), then asks four times more and prints the answers.
cat > $W/swap.py <<'PY'
import json, os, subprocess, sys, time
binp, root, ix, out, what = sys.argv[1:6]
p = subprocess.Popen([binp, "mcp", "--root", root, "--index-dir", ix], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
def call(i, method, params):
    p.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) + "\n"); p.stdin.flush()
    while True:
        m = json.loads(p.stdout.readline())
        if m.get("id") == i:
            return json.dumps(m)
call(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
q = {"name": "context_query", "arguments": {"query": "retry failed payment with backoff"}}
call(2, "tools/call", q); time.sleep(0.3); call(3, "tools/call", q)  # warm
os.remove(os.path.join(root, "pay", "backoff.go")); os.symlink(os.path.join(out, "leak.go"), os.path.join(root, "pay", "backoff.go"))
if what == "dir":
    os.rename(os.path.join(root, "pay"), os.path.join(root, "pay.real")); os.symlink(out, os.path.join(root, "pay"))
for i in range(4, 8):
    print(call(i, "tools/call", q)); time.sleep(0.3)
p.stdin.close(); p.wait()
PY
python3 $W/swap.py "$BIN" "$R2" "$W/ix-live" "$OUT" dir > $W/live.out
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/live.out | sed 's/^/leaked in mcp, swapped while it ran (answers): /'
grep -c "pay.real/retry.go" $W/live.out | sed 's/^/answers naming the moved pay.real\/retry.go (the refresh saw the swap; must be > 0): /'
echo "--- mcp, one file swapped for a link while it runs (a refresh reads that directory alone)"
R3=$W/live1; mkdir -p $R3/pay $R3/docs && cp $R/pay/retry.go $R3/pay/ && printf 'package pay\n\n// Backoff waits before a retry of a payment.\nfunc Backoff(n int) int { return n * 2 }\n' > $R3/pay/backoff.go
printf '# Payments\n\nRetries back off.\n' > $R3/docs/README.md
python3 $W/swap.py "$BIN" "$R3" "$W/ix-live1" "$OUT" file > $W/live1.out
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/live1.out | sed 's/^/leaked in mcp, a file swapped while it ran: /'
grep -c "pay/retry.go" $W/live1.out | sed 's/^/answers naming pay\/retry.go (must be > 0): /'
echo "--- loupe serve, links swapped while it runs (packs answered by the server)"
R3=$W/served; mkdir -p $R3/pay && cp $R/pay/retry.go $R3/pay/ && printf 'package pay\n\n// Backoff waits before a retry of a payment.\nfunc Backoff(n int) int { return n * 2 }\n' > $R3/pay/backoff.go
cp $R/.loupe.toml $R3/ && (cd $R3 && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init && echo "// changed" >> pay/retry.go)
$BIN serve --root $R3 --index-dir $W/ix-served 2> $W/served.err & SRV=$!
for i in $(seq 100); do grep -q "loupe: serving" $W/served.err 2>/dev/null && break; sleep 0.1; done
$BIN pack "retry failed payment with backoff" --root $R3 --index-dir $W/ix-served > $W/served1.out 2>/dev/null
rm $R3/pay/backoff.go && ln -s $OUT/leak.go $R3/pay/backoff.go
mv $R3/pay $R3/pay.real && ln -s $OUT $R3/pay
for i in 1 2 3; do $BIN pack "retry failed payment with backoff" --root $R3 --index-dir $W/ix-served; done > $W/served2.out 2>/dev/null
kill $SRV; wait $SRV 2>/dev/null
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/served2.out | sed 's/^/leaked in served packs, swapped while the server ran: /'
grep -c "pay.real/retry.go" $W/served2.out | sed "s/^/served packs naming the moved pay.real\/retry.go (the server saw the swap; must be > 0): /"
grep -o "after [0-9]* packs" $W/served.err | grep -o "[0-9]*" | sed "s/^/packs the server answered (must be 4: none packed on its own): /"
ls $W | grep PWNED && echo "!!! a program ran" || echo "ok: still nothing ran"
echo "--- FIFOs where git and loupe read files (an archive can hold them; reading one waits forever)"
for f in .git/config .git/HEAD .git/index .loupe.toml; do
  F=$W/fifo; rm -rf $F; mkdir -p $F && cp $R/pay/retry.go $F/ && (cd $F && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init)
  rm -f $F/$f && mkfifo $F/$f
  timeout 60 $BIN pack "retry failed payment" --root $F --index-dir $W/ix-fifo > $W/fifo.out 2> $W/fifo.err; rc=$?
  [ $rc = 124 ] && echo "!!! $f: loupe pack still waiting after 60 s" || echo "$f: rc=$rc, retry.go packed: $(grep -c RetryPayment $W/fifo.out), stderr: $(grep -o 'not a regular file[^$]*' $W/fifo.err | head -1)"
  rm -rf $W/ix-fifo
done
echo "--- core.worktree pointing out of the root"
F=$W/wt; rm -rf $F; mkdir -p $F $W/home && cp $R/pay/retry.go $F/ && echo "notes" > $F/notes.txt && (cd $F && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm init)
echo "SECRET-OUTSIDE-THE-ROOT retry payment" > $W/home/notes.txt; git -C $F config core.worktree $W/home
$BIN pack "retry failed payment" --root $F --index-dir $W/ix-wt > $W/wt.out 2>&1
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/wt.out | sed 's/^/leaked lines through core.worktree: /'
echo "--- a .git file naming another repository on the disk"
V=$W/dotfiles; mkdir -p $V && echo "token=SECRET-OUTSIDE-THE-ROOT retry payment" > $V/creds.txt && (cd $V && git init -q && git add -A && git -c user.email=a@b -c user.name=a commit -qm "retry payment creds")
F=$W/download; mkdir -p $F && cp $R/pay/retry.go $F/ && echo "gitdir: ../dotfiles/.git" > $F/.git
$BIN pack "retry failed payment creds" --root $F --index-dir $W/ix-gd > $W/gd.out 2> $W/gd.err
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/gd.out | sed 's/^/leaked lines from the other repository: /'; grep -o "git not run[^:]*" $W/gd.err | head -1
F=$W/download2; mkdir -p $F && cp $R/pay/retry.go $F/ && echo "gitdir: ../dotfiles/.git" > $F/.gitfile && ln -s .gitfile $F/.git
$BIN pack "retry failed payment creds" --root $F --index-dir $W/ix-gd2 > $W/gd2.out 2> $W/gd2.err
grep -c "SECRET-OUTSIDE-THE-ROOT" $W/gd2.out | sed 's/^/leaked lines through a .git link to a gitdir file: /'
echo "work dir: $W"

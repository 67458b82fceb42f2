#!/usr/bin/env python3
"""CPU of a resident `loupe mcp` answering right after an edit (issue 12): the server's
own and its children's (git), per answer. Each round appends a comment line to a tracked
file of ROOT (encoding/json/decode.go: the Go tree), then asks a new question; the
server refreshes (re-indexes the file) and its changes source looks at the tree again.
The file is restored at the end (git checkout). Run two binaries in turn to compare:

  docs/bench/edits.py ./loupe-bin /tmp/speed3-trees/go-git IX 10
"""
import json, os, statistics as st, subprocess, sys, time
binp, root, ix = sys.argv[1], sys.argv[2], sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 10
tk = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        p = f.read().rsplit(")", 1)[1].split()
    return (int(p[11]) + int(p[12])) / tk, (int(p[13]) + int(p[14])) / tk
p = subprocess.Popen([binp, "mcp", "--root", root, "--index-dir", ix], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
i = [0]
def send(m):
    p.stdin.write(json.dumps(m) + "\n"); p.stdin.flush()
def call(q):
    i[0] += 1
    send({"jsonrpc": "2.0", "id": i[0], "method": "tools/call", "params": {"name": "context_query", "arguments": {"query": q, "budget": 8000}}})
    while True:
        r = json.loads(p.stdout.readline())
        if r.get("id") == i[0]:
            return r
send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "b", "version": "1"}}})
p.stdout.readline()
send({"jsonrpc": "2.0", "method": "notifications/initialized"})
call("warm up one"); call("warm up two")
target = os.path.join(root, "encoding/json/decode.go")
own, kids, wall = [], [], []
words = ["map", "slice", "pointer", "string", "number", "struct", "array", "interface", "float", "bool", "int", "null"]
for k in range(n):
    with open(target, "a") as f:
        f.write("// edit %d\n" % k)
    time.sleep(0.3)
    a, t0 = cpu(p.pid), time.monotonic()
    call("fix json.Unmarshal panics on nil %s %d" % (words[k % len(words)], k))
    b = cpu(p.pid)
    wall.append((time.monotonic() - t0) * 1000)
    own.append((b[0] - a[0]) * 1000); kids.append((b[1] - a[1]) * 1000)
p.stdin.close(); p.wait()
subprocess.run(["git", "-C", root, "checkout", "-q", "--", "encoding/json/decode.go"])
print("%s: per answer after an edit, server CPU median %.0f ms, its git children %.0f ms (means %.0f, %.0f); wall median %.0f ms" % (
    os.path.basename(binp), st.median(own), st.median(kids), st.mean(own), st.mean(kids), st.median(wall)))

#!/usr/bin/env python3
"""CPU of a new query in a resident `loupe mcp` (issue 12: <= 50 ms once warm).
Starts `loupe mcp --root ROOT --index-dir IX` on a warm index, waits for its
first update, asks WARM untimed queries, then each query of QUERIES (all
different) once, and reads the process's CPU (every thread's schedstat run
time, ns) before and after each answer. Prints the median and mean per query
and the whole process's user+sys from /proc/PID/stat as a check; --dump
keeps the answers, so that two binaries can be checked to answer alike.

  docs/bench/resident.py --bin ./loupe-bin --root $(go env GOROOT)/src --index-dir IX [--budget 8000]
"""
import argparse, json, os, statistics as st, subprocess, time

# The first 20 of the questions BenchmarkResidentQuery asks too.
QUERIES = [l for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "resident-questions.txt"))
           .read().splitlines() if l and not l.startswith("#")][:20]


# A person typing two tasks into the explorer, which searches as they type:
# each query a few characters longer than the last, so most files repeat.
TYPING = [w for task in ["http server graceful shutdown timeout", "gzip reader checksum error"]
          for w in [task[:n] for n in range(4, len(task) + 1, 3)] + [task]]


def cpu_ns(pid):
    total = 0
    for t in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, t)) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total


def ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        p = f.read().rsplit(")", 1)[1].split()
    return (int(p[11]) + int(p[12])) / os.sysconf("SC_CLK_TCK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--index-dir", required=True)
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--warm", type=int, default=3)
    ap.add_argument("--typing", action="store_true",
                    help="ask the queries of a person typing (TYPING: each a prefix of the next) instead")
    ap.add_argument("--spacing", type=float, default=0,
                    help="seconds between queries (past 2 s each query refreshes: the walk)")
    ap.add_argument("--dump", help="write every answer here, one JSON per line (to compare two binaries)")
    a = ap.parse_args()
    dump = open(a.dump, "w") if a.dump else None
    p = subprocess.Popen([a.bin, "mcp", "--root", a.root, "--index-dir", a.index_dir],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ids = iter(range(1, 10**6))

    def call(method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notify:
            msg["id"] = next(ids)
        p.stdin.write(json.dumps(msg) + "\n")
        p.stdin.flush()
        if notify:
            return None
        while True:
            r = json.loads(p.stdout.readline())
            if r.get("id") == msg["id"]:
                if "error" in r or r.get("result", {}).get("isError"):
                    raise SystemExit("error: %s" % str(r)[:300])
                return r

    call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    call("notifications/initialized", {}, notify=True)
    q = lambda s: call("tools/call", {"name": "context_query", "arguments": {"query": s, "budget": a.budget}})
    for i in range(a.warm):
        q("warm up query number %d about buffers" % i)
    per, walls = [], []
    t0 = ticks(p.pid)
    for s in (TYPING if a.typing else QUERIES):
        time.sleep(a.spacing)
        c, w = cpu_ns(p.pid), time.monotonic()
        r = q(s)
        if dump:
            dump.write(json.dumps(r["result"], sort_keys=True) + "\n")
        walls.append(time.monotonic() - w)
        per.append((cpu_ns(p.pid) - c) / 1e6)
    t1 = ticks(p.pid)
    p.stdin.close()
    p.wait()
    print("spacing %.1f s, queries %d: cpu median %.1f ms, mean %.1f ms, max %.1f ms; wall median %.1f ms; /proc stat mean %.1f ms" % (
        a.spacing, len(per), st.median(per), st.mean(per), max(per), 1000 * st.median(walls), 1000 * (t1 - t0) / len(per)))


if __name__ == "__main__":
    main()

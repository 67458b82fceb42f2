#!/usr/bin/env python3
"""A pack answered by `loupe serve` beside the same pack on its own and one
ripgrep scan for the query's keyword (issue 12: a pack no slower than rg).
Starts `loupe serve --root ROOT --index-dir IX` on a warm index, then runs
N interleaved rounds after ten untimed questions (WARM); round i asks query i (all different, so nothing is
answered from a previous answer): served pack, `pack --no-server`, `rg -n
KEYWORD ROOT`. Each served pack must print the same bytes as the pack on
its own. Wall from a monotonic clock and CPU (user + sys) from wait4 for
each command; for the served pack also the server's CPU for that answer
(its threads' schedstat before and after), since the work moved there.

  docs/bench/served.py --bin ./loupe-bin --root $T --index-dir IX [-n 20] [--budget 8000]
"""
import argparse, os, statistics as st, subprocess, tempfile, time

from resident import cpu_ns  # every thread's schedstat run time, ns

# query, its main keyword (what a person would give rg)
QUERIES = [
    ("fix json.Unmarshal panics on nil map", "Unmarshal"), ("http server graceful shutdown timeout", "Shutdown"),
    ("gzip reader checksum error", "checksum"), ("tls handshake client certificate verify", "handshake"),
    ("goroutine scheduler preemption signal", "preempt"), ("sort stable slice of structs", "SliceStable"),
    ("parse duration string with units", "ParseDuration"), ("template execute html escaping", "escape"),
    ("regexp compile cache literal prefix", "prefix"), ("os exec command context cancel kill", "CommandContext"),
    ("bufio scanner token too long", "ErrTooLong"), ("strconv parse float rounding", "ParseFloat"),
    ("map iteration order random", "mapiter"), ("time ticker stop leak", "Ticker"),
    ("sql rows close error", "Rows"), ("url query escape plus sign", "QueryEscape"),
    ("crypto rand read entropy", "getrandom"), ("zip archive extract file names", "zip"),
    ("reflect deep equal cycles", "DeepEqual"), ("context with deadline propagation", "WithDeadline"),
]

# The same for grafana/loki (--set loki).
LOKI = [
    ("ingester flush chunks to storage", "flush"), ("querier tail websocket connection", "tail"),
    ("distributor rate limit per tenant", "RateLimit"), ("logql parse label filter expression", "LabelFilter"),
    ("compactor retention delete requests", "retention"), ("promtail positions file sync", "positions"),
    ("ruler evaluate alerting rules", "ruler"), ("bloom filter build for chunks", "bloom"),
    ("query frontend split by interval", "splitByInterval"), ("index gateway shard lookup", "gateway"),
    ("chunk encoding compression snappy", "snappy"), ("tsdb index series postings", "postings"),
    ("memberlist ring heartbeat", "heartbeat"), ("pattern detection drain tokenizer", "drain"),
    ("push request validation errors", "validation"), ("limits overrides runtime config", "overrides"),
    ("storage boltdb shipper upload", "shipper"), ("log stream labels hash", "labels"),
    ("canary metrics missing entries", "canary"), ("docker driver log options", "driver"),
]
LOKI_WARM = ["querier max concurrent", "ingester wal replay", "loki config yaml defaults",
             "http server grpc handlers", "s3 object client retries", "series volume endpoint",
             "logcli query output format", "structured metadata labels", "chunk cache memcached",
             "table manager retention"]

# Asked first, untimed, so that the server is warm (its first answers read
# the index's term dictionaries and the files for the first time): other
# questions than the timed ones, as an agent's session would have asked.
WARM = ["where are http cookies parsed", "json encoder indent output", "net dial timeout retry",
        "file path walk skip directories", "string builder grow capacity", "error wrapping is as",
        "channel select default case", "flag parse bool value", "io copy buffer size",
        "log prefix flags output"]


def cpu(pid):
    """Seconds of CPU the process has run, every thread."""
    return cpu_ns(pid) / 1e9


def run(argv, out):
    out.seek(0)
    out.truncate()
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # rg says 1 for no match
        raise SystemExit("failed: %s" % " ".join(argv))
    out.seek(0)
    return wall, ru.ru_utime + ru.ru_stime, out.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--index-dir", required=True)
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("-n", type=int, default=20)
    ap.add_argument("--set", choices=["go", "loki"], default="go", help="the questions (the Go tree's or Loki's)")
    ap.add_argument("--zoekt-index", help="also time the zoekt CLI (zoekt on PATH or --zoekt) on this index")
    ap.add_argument("--zoekt", default="zoekt")
    a = ap.parse_args()
    queries, warm = (QUERIES, WARM) if a.set == "go" else (LOKI, LOKI_WARM)
    srv = subprocess.Popen([a.bin, "serve", "--root", a.root, "--index-dir", a.index_dir],
                           stderr=subprocess.PIPE, text=True)
    for line in srv.stderr:  # notes (an index update's) come first
        if "loupe: serving" in line:
            break
    else:
        srv.wait()
        raise SystemExit("the server did not start")
    res = {"served": [], "alone": [], "rg": [], "zoekt": [], "server": []}
    loads = []
    try:
        with tempfile.TemporaryFile() as out:
            pack = [a.bin, "pack", "--root", a.root, "--index-dir", a.index_dir, "--budget", str(a.budget)]
            for q in warm:
                run(pack + [q], out)
            for i in range(a.n):
                q, kw = queries[i % len(queries)]
                loads.append(os.getloadavg()[0])
                before = cpu(srv.pid)
                w, c, served = run(pack + [q], out)
                res["server"].append(cpu(srv.pid) - before)
                res["served"].append((w, c))
                w, c, alone = run(pack + [q, "--no-server"], out)
                res["alone"].append((w, c))
                if served != alone:
                    raise SystemExit("query %r: the served pack differs from the pack alone" % q)
                w, c, _ = run(["rg", "-n", kw, a.root], out)
                res["rg"].append((w, c))
                if a.zoekt_index:
                    w, c, _ = run([a.zoekt, "-index_dir", a.zoekt_index, kw], out)
                    res["zoekt"].append((w, c))
    finally:
        srv.terminate()
        srv.wait()
    med = lambda xs: st.median(xs) * 1000
    sw, sc = med([w for w, _ in res["served"]]), med([c for _, c in res["served"]])
    server = med(res["server"])
    print("%d rounds, load %.2f-%.2f, budget %d, root %s" % (a.n, min(loads), max(loads), a.budget, a.root))
    for k in [k for k in ("served", "alone", "rg", "zoekt") if res[k]]:
        print("%-7s wall %6.1f ms  cpu %6.1f ms" % (k, med([w for w, _ in res[k]]), med([c for _, c in res[k]])))
    print("server  cpu %6.1f ms per served pack (median)" % server)
    rw, rc = med([w for w, _ in res["rg"]]), med([c for _, c in res["rg"]])
    aw = med([w for w, _ in res["alone"]])
    print("served / rg: wall %.2f, cpu (client + server) %.2f; alone / rg: wall %.2f" % (sw / rw, (sc + server) / rc, aw / rw))
    if res["zoekt"]:
        zw, zc = med([w for w, _ in res["zoekt"]]), med([c for _, c in res["zoekt"]])
        print("served / zoekt: wall %.2f, cpu (client + server) %.2f; alone / zoekt: wall %.2f" % (sw / zw, (sc + server) / zc, aw / zw))


if __name__ == "__main__":
    main()

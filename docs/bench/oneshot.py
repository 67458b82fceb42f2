#!/usr/bin/env python3
"""Interleaved one-shot timings: each argument is LABEL=COMMAND (split like a
shell would, no shell run); the commands run in turn, N rounds, each writing
its output to a scratch file (not /dev/null: ripgrep stops early when it sees
/dev/null). Wall from a monotonic clock, CPU (user + sys) and peak RSS from
wait4. Prints medians and the first command's ratios to each other one.

  docs/bench/oneshot.py -n 10 \
    loupe="./loupe-bin pack 'fix json.Unmarshal panics on nil map' --root $T --index-dir $IX --budget 8000" \
    rg="rg -n Unmarshal $T" zoekt="/tmp/zoekt-bin/zoekt -index_dir $ZIX Unmarshal"
"""
import argparse, os, shlex, statistics as st, subprocess, tempfile, time


def run(argv, out):
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss // 1024, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=10, help="rounds")
    ap.add_argument("--warmup", type=int, default=1, help="untimed rounds first")
    ap.add_argument("--gap", type=float, default=0, help="seconds to sleep before each command: "
                    "a person's pause, after which a machine that reports free pages to its host "
                    "faults fresh memory in again (0: back to back)")
    ap.add_argument("cmds", nargs="+", metavar="LABEL=COMMAND")
    a = ap.parse_args()
    cmds = [(c.split("=", 1)[0], shlex.split(c.split("=", 1)[1])) for c in a.cmds]
    res = {l: [] for l, _ in cmds}
    loads = []
    with tempfile.TemporaryFile() as out:
        for i in range(a.warmup + a.n):
            loads.append(os.getloadavg()[0])
            for label, argv in cmds:
                out.seek(0)
                out.truncate()
                if a.gap:
                    time.sleep(a.gap)
                r = run(argv, out)
                if r[3] != 0:
                    print("%s exited %d" % (label, r[3]))
                if i >= a.warmup:
                    res[label].append(r)
    print("rounds %d, load %.1f-%.1f" % (a.n, min(loads), max(loads)))
    med = {}
    for label, _ in cmds:
        v = res[label]
        med[label] = (st.median(x[0] for x in v), st.median(x[1] for x in v), st.median(x[2] for x in v))
        print("%-10s wall %.3f s  cpu %.3f s  rss %d MiB" % ((label,) + med[label]))
    first = cmds[0][0]
    for label, _ in cmds[1:]:
        print("%s / %s: wall %.2f  cpu %.2f" % (first, label, med[first][0] / med[label][0], med[first][1] / med[label][1]))


if __name__ == "__main__":
    main()

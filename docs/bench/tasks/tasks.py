#!/usr/bin/env python3
"""Large-repository tasks: is the right block first, and is the code the task needs shown?

Each task (tasks.jsonl) names a tree ("go": $(go env GOROOT)/src; "loki": a checkout given with
--loki), a query, the blocks it needs (path, qualified name) and, for a stack trace, the lines
that must be shown. For each task it runs

    loupe pack --root TREE --index-dir IDX --budget 4000 --sources code --format json -

and reports: first = the best-scored block is one of the needed ones; shown = share of needed
blocks whose body is shown (more than their first line; a trace line must itself be shown).
Usage: docs/bench/tasks/tasks.py --bin ./loupe-bin --loki DIR [--index-root DIR] [--budget 4000] [--ids go/1,...]
"""
import argparse, json, os, re, subprocess, sys

OMIT = re.compile(r"omitted \(([^():]+):(\d+)-(\d+)\)")


def shown_ranges(b):
    if b.get("shown") is not None:
        return [tuple(r) for r in b["shown"]]
    if b.get("level") == "reference":
        return []
    rng = [(b["start_line"], b["end_line"])]
    for _, a, z in OMIT.findall(b.get("note") or ""):
        a, z = int(a), int(z)
        out = []
        for s, e in rng:
            if z < s or a > e:
                out.append((s, e))
                continue
            if s < a:
                out.append((s, a - 1))
            if z < e:
                out.append((z + 1, e))
        rng = out
    return rng


def names(b):
    return {b.get("qualified_name") or "", b.get("name") or ""}


def matches(b, path, sym):
    if not b.get("path", "").endswith(path):
        return False
    return any(n == sym or n.endswith("." + sym) for n in names(b) if n)


def covered(rngs, line):
    return any(s <= line <= e for s, e in rngs)


def body_shown(b):
    lines = sum(e - s + 1 for s, e in shown_ranges(b))
    return lines > 1 or b["end_line"] == b["start_line"]


def score(task, pack):
    blocks = pack.get("blocks") or []
    best = max(blocks, key=lambda b: b.get("score", 0), default=None)
    first = best is not None and any(matches(best, p, s) for p, s in task["need"])
    got = 0
    for p, s in task["need"]:
        if any(matches(b, p, s) and body_shown(b) for b in blocks):
            got += 1
    for p, line in task.get("lines", []):
        ok = any(b.get("path", "").endswith(p) and covered(shown_ranges(b), line) for b in blocks)
        if not ok:
            got = min(got, len(task["need"]) - 1)
    top = "%s %s (%s)" % (best.get("path"), best.get("qualified_name") or best.get("name"), best.get("level")) if best else "-"
    return first, got / len(task["need"]), top


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--loki")
    ap.add_argument("--tasks", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "tasks.jsonl"))
    ap.add_argument("--index-root", default="/tmp/loupe-task-index")
    ap.add_argument("--budget", default="4000")
    ap.add_argument("--ids")
    ap.add_argument("--tag", default="")
    a = ap.parse_args()
    goroot = subprocess.check_output(["go", "env", "GOROOT"]).decode().strip()
    trees = {"go": os.path.join(goroot, "src"), "loki": a.loki}
    tasks = [json.loads(l) for l in open(a.tasks) if l.strip()]
    if a.ids:
        keep = set(a.ids.split(","))
        tasks = [t for t in tasks if t["id"] in keep]
    tot = {}
    for t in tasks:
        root = trees[t["tree"]]
        if not root:
            continue
        idx = os.path.join(a.index_root, a.tag + t["tree"])
        cmd = [a.bin, "pack", "--root", root, "--index-dir", idx, "--budget", a.budget,
               "--sources", "code", "--format", "json", "-"]
        p = subprocess.run(cmd, input=t["query"].encode(), capture_output=True)
        if p.returncode != 0:
            print("%-8s ERROR %s" % (t["id"], p.stderr.decode()[-300:]))
            continue
        first, frac, top = score(t, json.loads(p.stdout))
        s = tot.setdefault(t["tree"], [0, 0, 0.0, 0])
        s[0] += first; s[1] += frac == 1.0; s[2] += frac; s[3] += 1
        print("%-8s first=%s shown=%.2f  top: %s" % (t["id"], "yes" if first else "no ", frac, top))
    for tree, (f, full, frac, n) in sorted(tot.items()):
        print("%s: right first block %d/%d, all needed code shown %d/%d, needed blocks shown %.2f" % (tree, f, n, full, n, frac / n))


if __name__ == "__main__":
    main()

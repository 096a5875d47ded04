#!/usr/bin/env python3
"""Summary of bench/judge_h200.sh's folder: old against new judge, pair by pair.
Usage: judge_h200.py OUTDIR   (reads OUTDIR/bench_index.txt, OUTDIR/profiles/*.json and
OUTDIR/results.txt's red-team lines)."""
import json
import os
import re
import statistics
import sys


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError) as e:
        print(f"  {path}: unreadable ({e})")
        return None


def case_median_ns(c):
    s = c.get("summary") or {}
    if s.get("median_ns") is not None:
        return s["median_ns"]
    samples = [x for r in c.get("rounds", []) for x in r.get("samples_ns", [])]
    return statistics.median(samples) if samples else None


def size_text(n):
    return f"2^{n.bit_length() - 1}" if n and n & (n - 1) == 0 else str(n)


def spread(xs):
    return f"{min(xs):.3f}..{max(xs):.3f}"


def main():
    out = sys.argv[1]
    rows = []  # (v, i, rc, outside_wall)
    for line in open(os.path.join(out, "bench_index.txt")):
        v, i, rc, t0, t1 = line.split()[:5]
        rows.append((v, int(i), int(rc), float(t1) - float(t0)))
    prof = {}
    for v, i, rc, wall in rows:
        p = load(os.path.join(out, "profiles", f"{v}-{i}.json"))
        prof[(v, i)] = (rc, wall, p)

    print("== per invocation (in the order run)")
    for v, i, rc, wall in rows:
        p = prof[(v, i)][2]
        r0 = (p or {}).get("runs", [{}])[0] if p else {}
        ph = r0.get("phases_s") or {}
        phases = ", ".join(f"{k} {x:.2f}" for k, x in sorted(ph.items(), key=lambda kv: -kv[1])
                           if x >= 0.005)
        statuses = {}
        for c in (p or {}).get("cases", []):
            statuses[c["status"]] = statuses.get(c["status"], 0) + 1
        print(f"  {v} #{i}: rc={rc} outside {wall:.2f} s, runs[0].wall_s "
              f"{r0.get('wall_s') or float('nan'):.2f} s, other cores "
              f"{r0.get('other_cpu_cores') or 0:.2f}; cases {statuses}")
        print(f"      phases: {phases}")

    pairs = sorted({i for v, i, *_ in rows if (("old", i) in prof and ("new", i) in prof)})
    print("\n== wall time, new/old per pair")
    ratios_in, ratios_out = [], []
    for i in pairs:
        po, pn = prof[("old", i)], prof[("new", i)]
        wo = ((po[2] or {}).get("runs") or [{}])[0].get("wall_s")
        wn = ((pn[2] or {}).get("runs") or [{}])[0].get("wall_s")
        line = f"  pair {i}: outside {po[1]:.2f} -> {pn[1]:.2f} s ({pn[1] / po[1]:.3f})"
        ratios_out.append(pn[1] / po[1])
        if wo and wn:
            ratios_in.append(wn / wo)
            line += f"; runs[0].wall_s {wo:.2f} -> {wn:.2f} s ({wn / wo:.3f})"
        print(line)
    for name, rs in (("runs[0].wall_s", ratios_in), ("outside", ratios_out)):
        if rs:
            sd = statistics.stdev(rs) if len(rs) > 1 else 0.0
            print(f"  {name}: new/old mean {statistics.mean(rs):.3f}, sd {sd:.3f}, "
                  f"range {spread(rs)} over {len(rs)} pairs")

    # Phases, mean per binary.
    print("\n== phases (s), mean over invocations: old | new | new-old")
    keys = set()
    for (v, i), (_, _, p) in prof.items():
        keys |= set((((p or {}).get("runs") or [{}])[0].get("phases_s") or {}).keys())
    for k in sorted(keys):
        m = {}
        for v in ("old", "new"):
            xs = [(((p or {}).get("runs") or [{}])[0].get("phases_s") or {}).get(k, 0.0)
                  for (vv, i), (_, _, p) in prof.items() if vv == v]
            m[v] = statistics.mean(xs) if xs else float("nan")
        if max(m.values()) >= 0.005:
            print(f"  {k:14s} {m['old']:8.2f} | {m['new']:8.2f} | {m['new'] - m['old']:+8.2f}")

    # Cases.
    def cases_of(p):
        return {(c["key"]["kernel"], c["key"]["n"]): c for c in (p or {}).get("cases", [])}

    keys = []
    for (v, i), (_, _, p) in sorted(prof.items()):
        for k in cases_of(p):
            if k not in keys:
                keys.append(k)
    keys.sort(key=lambda k: (k[0], k[1]))
    print("\n== per case: median new/old per pair -> median over pairs [min..max]; statuses")
    print(f"  {'kernel':14s} {'n':>5s}  {'old median us':>23s}  {'new median us':>23s}  "
          f"{'ratio':>6s} {'range':>13s}  status old / new; timing_check old / new")
    bad = []
    for key in keys:
        olds, news, rs, st_o, st_n, tc_o, tc_n = [], [], [], [], [], set(), set()
        for i in pairs:
            co = cases_of(prof[("old", i)][2]).get(key)
            cn = cases_of(prof[("new", i)][2]).get(key)
            mo = case_median_ns(co) if co else None
            mn = case_median_ns(cn) if cn else None
            st_o.append(co["status"] if co else "missing")
            st_n.append(cn["status"] if cn else "missing")
            for c, tc in ((co, tc_o), (cn, tc_n)):
                if c:
                    tc.add(str((c.get("verification") or {}).get("timing_check")))
            for c, v in ((co, "old"), (cn, "new")):
                if c and c["status"] != "ok":
                    bad.append((v, i, key, c["status"], c.get("reason"),
                                c.get("verification")))
            if mo:
                olds.append(mo / 1e3)
            if mn:
                news.append(mn / 1e3)
            if mo and mn:
                rs.append(mn / mo)
        fo = " ".join(f"{x:7.2f}" for x in olds)
        fn = " ".join(f"{x:7.2f}" for x in news)
        r = f"{statistics.median(rs):6.3f} {spread(rs):>13s}" if rs else f"{'-':>6s} {'-':>13s}"
        print(f"  {key[0]:14s} {size_text(key[1]):>5s}  {fo:>23s}  {fn:>23s}  {r}  "
              f"{','.join(st_o)} / {','.join(st_n)}; {','.join(sorted(tc_o))} / "
              f"{','.join(sorted(tc_n))}")
    if bad:
        print("\n== cases not ok")
        for v, i, key, st, reason, ver in bad:
            print(f"  {v} #{i} {key[0]} n={size_text(key[1])}: {st}: {reason}")
            print(f"      verification: {json.dumps(ver)}")
    else:
        print("\n  every case of every invocation: ok")

    # Red team.
    print("\n== red team (rc 0 caught, 1 escaped or failed)")
    table = {}
    order = []
    pat = re.compile(r"^rt rep=(\d+) bin=(\w+) script=([\w-]+) kernel=(\w+) rc=(\d+) t=([\d.]+)s \| (.*)$")
    for line in open(os.path.join(out, "results.txt")):
        m = pat.match(line.rstrip("\n"))
        if not m:
            continue
        rep, v, script, k, rc, t, text = m.groups()
        row = (k, script)
        if row not in order:
            order.append(row)
        if "ESCAPED" in text:
            verdict = "ESCAPED"
        elif ": caught" in text:
            verdict = "caught"
        elif text.startswith("FAIL"):
            verdict = "FAIL"
        else:
            continue  # a continuation line
        m2 = re.search(r"median ([\d.]+)x the twin's", text) or \
            re.search(r"\(median ([\d.]+)x its time\)", text)
        how = ""
        m3 = re.search(r": (\w+), median", text)
        if m3:
            how = m3.group(1)
        if m2:
            how += f" {m2.group(1)}x"
        table.setdefault(row, {}).setdefault(v, []).append(f"{verdict} ({how.strip()}, rc {rc})")
    for row in order:
        k, script = row
        label = k + ("" if script == "full" else f" [{script}]")
        cells = table.get(row, {})
        print(f"  {label:28s} old: {'; '.join(cells.get('old', ['-']))}")
        print(f"  {'':28s} new: {'; '.join(cells.get('new', ['-']))}")


if __name__ == "__main__":
    main()

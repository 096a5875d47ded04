#!/usr/bin/env python3
"""Every number that --help, README.md and docs/ state about the same setting agrees (#33).

Usage: help_agrees_with_docs.py GPU_REDUCE_PROF REPO_ROOT
1. Defaults: each option of run, check, compare and report whose --help shows a default
   (`--rounds N=10`) and whose command page in docs/ states one, in an options-table row
   (| `--rounds`, `--round-spacing` | 10, 0.2 s |) or in prose as "`--max-diagnostics` (20)":
   the numbers agree (units and % signs aside; words such as `auto` or `off` are not numbers
   and are left to the reader). Fewer than 15 numbers compared fails too: the parsing broke.
2. Recommendations: the duet's `--runs R --rounds N` is the same in run's and compare's --help,
   README.md and docs/compare.md, docs/run.md; the number of runs a baseline merges is the
   same in merge's --help example, README.md and docs/compare.md.
3. Exit codes (#45): the codes of `enum class exit_code` (cli/grp/core/error.hpp) are the codes
   the top-level --help lists, the rows of README.md's exit-code table and CONTRIBUTING.md's
   list, no more and no fewer.
4. Examples: a `compare` example in the top-level or compare --help that promises "exit 1 on a
   regression" says its profiles come from `run --gate`, since one run against one exits 8; and
   the fixtures of tests/data/compare show both: a one-run pair (base.json, slower10.json) exits
   8, a 3-run baseline against a 3-process candidate that is slower (moderation/) exits 1.
Prints each disagreement with where both numbers come from; exit 1 if any, else 0.
"""
import re
import subprocess
import sys
from pathlib import Path

PAGES = {"run": "run.md", "check": "check.md", "compare": "compare.md", "report": "report.md",
         "history": "history.md"}
NUMBER = re.compile(r"^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?")


def help_text(binary, *args):
    return subprocess.run([binary, *args, "--help"], check=True, capture_output=True,
                          text=True).stdout


def help_defaults(text):
    """{'--rounds': '10', ...} for every option line that shows NAME=DEFAULT."""
    out = {}
    for m in re.finditer(r"^\s+(?:-\w,)?(--[\w-]+) [^\s=]+=(\S+)", text, re.M):
        out[m.group(1)] = m.group(2)
    return out


def number(text):
    m = NUMBER.match(text.strip().strip("`").rstrip("%").strip())
    return float(m.group(0)) if m else None


def doc_defaults(page):
    """[(option, default text, line number)] from options tables and "`--x` (N)" prose."""
    out = []
    for i, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        cells = [c.strip() for c in line.split(" | ")]
        if line.startswith("| `-") and len(cells) >= 3:
            names = re.findall(r"`(?:-\w, )?(--[\w-]+)", cells[0])
            values = [v.strip() for v in re.split(r"[,;] ", cells[1])] if cells[1] else []
            values = values[:1] if len(names) == 1 else values  # "`0.1`; `0` with `--pair`"
            if len(names) == len(values):
                out += [(n, v, i) for n, v in zip(names, values)]
        for m in re.finditer(r"`(--[\w-]+)` \((\d+(?:\.\d+)?)\)", line):
            out.append((m.group(1), m.group(2), i))
    return out


def check_defaults(binary, docs):
    failures, compared = [], 0
    for cmd, page in PAGES.items():
        shown = help_defaults(help_text(binary, cmd))
        for opt, doc_value, line in doc_defaults(docs / page):
            want, got = number(doc_value), number(shown.get(opt, ""))
            if want is None or got is None:  # a word on either side (auto, off, default)
                continue
            compared += 1
            if abs(want - got) > 1e-9 * max(1.0, abs(want)):
                failures.append(f"{cmd} {opt}: --help shows {shown[opt]!r}, docs/{page}:{line} "
                                f"says {doc_value!r}")
    return failures, compared


def check_recommendations(binary, root):
    failures = []
    duet = re.compile(r"--runs (\d+) --rounds (\d+)")
    seen = {}
    for name, text in (("run --help", help_text(binary, "run")),
                       ("compare --help", help_text(binary, "compare")),
                       ("README.md", (root / "README.md").read_text(encoding="utf-8")),
                       ("docs/compare.md", (root / "docs/compare.md").read_text(encoding="utf-8")),
                       ("docs/run.md", (root / "docs/run.md").read_text(encoding="utf-8"))):
        for m in duet.finditer(text):
            seen.setdefault(m.groups(), []).append(name)
    if len(seen) != 1:
        failures.append("the duet's --runs/--rounds differ: " + "; ".join(
            f"--runs {r} --rounds {n} in {', '.join(w)}" for (r, n), w in seen.items()))
    merged = {}
    m = re.search(r"for i in ([\d ]+); do gpu-reduce-prof run", help_text(binary, "merge"))
    merged["merge --help"] = len(m.group(1).split()) if m else None
    for doc in ("README.md", "docs/compare.md"):
        text = (root / doc).read_text(encoding="utf-8")
        m = re.search(r"gpu-reduce-prof merge ((?:\S+\.json )+)-o", text)
        merged[doc] = len(m.group(1).split()) if m else None
    if len(set(merged.values())) != 1 or None in merged.values():
        failures.append(f"the runs merged into a baseline differ: {merged}")
    return failures, len(seen) + len(merged)


def codes_of(text, lead):
    """The exit codes listed in text after lead: numbers that open an item of the list."""
    tail = text[text.index(lead) + len(lead):]
    return {int(c) for c in re.findall(r"(?:^|, |,\n|\n|· )(\d+) (?!\+)", tail.lstrip())}


def check_exit_codes(binary, root):
    enum = (root / "cli/grp/core/error.hpp").read_text(encoding="utf-8")
    body = enum[enum.index("enum class exit_code"):]
    code = {int(c) for c in re.findall(r"= (\d+),", body[:body.index("};")])}
    top = subprocess.run([binary, "--help"], check=True, capture_output=True, text=True).stdout
    top = top[top.index("Exit codes:"):]
    top = top[:top.index("\n\n")] if "\n\n" in top else top
    readme = (root / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Exit codes"):]
    contributing = (root / "CONTRIBUTING.md").read_text(encoding="utf-8")
    bullet = contributing[contributing.index("- **Exit codes**"):]
    bullet = bullet[:bullet.index("\n- ")]
    found = {"the top-level --help": codes_of(top, "Exit codes:"),
             "README.md's exit-code table": {int(c) for c in re.findall(r"^\| (\d+) \|", table, re.M)},
             "CONTRIBUTING.md's exit codes": codes_of(bullet.replace("\n  ", " "), "):")}
    return [f"{where} lists {sorted(got)}, cli/grp/core/error.hpp's exit_code has {sorted(code)}"
            for where, got in found.items() if got != code]


def check_examples(binary, root):
    failures = []
    for args in ((), ("compare",)):
        text = subprocess.run([binary, *args, "--help"], check=True, capture_output=True,
                              text=True).stdout
        for line in text.splitlines():
            m = re.match(r"\s+gpu-reduce-prof compare .*#(.*)", line)
            if m and "exit 1" in m.group(1) and "--gate" not in m.group(1):
                failures.append(f"{' '.join(('gpu-reduce-prof',) + args)} --help: {line.strip()!r} "
                                "promises exit 1, but one run against one exits 8: say the profiles "
                                "come from run --gate")
    data = root / "tests/data/compare"
    for want, pair in ((8, ("base.json", "slower10.json")),
                       (1, ("moderation/apart_base.json", "moderation/apart_slower.json"))):
        rc = subprocess.run([binary, "compare", *pair], cwd=data, capture_output=True).returncode
        if rc != want:
            failures.append(f"compare {' '.join(pair)} (tests/data/compare) exits {rc}, not {want} "
                            "as --help and the README say")
    return failures


def main(argv):
    if len(argv) != 3:
        print(__doc__)
        return 2
    binary, root = str(Path(argv[1]).resolve()), Path(argv[2])
    failures, defaults = check_defaults(binary, root / "docs")
    more, recommendations = check_recommendations(binary, root)
    failures += more + check_exit_codes(binary, root) + check_examples(binary, root)
    for f in failures:
        print("FAIL:", f)
    print(f"{defaults} defaults and {recommendations} recommendations compared, "
          f"{len(failures)} disagree")
    return 1 if failures or defaults < 15 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

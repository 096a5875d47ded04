#!/usr/bin/env python3
"""Transcripts that cannot lie: every block of tool output in a tracked *.md (README.md, docs/,
kernels/, examples/, bench/results/...) is either generated here from committed fixtures or
marked as measured.

    scripts/transcripts.py --markers              every output block carries a marker (no binary)
    scripts/transcripts.py --check  BINARY        generated blocks equal the binary's output now
    scripts/transcripts.py --update BINARY        rewrite the generated blocks from the binary

A fenced block (indented ones in list items too) is *output* unless its fence names an input:
`sh` or `bash` (commands), `json`, `jsonc`, `cmake`, `yaml`, `c` (files), or `text` (diagrams,
excerpts of files). Such a block is output all the same when it holds output:
    - a line starts with `$ ` (a transcript: commands and what they printed);
    - in `sh`/`bash`, a line is not a command: not blank, a comment, the continuation of a line
      ending in `\`, nor a line whose first word is a path, `NAME=value` or a program of
      COMMANDS below (a new program in a block of commands goes there);
    - in `text`, a line starts as the tool's messages do (`error: `, `warning: `, `wrote `, a
      verdict: OUTPUT_LINE below).
The line right before an output block must be one of
    <!-- generated: ID -->                     ID is a key of TRANSCRIPTS below: --update writes
                                               the block, --check (CTest cli.transcripts_match,
                                               label cli) fails when the tool's output changed
    <!-- measured: DEVICE, YYYY-MM-DD: COMMAND -->   a timing or a device's output, which CI cannot
                                               reproduce: where, when and what produced it
Generated blocks run the binary with the fixtures' folder as the working directory, so the
commands shown are the ones a reader types there. Exit 1 with FILE:LINE: what to change, else 0.
Python 3 standard library only.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUT_FENCES = {"sh", "bash", "json", "jsonc", "cmake", "yaml", "c"}
SHELL_FENCES = {"sh", "bash"}
FENCE = re.compile(r"^(\s*)(```|~~~)(\w*)\s*$")
# The programs the manual's blocks of commands run (a line starting with a path or NAME=value is
# a command too); any other first word reads as a line of output.
COMMANDS = {"gpu-reduce-prof", "git", "cmake", "cpack", "ctest", "make", "cd", "mkdir", "export",
            "sudo", "apt", "apt-get", "cc", "python3", "kubectl", "sbatch", "echo", "for", "do",
            "done", "if", "then", "else", "fi", "cat", "cp", "mv", "rm", "ls", "docker", "ncu",
            "rocprof", "nsys", "cliloader", "scancel", "squeue", "qsub", "bsub", "flux"}
OUTPUT_LINE = re.compile(r"^(error|warning|note): |^wrote |^(PASS|FAIL|UNDECIDED)\b")
GENERATED = re.compile(r"^<!-- generated: ([\w-]+) -->$")
MEASURED = re.compile(r"^<!-- measured: (.+?), (\d{4}-\d{2}-\d{2}): (.+) -->$")


def step(args, status=False, keep=None, elide=False, span=None):
    """One command of a transcript: its output, whole or the lines matching keep (a regex; with
    elide, '...' stands for each run of lines left out), and `echo $?` when status. With span
    (two regexes) only the lines from the first match of one to the next of the other, and no
    command line: a document's excerpt, such as report's markdown."""
    return {"args": args, "status": status, "keep": keep, "elide": elide, "span": span}


COMPARE = "tests/data/compare"
SPEC_ERRORS = "tests/data/kernels/spec_errors"
# Each generated block: the fixtures' folder it runs in and its commands.
TRANSCRIPTS = {
    "compare-one-run": (COMPARE, [step("compare base.json slower10.json", status=True)]),
    "compare-cold": (COMPARE, [step("compare base.json cold.json")]),
    "compare-duet-biased": (COMPARE, [step("compare duet_biased.json", status=True)]),
    "compare-cross-device": (COMPARE, [step("compare cross/h100_default.json cross/pocl_default.json",
                                            status=True, keep=r"^(no case|across|kernel |reduce|\d+ cases)",
                                            elide=True)]),
    "compare-moderation": (COMPARE, [
        step("compare moderation/apart_base.json moderation/apart_slower.json",
             keep=r"^(\(threshold|case |reduce3/float|\d+ cases)", elide=True),
        step("compare moderation/apart_base.json moderation/apart_slower.json --moderate off",
             keep=r"^( +inconclusive reduce3/float|reduce3/float|\d+ cases)", elide=True)]),
    "compare-failing-line": (COMPARE, [step("compare base.json slower10.json --allow-one-run",
                                            keep=r"^  reduce6 \(int")]),
    "compare-cause": (COMPARE, [step("compare base.json slower10.json --allow-one-run --work "
                                     "cause/base.check.json cause/slower10.check.json",
                                     status=True, keep=r"^(why slower|  reduce\d/|\d+ cases)",
                                     elide=True)]),
    "compare-examples": (COMPARE, [
        step("compare base.json slower10.json", status=True),
        step("compare runs/run1.json runs/shifted.json --allow-one-run",
             keep=r"^(warning|reduce3/float|\d+ cases)", elide=True),
        step("compare --base runs/run1.json --base runs/run2.json --base runs/run3.json "
             "--base runs/run4.json runs/shifted.json",
             keep=r"^(base:|case |reduce3/float|\d+ cases)", elide=True),
        step("compare base.json wrong.json noisy.json other_device.json",
             keep=r"^(case |reduce|\(change|[a-z_]+\.json: |kernel |  reduce)", elide=True)]),
    "report-markdown-matrix": ("profiles", [
        step("report nvidia-h100-80gb-hbm3-matrix.json --markdown - --cells both",
             span=(r"^### Kernel x local size", r"^Best: "))]),
    "report-markdown-separation": ("profiles", [
        step("report nvidia-h100-80gb-hbm3-matrix.json --markdown -",
             span=(r"^### Best of each sweep point", r"^int, "))]),
    # no_bounds reads past its input: the wrong value it sums differs from run to run (elided).
    "check-estimate": (".", [step("check -k reduce6,tests/data/check/estimate_variants.json -n 65536 "
                                  "-l 256 -q -o /dev/null --estimate-for "
                                  "profiles/nvidia-h200-access-variants.json",
                                  span=(r"^Estimated time", r"^grid_strided +float +65536 +256 +2 "))]),
    "check-user-kernels": (".", [step("check -k tests/data/check/user.json -l 64,256 -q -o /dev/null",
                                      status=True, keep=r"^(?!  unsafe and wrong: no_bounds )",
                                      elide=True)]),
    "fleet-report-markdown": ("tests/data/fleet", [
        step("report four_cards.json --markdown -",
             span=(r"^### Fleet", r"^\| Test GPU A \| 3 "))]),
    "fleet-compare": ("tests/data/fleet", [
        step("compare ../compare/base.json four_cards.json",
             keep=r"^(fleet of|  Test GPU A:|    card |    no card|    best )")]),
    "validate-ok": (COMPARE, [step("validate base.json")]),
    "validate-edited": ("tests/data/validate", [step("validate edited.json")]),
    "run-cl-without-spec": ("tests/data/kernels/nospec", [step("run -k my_sum.cl")]),
    # kernels/README.md: what the spec reader says of a bad spec (exit 5, before any device)
    "spec-errors": (SPEC_ERRORS, [step(f"run -k {f}.json", keep=r"^error: ")
                                  for f in ("grid", "role")]),
    "spec-errors-expressions": (SPEC_ERRORS, [step(f"run -k {f}.json", keep=r"^error: ")
                                              for f in ("ends_early", "division", "zero_elems")]),
}


def run_step(binary, cwd, s):
    env = dict(os.environ, LC_ALL="C", TZ="UTC", NO_COLOR="1", COLUMNS="200",
               GRP_SIZE_CACHE="off")  # a CPU's default n: never this machine's measured one
    p = subprocess.run([binary] + s["args"].split(), cwd=os.path.join(ROOT, cwd), env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = [l.rstrip() for l in p.stdout.rstrip("\n").split("\n")] if p.stdout.strip() else []
    if s["keep"]:
        kept = []
        for line in lines:
            if re.search(s["keep"], line) or (s["elide"] and not line and kept and kept[-1] not in ("", "...")):
                kept.append(line)
            elif s["elide"] and (not kept or kept[-1] != "..."):
                kept.append("...")
        lines = kept
    if s["span"]:
        first = next(i for i, l in enumerate(lines) if re.search(s["span"][0], l))
        last = next(i for i, l in enumerate(lines) if i > first and re.search(s["span"][1], l))
        return lines[first:last + 1]
    out = [] if s["keep"] and not s["elide"] else ["$ gpu-reduce-prof " + s["args"]]
    out += lines
    if s["status"]:
        out += ["$ echo $?", str(p.returncode)]
    return out


def render(binary, key):
    cwd, steps = TRANSCRIPTS[key]
    lines = []
    for i, s in enumerate(steps):
        if i and not (s["keep"] and not s["elide"]):  # kept lines alone run on: no command shown
            lines.append("")
        lines += run_step(binary, cwd, s)
    return lines


def blocks(path):
    """(index of the fence line, language, index of the closing fence) per fenced block; the
    lines of an indented block (a list item's) lose its indentation."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i, found = 0, []
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            indent, j = m.group(1), i + 1
            while j < len(lines) and not lines[j].startswith(indent + m.group(2)):
                j += 1
            found.append((i, m.group(3), j))
            i = j + 1
        else:
            i += 1
    return lines, found


def pages():
    """Every tracked *.md (every *.md under ROOT outside a .git where git cannot say)."""
    try:
        out = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
        return sorted(p for p in out.split("\n") if p and os.path.isfile(os.path.join(ROOT, p)))
    except (subprocess.CalledProcessError, FileNotFoundError):
        return sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "**", "*.md"),
                                                                   recursive=True)
                      if "/build" not in p)


def is_command(line, previous):
    """A line of a block of commands: its indentation already removed, so a line that still
    starts with a space continues a synopsis wrapped over two lines."""
    words = line.split()
    if not words or words[0].startswith("#") or line[0].isspace() or \
            previous.rstrip().endswith("\\"):
        return True
    first = words[0]
    return "/" in first or re.match(r"^\w+=", first) is not None or first in COMMANDS


def is_output(lines, lang, start, end):
    raw = [l.rstrip() for l in lines[start + 1:end]]
    indent = min((len(l) - len(l.lstrip()) for l in raw if l.strip()), default=0)
    body = [l[indent:] for l in raw]
    if any(l.startswith("$ ") for l in body):
        return True
    if lang in SHELL_FENCES:
        return any(not is_command(l, body[i - 1] if i else "") for i, l in enumerate(body))
    if lang == "text":
        return any(OUTPUT_LINE.match(l) for l in body)
    return lang not in INPUT_FENCES


def main(argv):
    if len(argv) < 2 or argv[1] not in ("--markers", "--check", "--update") or \
            (argv[1] != "--markers" and len(argv) != 3):
        print(__doc__, file=sys.stderr)
        return 2
    mode, binary = argv[1], (os.path.abspath(argv[2]) if len(argv) == 3 else None)
    problems, used = [], set()
    for page in pages():
        path = os.path.join(ROOT, page)
        lines, found = blocks(path)
        changed = False
        for start, lang, end in reversed(found):
            if not is_output(lines, lang, start, end):
                continue
            marker = lines[start - 1].strip() if start else ""
            g, m = GENERATED.match(marker), MEASURED.match(marker)
            if m or (g and mode == "--markers" and g.group(1) in TRANSCRIPTS):
                if g:
                    used.add(g.group(1))
                continue
            if not g:
                why = (" (a line of this `sh` block is no command; if it is one, add its program "
                       "to COMMANDS of scripts/transcripts.py)" if lang in SHELL_FENCES else "")
                problems.append(f"{page}:{start + 1}: a block of output without a marker{why}: put "
                                "<!-- generated: ID --> (and add ID to scripts/transcripts.py) or "
                                "<!-- measured: DEVICE, YYYY-MM-DD: COMMAND --> on the line before it")
                continue
            key = g.group(1)
            used.add(key)
            if key not in TRANSCRIPTS:
                problems.append(f"{page}:{start}: generated block `{key}` is not in TRANSCRIPTS of "
                                "scripts/transcripts.py")
                continue
            indent = FENCE.match(lines[start]).group(1)  # a list item's block keeps its place
            want = [indent + l if l else l for l in render(binary, key)]
            if lines[start + 1:end] != want:
                if mode == "--update":
                    lines[start + 1:end] = want
                    changed = True
                else:
                    problems.append(f"{page}:{start + 1}: block `{key}` is not what the tool prints "
                                    "now: run scripts/transcripts.py --update BINARY and review the diff")
        if changed:
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
    for key in sorted(set(TRANSCRIPTS) - used):
        problems.append(f"scripts/transcripts.py: transcript `{key}` is on no page: remove it")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

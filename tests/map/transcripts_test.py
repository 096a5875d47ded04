#!/usr/bin/env python3
"""scripts/transcripts.py --markers on small fabricated trees (#71 item 12): a block of output
needs a generated/measured marker wherever it is, so each case below fails without one: output
in a page outside README.md and docs/ (kernels/README.md), an indented block in a list item, a
`sh` block holding a line of output, a `text` block holding the tool's messages. Blocks of
commands (a wrapped synopsis, a continued line), diagrams and marked output pass.

    transcripts_test.py REPO_ROOT      (exit 0 when every case behaves, else 1)
"""
import os
import shutil
import subprocess
import sys
import tempfile

MEASURED = "<!-- measured: PoCL, 2026-12-05: gpu-reduce-prof run -k my.json -->"
OUTPUT = "error: my.json: kernels[0].grid.elems_per_item: must be at least 1"

GOOD = {
    "README.md": "# tool\n\n```sh\ngpu-reduce-prof run [-k KERNELS] [-l LOCAL-SIZES]\n"
                 "                    [-o PROFILE.json]\nexamples/ci/gate.sh --binary b \\\n"
                 "    --kernels k.json   # a comment\nGRP_GPU=1 gpu-reduce-prof run\n```\n",
    "docs/architecture.md": "# map\n\n```text\nmain.cpp ─→ commands ─→ run\n```\n",
    "kernels/README.md": f"# specs\n\nA bad spec:\n{MEASURED}\n```\n{OUTPUT}\n```\n",
}


def tree(script, changes):
    root = tempfile.mkdtemp(prefix="grp-transcripts-")  # no git: every *.md is read
    files = dict(GOOD, **changes)
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path) or "."), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)
    os.makedirs(os.path.join(root, "scripts"))
    shutil.copy(script, os.path.join(root, "scripts", "transcripts.py"))
    return root


def check(script, name, changes, expected):
    root = tree(script, changes)
    out = subprocess.run([sys.executable, os.path.join(root, "scripts", "transcripts.py"),
                          "--markers"], capture_output=True, text=True)
    shutil.rmtree(root)
    # Only the blocks are judged here: the fabricated pages hold none of TRANSCRIPTS' blocks,
    # so each transcript is "on no page" in every case.
    found = [l for l in out.stdout.split("\n") if "a block of output" in l]
    ok = len(found) == len(expected) and all(any(e in l for l in found) for e in expected)
    print(("ok   " if ok else "FAIL ") + name)
    if not ok:
        print(f"  wanted exactly {expected!r} in:\n{out.stdout}{out.stderr}")
    return ok


def main():
    script = os.path.join(sys.argv[1], "scripts", "transcripts.py")
    unmarked = "without a marker"
    cases = [
        ("commands, a diagram and marked output pass", {}, []),
        ("output in kernels/README.md needs a marker",
         {"kernels/README.md": f"# specs\n\nA bad spec:\n```\n{OUTPUT}\n```\n"},
         [f"kernels/README.md:4: a block of output {unmarked}"]),
        ("an indented block in a list item is read",
         {"docs/x.md": f"# x\n\n- an error names the field:\n  ```\n  {OUTPUT}\n  ```\n"},
         [f"docs/x.md:4: a block of output {unmarked}"]),
        ("a sh block that holds a line of output is output",
         {"docs/run.md": f"# run\n\n```sh\ngpu-reduce-prof run -k my.json\n{OUTPUT}\n```\n"},
         [f"docs/run.md:3: a block of output {unmarked}"]),
        ("a text block that holds the tool's messages is output",
         {"docs/run.md": "# run\n\n```text\nwrote p.json\nPASS: 4 cases\n```\n"},
         [f"docs/run.md:3: a block of output {unmarked}"]),
    ]
    results = [check(script, *case) for case in cases]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

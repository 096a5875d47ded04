#!/usr/bin/env python3
"""The map is checked: every *.cpp, *.hpp or *.md path named in a comment of a tracked source
or CMake file, or anywhere in a tracked document, must exist. A name with a folder must be the end of a tracked path (`model/stats/stats.hpp`
matches cli/grp/model/stats/stats.hpp); a bare file name must be some tracked file's name; a
name with `*` must match one. Names of other projects' files are listed in scripts/paths-external.txt.
Exit 1 with one line per stale name (file:line: name), else 0."""
import fnmatch
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = re.compile(r"(?<![\w./*-])((?:[\w.*-]+/)*[\w*-][\w.*-]*\.(?:cpp|hpp|md))(?![\w/])")
# Files the build writes (cli/CMakeLists.txt, cmake/*.cmake): named in comments, never tracked.
GENERATED = {"version.hpp", "builtin_kernels.cpp", "profile_schema.cpp", "git_sha.cpp"}
# What is read of each kind of file: comments of code (where a map goes stale), all of a document.
COMMENT = {".cpp": "//", ".hpp": "//", ".cmake": "#", ".txt": "#", ".in": "//"}
SCANNED = tuple(COMMENT) + (".md",)


def tracked():
    out = subprocess.check_output(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT)
    return [f for f in out.decode().split("\n") if f and os.path.exists(os.path.join(ROOT, f))]


def external_names():
    path = os.path.join(ROOT, "scripts", "paths-external.txt")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {l.strip() for l in f if l.strip() and not l.startswith("#")}


def exists(name, files, basenames):
    name = name.lstrip("./")
    if os.path.basename(name) in GENERATED:
        return True
    if "*" in name:
        pattern = name if "/" in name else "*/" + name
        return any(fnmatch.fnmatch("/" + f, "*/" + pattern.lstrip("*/")) or
                   fnmatch.fnmatch(os.path.basename(f), name) for f in files)
    if "/" not in name:
        return name in basenames
    return any(f == name or f.endswith("/" + name) for f in files)


def main():
    files = tracked()
    basenames = {os.path.basename(f) for f in files}
    external = external_names()
    stale = []
    for f in files:
        if not f.endswith(SCANNED) or f.startswith("bench/results/") or f == "scripts/paths-external.txt":
            continue
        with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
            for number, line in enumerate(fh, 1):
                marker = COMMENT.get(os.path.splitext(f)[1])
                if marker is not None:
                    if marker not in line:
                        continue
                    line = line[line.index(marker):]
                for m in NAME.finditer(line):
                    name = m.group(1)
                    if m.start() > 0 and line[m.start() - 1] == "<":
                        continue  # <CL/opencl.hpp>: a system header
                    if name in external or os.path.basename(name) in external:
                        continue
                    if not exists(name, files, basenames):
                        stale.append(f"{f}:{number}: {name}")
    for s in stale:
        print(s)
    if stale:
        print(f"{len(stale)} stale file names (fix the text, or list another project's file in "
              "scripts/paths-external.txt)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

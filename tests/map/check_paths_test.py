#!/usr/bin/env python3
"""scripts/check-paths.py's rules on small fabricated trees (#45): a correct map passes, and each
kind of drift fails with a line that names the file, the line and what to change: a bare name in
the wrong folder's row, a function paired with a file that only calls it, a stale name in a
comment, a folder of cli/grp/ the layer table does not name, an include the table does not
allow, a source not on the page, an ambiguous bare name; and (#71) a `f` in `path` pair, a pair in
a C++ comment, a name only a string literal spells, a stale name in any page of docs/.

    check_paths_test.py REPO_ROOT      (exit 0 when every case behaves, else 1)
"""
import os
import subprocess
import sys
import tempfile

ARCH = """# Architecture

| folder | job |
| --- | --- |
| `cli/grp/core/` | `text.cpp` (`trim`), `element_type.cpp` (`parse_type`) |
| `cli/grp/model/spec/` | `spec.cpp` (`read_spec`) |
| `cli/grp/run/` | `runner.cpp` (`run_sweep`) |

## Layers

| folder | may include |
| --- | --- |
| `grp/core` | `grp/core` only |
| `grp/model` | `grp/core`, `grp/model` |
| `grp/run` | `grp/core`, `grp/model`, `grp/run` |

## Flow

`run_sweep` (`cli/grp/run/runner.cpp`) calls `read_spec` (`model/spec/spec.cpp`), which
calls `trim` from `cli/grp/core/text.cpp`.
"""

GOOD = {
    "docs/architecture.md": ARCH,
    "cli/grp/core/text.hpp": "// Text.\nnamespace grp {\nstd::string trim(const std::string& s);\n}\n",
    "cli/grp/core/text.cpp": "#include \"grp/core/text.hpp\"\nstd::string trim(const std::string& s) {"
                             "\n    return s;\n}\n",
    "cli/grp/core/element_type.hpp": "// Types.\nint parse_type(const char* s);\n",
    "cli/grp/core/element_type.cpp": "int parse_type(const char* s) { return 0; }\n",
    "cli/grp/model/spec/spec.cpp": "#include \"grp/core/text.hpp\"\n// `trim` and trim() are the core's:\n"
                                   "// trim() in cli/grp/core/text.cpp, on `s` (cli/grp/core/text.hpp).\n"
                                   "spec read_spec(const std::string& t) {\n    return parse(trim(t));\n}\n",
    "cli/grp/run/runner.cpp": "#include \"grp/model/spec/spec.hpp\"\n#include \"grp/core/text.hpp\"\n"
                              "void run_sweep() {\n    read_spec(\"x\");\n}\n",
    "cli/grp/run/runner.hpp": "// The runner.\nvoid run_sweep();\n",
}


def tree(changes):
    files = dict(GOOD)
    for path, text in changes.items():
        if text is None:
            files.pop(path)
        else:
            files[path] = text
    root = tempfile.mkdtemp(prefix="grp-map-")
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as f:
            f.write(text)
    return root


def check(checker, name, changes, rc, expected, absent=()):
    root = tree(changes)
    out = subprocess.run([sys.executable, checker, "--root", root], capture_output=True, text=True)
    ok = out.returncode == rc and all(e in out.stdout for e in expected) and \
        not any(a in out.stdout for a in absent)
    print(("ok   " if ok else "FAIL ") + name)
    if not ok:
        print(f"  exit {out.returncode} (expected {rc}); wanted {expected!r} in:\n{out.stdout}"
              f"{out.stderr}")
    return ok


def main():
    checker = os.path.join(sys.argv[1], "scripts", "check-paths.py")
    arch = GOOD["docs/architecture.md"]
    cases = [
        ("a correct map passes", {}, 0, []),
        ("a bare name in the wrong folder's row fails",
         {"docs/architecture.md": arch.replace("`text.cpp` (`trim`), `element_type.cpp` (`parse_type`)",
                                               "`text.cpp` (`trim`)").replace(
             "`spec.cpp` (`read_spec`)", "`spec.cpp` (`read_spec`), `element_type.cpp`")},
         1, ["docs/architecture.md:6: `element_type.cpp` is not in cli/grp/model/spec/ (this row's "
             "folder); it is cli/grp/core/element_type.cpp"]),
        ("a function paired with a file that only calls it fails",
         {"docs/architecture.md": arch.replace("calls `read_spec` (`model/spec/spec.cpp`)",
                                               "calls `read_spec` (`cli/grp/run/runner.cpp`)")},
         1, ["docs/architecture.md:19: `read_spec` is not defined in cli/grp/run/runner.cpp; it is "
             "defined in cli/grp/model/spec/spec.cpp/.hpp: change the file"]),
        ("a row of a file/function table is checked",
         {"docs/architecture.md": arch + "\n| statistic | file | function |\n| --- | --- | --- |\n"
                                         "| trimming | `core/text.cpp` | `trim`, `parse_type` |\n"},
         1, ["`parse_type` is not defined in cli/grp/core/text.cpp"]),
        ("a stale name in a comment fails",
         {"cli/grp/run/runner.hpp": "// The runner: run_case() per case, like case_runner did.\n"
                                    "void run_sweep();\n"},
         1, ["cli/grp/run/runner.hpp:1: `run_case` occurs nowhere in the code",
             "cli/grp/run/runner.hpp:1: `case_runner` occurs nowhere in the code"]),
        ("a name on the map that the code lost fails",
         {"docs/architecture.md": arch + "\nEach case goes through `run_case`.\n"},
         1, ["docs/architecture.md:22: `run_case` occurs nowhere in the code"]),
        ("a folder of cli/grp/ without a layer row fails",
         {"cli/grp/sim/sim.cpp": "int simulate() { return 1; }\n",
          "docs/architecture.md": arch.replace("| `cli/grp/run/` |", "| `cli/grp/sim/` | `sim.cpp` |\n"
                                               "| `cli/grp/run/` |")},
         1, ["the layer table (## Layers) has no row for cli/grp/sim/: add a row | `grp/sim` |"]),
        ("an include the layer table does not allow fails",
         {"cli/grp/core/text.cpp": "#include \"grp/run/runner.hpp\"\n" + GOOD["cli/grp/core/text.cpp"]},
         1, ["cli/grp/core/text.cpp:1: includes grp/run/, which the layer table's row `grp/core` "
             "(docs/architecture.md:13) does not allow"]),
        ("a layer allowance that no include uses fails",
         {"docs/architecture.md": arch.replace("| `grp/model` | `grp/core`, `grp/model` |",
                                               "| `grp/model` | `grp/core`, `grp/model`, `grp/run` |")},
         1, ["docs/architecture.md:14: the layer table's row `grp/model` allows `grp/run`, which no "
             "file of cli/grp/model/ includes: remove it from the row"]),
        ("a source in a folder without a row asks for the row",
         {"cli/grp/parts/part.cpp": "int part() { return 1; }\n",
          "docs/architecture.md": arch.replace("| `grp/run` | `grp/core`, `grp/model`, `grp/run` |",
                                               "| `grp/run` | `grp/core`, `grp/model`, `grp/run` |\n"
                                               "| `grp/parts` | `grp/core` |")},
         1, ["cli/grp/parts/part.cpp is not on this page: name it in a new row of the folder table "
             "for `cli/grp/parts/`"]),
        ("a source not on the page fails",
         {"cli/grp/run/rounds.cpp": "void round() {}\n"},
         1, ["cli/grp/run/rounds.cpp is not on this page: name it in the row of `cli/grp/run/`"]),
        ("an ambiguous bare name fails; its path passes",
         {"cli/grp/model/spec/text.cpp": "int x;\n",
          "docs/architecture.md": arch.replace("`spec.cpp` (`read_spec`)",
                                               "`spec.cpp` (`read_spec`), `text.cpp`") + "\nSee `text.cpp`.\n"},
         1, ["`text.cpp` could be any of cli/grp/core/text.cpp, cli/grp/model/spec/text.cpp"]),
        ("a bare name after a folder in prose binds to it",
         {"docs/architecture.md": arch + "\nIn `cli/grp/run/`, `spec.cpp` reads specs.\n"},
         1, ["`spec.cpp` is not in cli/grp/run/, the folder named before it"]),
        # #71 item 12: the pairs and names the checker did not read before
        ("a `f` in `path` pair is checked",
         {"docs/architecture.md": arch + "\n`read_spec` in `cli/grp/run/runner.cpp` reads it.\n"},
         1, ["docs/architecture.md:22: `read_spec` is not defined in cli/grp/run/runner.cpp; it is "
             "defined in cli/grp/model/spec/spec.cpp/.hpp: change the file"]),
        ("a pair in a C++ comment is checked, across its lines",
         {"cli/grp/run/runner.hpp": "// The runner: each case's spec comes from read_spec()\n"
                                    "// (cli/grp/run/runner.cpp), then run_sweep (runner.cpp).\n"
                                    "void run_sweep();\n"},
         1, ["cli/grp/run/runner.hpp:1: `read_spec` is not defined in cli/grp/run/runner.cpp"],
         ["`run_sweep` is not defined"]),
        ("a name only a string literal spells is not the code's; a one-word literal is",
         {"cli/grp/run/runner.hpp": "// The runner: run_case() per case; `sweep_key` names it.\n"
                                    "void run_sweep();\n",
          "cli/grp/run/runner.cpp": GOOD["cli/grp/run/runner.cpp"] +
                                    "const char* m = \"run_case failed\";\n"
                                    "const char* k = \"sweep_key\";\n"},
         1, ["cli/grp/run/runner.hpp:1: `run_case` occurs nowhere in the code"], ["`sweep_key`"]),
        ("a stale name in backticks in any page of docs/ fails",
         {"docs/run.md": "# run\n\nEach case goes through `run_case` and `run_sweep`.\n"},
         1, ["docs/run.md:3: `run_case` occurs nowhere in the code"], ["`run_sweep`"]),
    ]
    results = [check(checker, *case) for case in cases]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())

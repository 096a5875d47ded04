#!/usr/bin/env python3
"""The map is checked. `scripts/check-paths.py [--root DIR]` exits 1 with one line per finding
(FILE:LINE: what is wrong, and what to change), else 0. Python 3 standard library only; < 1 s.

1. **Paths.** Every *.cpp, *.hpp or *.md name in a comment of a tracked source or CMake file, or
   anywhere in a tracked document, must name a tracked file. A name with a folder must be the end
   of exactly one tracked path (`model/stats/stats.hpp` is cli/grp/model/stats/stats.hpp). A bare
   name resolves against a folder:
   - in a row of a table whose first column is `folder` (docs/architecture.md), against that row's
     folder, or a subfolder the row names before it (`sensors/`): strictly, so `element_type.cpp`
     in the row of `cli/grp/model/spec/` fails when the file is in `cli/grp/core/`;
   - in other text, against the nearest folder named before it in the same paragraph (a backticked
     `report/views/`, or the folder of a path such as `model/compare/compare.cpp`), or in a
     comment against the commenting file's folder; failing that, its name must be unique in the
     tree. A name that is neither gets the candidates listed: write enough of the path.
   Names with `*` must match a tracked file. Other projects' files: scripts/paths-external.txt.
2. **Functions.** In documents, a function paired with a file must be *defined* in that file or
   the header/source of the same stem (`type name(`, `type cls::name(`, `struct name`,
   `auto name = [`..., outside comments; a mere call does not count). The pairs read are
   `` `f` (`path`) ``, `` `f` + `g` (`path`) ``, `` (`f`, `path`) ``, `` `f` from `path` ``,
   `` `f` in `path` ``, `` `path` (`f`, `g`) ``, `` `path`: `f`, `g` `` and the rows of tables
   with a `file` and a `function` column. In C++ comments (a run of comment lines read as one
   paragraph) the pairs are `f (path)`, `f in path` and `f from path`, where f is written `f()`
   or is a plain snake_case word (as in rule 3) and the path may go without backticks; a
   backticked `` `f` `` pairs only with a backticked path, and `path's f` is no pair.
3. **Names in comments and in the manual.** In C++ comments, and in the text of every docs/*.md
   outside code blocks, an identifier in backticks (or in a comment, written `name()`) must
   occur in the code of a tracked source, kernel, script or CMake file, or be a tracked file's
   stem; so must a plain snake_case word in a comment whose parts all have 3 letters or more
   (`run_case`, but not the formula's `m_i`). *Code* means comments and string literals blanked:
   a name only an error message spells is not the code's. A literal that is one word is kept
   (`"steal_pct"`, `"WAIVED "`: a key or a name the code hands on as data); shell scripts keep
   their strings, which hold code (`"$GRP_GPU"`). In docs/*.md only backticked names are read
   (the manual's prose is English, not snake_case). Names of other projects (CLI11, OpenCL, the
   standard library, the tools the manual names...) are listed in EXTERNAL_IDENTIFIERS below;
   a qualified name whose first part is there (`cub::DeviceReduce::Sum`) is theirs.
4. **Layers.** docs/architecture.md's layer table (`| grp/X | may include |`) must have a row for
   every folder `cli/grp/*` and no other; every `#include "grp/Y/..."` of a file in `cli/grp/X/`
   must be allowed by X's row, and every folder a row allows must be included by some file of X
   (the table says what is, not what once was).
5. **Coverage.** Every source or header under cli/ is named on docs/architecture.md (one of a
   header/source pair is enough).

Basename twins (`compare.cpp` in model/compare, report/console, report/markdown, report/csv,
report/json...): kept, not renamed. Each sits in a folder whose name is its format or job, every
include spells the folder (`grp/report/csv/compare.hpp`), and rule 1 no longer lets a bare twin
match the wrong one: in a table row it is the row's folder, in prose the nearest folder named,
and where neither decides the checker asks for the path. Renaming them to `csv_compare.cpp` would
repeat the folder in every name.
"""
import fnmatch
import io
import os
import re
import subprocess
import sys
import tokenize

NAME = re.compile(r"(?<![\w./*-])((?:[\w.*-]+/)*[\w*-][\w.*-]*\.(?:cpp|hpp|md))(?![\w/])")
# Files the build writes (cli/CMakeLists.txt, cmake/*.cmake): named in comments, never tracked.
GENERATED = {"version.hpp", "builtin_kernels.cpp", "profile_schema.cpp", "git_sha.cpp"}
COMMENT = {".cpp": "//", ".hpp": "//", ".cmake": "#", ".txt": "#", ".in": "//"}
SCANNED = tuple(COMMENT) + (".md",)
ARCH = "docs/architecture.md"
SELF = {"scripts/check-paths.py", "tests/map/check_paths_test.py"}
# Identifiers of other projects that comments name in backticks or as name(); each is checked
# against the code first, so only names our code never spells need to be here.
EXTERNAL_IDENTIFIERS = {
    "printer_base",  # nvbench's printer interface, the model of compare_printer
    # CLI11
    "add_flag", "add_option_group", "allow_extras", "callback", "parse", "needs", "excludes",
    "CLI11_PARSE", "group", "each", "check", "transform",
    # OpenCL / PoCL / NVML / Oclgrind
    "clFinish", "clGetEventProfilingInfo", "clWaitForEvents", "clBuildProgram", "clGetPlatformIDs",
    "clEnqueueNDRangeKernel", "clCreateBuffer", "clEnqueueReadBuffer", "barrier", "get_local_id",
    "get_group_id", "get_global_id", "sub_group_reduce_add", "nvmlInit", "nvmlDeviceGetPowerUsage",
    "nvmlDeviceGetTotalEnergyConsumption", "nvmlDeviceGetClockInfo", "atomic_add", "atom_add",
    # C, POSIX and the standard library
    "fork", "execv", "execvp", "waitpid", "kill", "sigaction", "sigwait", "pthread_sigmask",
    "sched_setaffinity", "sched_getaffinity", "getrusage", "clock_gettime", "isatty", "fsync",
    "rename", "dlopen", "dlsym", "strtod", "from_chars", "to_chars", "quick_exit", "_exit",
    "abort", "exit", "nextafter", "fma", "lgamma", "expm1", "log1p", "erfc", "nth_element",
    "partial_sort", "stable_sort", "lower_bound", "upper_bound", "setlocale", "localeconv",
    # nlohmann_json, valijson
    "dump", "parse_error", "type_error", "ordered_json",
    # a mangled name Oclgrind prints; /proc/stat's last field; google/benchmark's compare.py;
    # scipy.stats.wilcoxon's parameter; the shell's job control
    "_Z7barrierj", "guest_nice", "get_difference_report", "print_difference_report",
    "zero_method", "fg", "bg",
    # named in the manual (docs/*.md): OpenCL C's vector loads, CUB, AMD's and PoCL's build
    # files, NVML's constants, Linux and its tools, PBS, gsDesign, R's strucchange
    "vload2", "vloadN", "vstoreN", "cub", "CompileSource", "NVML_ERROR_NOT_SUPPORTED",
    "NVML_TEMPERATURE_THRESHOLD_SLOWDOWN", "thermal_throttle", "taskset", "dmesg", "ldd",
    "libc6", "LD_LIBRARY_PATH", "SOURCE_DATE_EPOCH", "qsub", "PBS_ARRAYID", "sfLDOF",
    "breakpoints",
}
KEYWORDS = {"return", "else", "new", "delete", "throw", "case", "goto", "co_return", "not",
            "and", "or", "sizeof", "decltype", "typeid", "alignof", "co_await", "co_yield"}
CODE_TOKENS = re.compile(r"[A-Za-z_]\w*")
STRIP = re.compile(r'R"(\w*)\((?:.|\n)*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
                   r"(//[^\n]*|/\*(?:.|\n)*?\*/)")
# A plain snake_case word in a comment (run_case, case_runner): read as a name of the code when
# every part has 3 letters or more (m_i, sum_ij and median_ns are formulas and units).
PLAIN = re.compile(r"(?<![\w.`/$-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b(?![\w/.-]*\.\w)")
CMAKE_STRIP = re.compile(r'"(?:\\.|[^"\\])*"|#[^\n]*')
PY_STRIP = re.compile(r'"""(?:.|\n)*?"""|\'\'\'(?:.|\n)*?\'\'\'|"(?:\\.|[^"\\\n])*"|'
                      r"'(?:\\.|[^'\\\n])*'|#[^\n]*")
KEY_LITERAL = re.compile(r"""(["']) *[A-Za-z_]\w* *\1""")
SHELL_COMMENT = re.compile(r"(?:^|(?<=\s))#[^\n]*")
COMMENT_FUNCTION = re.compile(r"(?<![\w.>:`-])([A-Za-z_]\w*(?:::\w+)*)\(\)")
PAIR_GAP = re.compile(r"`?\s*(\(|,|from|in)\s*")
IDENT = re.compile(r"^~?[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*(?:\(\))?$")


class Tree:
    def __init__(self, root):
        self.root = root
        self.files = tracked(root)
        self.fileset = set(self.files)
        self.by_base = {}
        self.dirs = set()
        for f in self.files:
            self.by_base.setdefault(os.path.basename(f), []).append(f)
            d = os.path.dirname(f)
            while d:
                self.dirs.add(d)
                d = os.path.dirname(d)
        self.code_cache = {}
        self.definition_cache = {}

    def definitions(self, f):
        if f not in self.definition_cache:
            self.definition_cache[f] = definitions(self.code(f))
        return self.definition_cache[f]

    def read(self, f):
        with open(os.path.join(self.root, f), encoding="utf-8", errors="replace") as fh:
            return fh.read()

    def code(self, f):
        """f's text with comments blanked (newlines kept), strings kept."""
        if f not in self.code_cache:
            text = self.read(f)
            self.code_cache[f] = STRIP.sub(
                lambda m: re.sub(r"[^\n]", " ", m.group(0)) if m.group(2) else m.group(0), text)
        return self.code_cache[f]

    def code_names(self, f):
        """The identifiers of f's code: comments and string literals blanked (rule 3), so a name
        that only an error message or a comment spells is not the code's."""
        if f.endswith(".py"):
            return python_names(self.read(f))
        if f.endswith((".sh", ".sbatch")):  # a shell's strings hold code: "$GRP_GPU"
            return set(CODE_TOKENS.findall(SHELL_COMMENT.sub(" ", self.read(f))))
        strip = CMAKE_STRIP if f.endswith((".cmake", "CMakeLists.txt")) else STRIP
        return set(CODE_TOKENS.findall(strip.sub(key_or_blank, self.read(f))))

    def suffix_matches(self, name):
        return [f for f in self.files if f == name or f.endswith("/" + name)]

    def folder_of(self, token, current=None):
        """The tracked folder a backticked `x/y/` names, preferring one under current."""
        token = token.strip("/")
        if current and f"{current}/{token}" in self.dirs:
            return f"{current}/{token}"
        hits = [d for d in self.dirs if d == token or d.endswith("/" + token)]
        if len(hits) > 1:  # report/views/ is the source's, not tests/unit/report/views/
            hits = [d for d in hits if d.startswith("cli/")]
        return hits[0] if len(hits) == 1 else None

    def resolve(self, name, folder=None, strict=False, row=False):
        """(files, problem): the tracked files name means, or why it means none or several."""
        if os.path.basename(name) in GENERATED:
            return [], None
        if "*" in name:
            pattern = "*/" + name.lstrip("*/") if "/" in name else name
            ok = any(fnmatch.fnmatch("/" + f, pattern) or fnmatch.fnmatch(os.path.basename(f), name)
                     for f in self.files)
            return [], None if ok else "matches no tracked file"
        if folder and f"{folder}/{name}" in self.fileset:
            return [f"{folder}/{name}"], None
        if name.startswith("../") or (folder and name.startswith("./")):
            target = os.path.normpath(os.path.join(folder or "", name))
            return ([target], None) if target in self.fileset else ([], "names no tracked file")
        if not strict and "/" not in name and name in self.fileset:
            return [name], None  # README.md, CONTRIBUTING.md: a bare name means the root's
        hits = self.suffix_matches(name) if "/" in name else self.by_base.get(name, [])
        if not hits:
            return [], "names no tracked file"
        if strict and row:
            return [], (f"is not in {folder}/ (this row's folder); it is {', '.join(hits)}: "
                        "move it to that folder's row, or write its path")
        if strict:
            return [], (f"is not in {folder}/, the folder named before it; it is "
                        f"{', '.join(hits)}: write its path")
        if len(hits) > 1:
            return [], f"could be any of {', '.join(sorted(hits))}: write enough of the path"
        return hits, None


def key_or_blank(m):
    """A comment or string literal blanked, but a literal that is one whole identifier kept: a
    key or a name the code hands on as data ("steal_pct", "ln_time"), not words of a message."""
    text = m.group(0)
    if not text.startswith(("//", "/*", "#")) and KEY_LITERAL.fullmatch(text):
        return " " + text[1:-1] + " "
    return " "


def python_names(text):
    """The NAME tokens of a Python file, and its literals that are one identifier (keys)."""
    try:
        names = set()
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NAME:
                names.add(tok.string)
            elif tok.type == tokenize.STRING and KEY_LITERAL.fullmatch(tok.string):
                names.add(tok.string[1:-1])
        return names
    except (tokenize.TokenError, SyntaxError):
        return set(CODE_TOKENS.findall(PY_STRIP.sub(key_or_blank, text)))


def tracked(root):
    try:
        out = subprocess.check_output(["git", "ls-files", "-co", "--exclude-standard"], cwd=root,
                                      stderr=subprocess.DEVNULL)
        # sorted and once each: during a merge an unmerged file is listed once per stage
        files = sorted(set(out.decode().split("\n")))
    except (subprocess.CalledProcessError, FileNotFoundError):
        files = [os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root)
                 for n in ns if ".git" not in d.split(os.sep)]
    return sorted(f for f in files if f and os.path.isfile(os.path.join(root, f)))


def external_names(root):
    path = os.path.join(root, "scripts", "paths-external.txt")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {l.strip() for l in f if l.strip() and not l.startswith("#")}


DEFINITION = re.compile(
    r"\b(?:struct|class|union|enum(?:\s+class)?|namespace)\s+(\w+)|\busing\s+(\w+)\s*=|"
    r"#\s*define\s+(\w+)|^(?:~?\w+::)*~?(\w+)\s*\(|"
    r"(\w+)[>*&\]]*\s+[*&]*(?:~?\w+::)*~?(\w+)\s*(?:\(|\{|=|;|\[|\)\s*\()", re.M)


def definitions(code):
    """The names code defines or declares: types, functions (not calls), variables, macros."""
    names = set()
    for m in DEFINITION.finditer(code):
        if m.group(6):
            if m.group(5) not in KEYWORDS:
                names.add(m.group(6))
        else:
            names.add(next(g for g in m.groups()[:4] if g))
    return names


def defined_in(tree, name, files):
    """Is name defined (not merely called) in one of files or their same-stem partners?"""
    name = name.split("::")[-1].replace("()", "")
    for f in files:
        stem = os.path.splitext(f)[0]
        for x in (f, stem + ".cpp", stem + ".hpp"):
            if x in tree.fileset and name in tree.definitions(x):
                return True
    return False


def markdown_units(text):
    """(kind, first line number, text, offsets) per paragraph or table row, outside fences."""
    units, para, fence = [], [], None
    lines = text.split("\n")

    def flush():
        if para:
            units.append(("para", para[0][0], " ".join(l for _, l in para), list(para)))
            para.clear()

    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if re.match(r"^\s*(```|~~~)", line):
            flush()
            fence = None if fence else stripped[:3]
            continue
        if fence:
            continue
        if stripped.startswith("|"):
            flush()
            units.append(("row", number, line, [(number, line)]))
        elif not stripped or stripped.startswith("#") or re.match(r"^\s*([-*]|\d+\.)\s", line):
            flush()
            if stripped and not stripped.startswith("#"):
                para.append((number, line))
        else:
            para.append((number, line))
    flush()
    return units


def line_at(unit, offset):
    """The line number of a character offset into a unit's joined text."""
    pos = 0
    for number, line in unit[3]:
        pos += len(line) + 1
        if offset < pos:
            return number
    return unit[3][-1][0]


SPAN = re.compile(r"`([^`\n]+)`")
FOLDER_TOKEN = re.compile(r"^[\w.-]+(?:/[\w.-]+)*/$")


def cells(row):
    return [c.strip() for c in row.strip().strip("|").split("|")]


class Checker:
    def __init__(self, root):
        self.tree = Tree(root)
        self.external = external_names(root)
        self.findings = []
        self.arch_named = set()
        self.row_folders = set()  # the folders of docs/architecture.md's folder table

    def add(self, f, number, message):
        self.findings.append(f"{f}:{number}: {message}")

    # Rule 1 over one unit of text; returns {offset of a name: the files it means}.
    def check_names(self, f, unit, folder, strict, quiet=False):
        text, resolved, current = unit[2], {}, folder
        events = [(m.start(1), "folder", m.group(1)) for m in SPAN.finditer(text)
                  if FOLDER_TOKEN.match(m.group(1))]
        events += [(m.start(1), "name", m.group(1)) for m in NAME.finditer(text)]
        for pos, kind, token in sorted(events):
            if kind == "folder":
                current = self.tree.folder_of(token, folder if strict else current) or current
                continue
            if pos > 0 and text[pos - 1] == "<":
                continue  # <CL/opencl.hpp>: a system header
            if token in self.external or os.path.basename(token) in self.external:
                continue
            bare = "/" not in token
            if token.startswith(("../", "./")):
                hits, problem = self.tree.resolve(token, os.path.dirname(f))
            else:
                # in a document's prose a folder named before a bare name binds it as a row does
                binds = strict or (f.endswith(".md") and current is not None)
                if f.endswith(".md") and token.endswith(".md") and not strict:
                    # a page's name in a page: relative to it (as its links are), else unique
                    hits, problem = self.tree.resolve(token, os.path.dirname(f) or None)
                else:
                    hits, problem = self.tree.resolve(token, current, binds and bare, strict)
            if problem:
                if not quiet:
                    self.add(f, line_at(unit, pos), f"`{token}` {problem}")
                continue
            resolved[pos] = hits
            if f == ARCH and not quiet:
                self.arch_named.update(hits)
            if hits and not bare:
                current = os.path.dirname(hits[0])
        return resolved

    # Rule 2 over one unit: the pairs it states.
    def check_pairs(self, f, unit, resolved):
        text = unit[2]
        spans = [(m.start(1), m.group(1)) for m in SPAN.finditer(text)]
        ident = [IDENT.match(s) is not None and not s.startswith("~") for _, s in spans]
        path = [pos in resolved and s.endswith((".cpp", ".hpp")) for pos, s in spans]

        def between(i):
            return text[spans[i][0] + len(spans[i][1]) + 1:spans[i + 1][0] - 1]

        for i in range(len(spans) - 1):
            gap = between(i)
            if ident[i] and path[i + 1] and re.fullmatch(r"\s*(\(|,|from|in)\s*", gap):
                names, j = [i], i
                while j > 0 and ident[j - 1] and re.fullmatch(r"\s*\+\s*", between(j - 1)):
                    j -= 1
                    names.append(j)
                for k in names:
                    self.check_pair(f, unit, spans[k], spans[i + 1], resolved)
            if path[i] and ident[i + 1] and re.fullmatch(r"\s*(\(|:)\s*", gap):
                j = i + 1
                while True:
                    self.check_pair(f, unit, spans[j], spans[i], resolved)
                    if j + 1 < len(spans) and ident[j + 1] and re.fullmatch(r",\s*", between(j)):
                        j += 1
                    else:
                        break

    def check_pair(self, f, unit, fn, path, resolved):
        files = resolved.get(path[0])
        if not files or defined_in(self.tree, fn[1], files):
            return
        self.add(f, line_at(unit, fn[0]),
                 f"`{fn[1]}` is not defined in {' or '.join(files)}{self.where(fn[1])}")

    def where(self, name):
        homes = [c for c in self.tree.files if c.startswith("cli/") and c.endswith((".cpp", ".hpp"))
                 and defined_in(self.tree, name, [c])]
        if not homes:
            return ": no source under cli/ defines it; drop it or name what replaced it"
        stems = sorted({os.path.splitext(h)[0] for h in homes})
        return f"; it is defined in {', '.join(s + '.cpp/.hpp' for s in stems)}: change the file"

    # A table with `file` and `function` columns: each function in one of the files of its row.
    def check_function_row(self, f, unit, header, resolved):
        row = cells(unit[2])
        fi, gi = header.index("file"), header.index("function")
        if max(fi, gi) >= len(row):
            return
        files = [x for hits in resolved.values() for x in hits]  # any file the row names
        for m in SPAN.finditer(row[gi]):
            name = m.group(1)
            if IDENT.match(name) and files and not defined_in(self.tree, name, files):
                self.add(f, unit[1], f"`{name}` is not defined in {' or '.join(files)}"
                         f"{self.where(name)}")

    def check_document(self, f):
        header, prev = None, None
        for unit in markdown_units(self.tree.read(f)):
            kind = unit[0]
            if f.startswith("docs/"):
                self.check_map_names(f, unit)
            if kind == "row":
                row = cells(unit[2])
                if prev != "row":
                    header, prev = [re.sub(r"\W", "", c).lower() for c in row], kind
                    continue
                prev = kind
                if all(re.fullmatch(r":?-+:?", c) for c in row):
                    continue
                folder = None
                if header and header[0] == "folder":
                    first = SPAN.search(row[0])
                    token = first.group(1).rstrip("/") if first else ""
                    if token in self.tree.dirs or self.tree.folder_of(token + "/"):
                        folder = token if token in self.tree.dirs else self.tree.folder_of(token + "/")
                    elif os.path.dirname(token) in self.tree.dirs:
                        folder = os.path.dirname(token)
                if f == ARCH and folder and token.startswith("cli/"):
                    self.row_folders.add(folder)  # the folder table's, not the layer table's
                resolved = self.check_names(f, unit, folder, folder is not None)
                self.check_pairs(f, unit, resolved)
                if header and "file" in header and "function" in header:
                    self.check_function_row(f, unit, header, resolved)
            else:
                prev = kind
                resolved = self.check_names(f, unit, None, False)
                self.check_pairs(f, unit, resolved)

    def check_map_names(self, f, unit):
        """On the map every name in backticks is the code's (a function, type, member or key)."""
        for m in SPAN.finditer(unit[2]):
            name = m.group(1)
            if IDENT.match(name):
                parts = name.replace("()", "").split("::")
                last = parts[-1].lstrip("~")
                if parts[0] in EXTERNAL_IDENTIFIERS or parts[0] == "std":
                    continue  # cub::DeviceReduce::Sum, std::nth_element
                if last not in self.code_names and last not in EXTERNAL_IDENTIFIERS:
                    self.add(f, line_at(unit, m.start()), f"`{name}` occurs nowhere in the code: "
                             "name what is there now")

    def check_comments(self, f, identifiers):
        text = self.tree.read(f)
        ext = os.path.splitext(f)[1]
        cxx = ext in (".cpp", ".hpp")
        if cxx:
            comments = [(m.start(), m.group(2)) for m in STRIP.finditer(text) if m.group(2)]
        else:
            marker = COMMENT[ext]
            comments, pos = [], 0
            for line in text.split("\n"):
                if marker in line:
                    comments.append((pos + line.index(marker), line[line.index(marker):]))
                pos += len(line) + 1
        block = []  # the lines of consecutive comments: a pair may span two of them
        for start, comment in comments:
            number = text.count("\n", 0, start) + 1
            if cxx and block and number > block[-1][0] + 1:
                self.check_comment_pairs(f, block)
                block = []
            for i, line in enumerate(comment.split("\n")):
                unit = ("comment", number + i, line, [(number + i, line)])
                self.check_names(f, unit, os.path.dirname(f), False)
                if cxx:
                    self.check_identifiers(f, number + i, line, identifiers)
                    block.append((number + i, line))
        if block:
            self.check_comment_pairs(f, block)

    def check_comment_pairs(self, f, block):
        """Rule 2 in C++ comments: a block of comment lines read as one paragraph."""
        lines = [(n, re.sub(r"^\s*(///?|/\*+|\*)?\s?", "", l)) for n, l in block]
        unit = ("comment", lines[0][0], " ".join(l for _, l in lines), lines)
        text = unit[2]
        resolved = self.check_names(f, unit, os.path.dirname(f), False, quiet=True)
        paths = []  # (where it starts, backticked, the files): not `x.cpp's f`, which is f's
        for pos, hits in resolved.items():
            name = NAME.match(text, pos).group(1)
            if name.endswith((".cpp", ".hpp")) and not text.startswith("'s", pos + len(name)):
                ticked = text[pos - 1:pos] == "`"
                paths.append((pos - ticked, ticked, hits))
        # (start, end, name, backticked): a `name` pairs only with a `path`, as in documents
        names = [(m.start(), m.end(), m.group(1), True) for m in SPAN.finditer(text)
                 if IDENT.match(m.group(1)) and not m.group(1).startswith("~")]
        bare = SPAN.sub(lambda m: " " * len(m.group(0)), text)
        names += [(m.start(), m.end(), m.group(1), False) for m in COMMENT_FUNCTION.finditer(bare)]
        names += [(m.start(), m.end(), m.group(1), False) for m in PLAIN.finditer(bare)
                  if all(len(part) >= 3 for part in m.group(1).split("_"))]
        for start, end, name, ticked_name in names:
            for at, ticked, hits in paths:
                if (ticked or not ticked_name) and at > end and PAIR_GAP.fullmatch(text[end:at]) \
                        and hits:
                    if not defined_in(self.tree, name, hits):
                        self.add(f, line_at(unit, start), f"`{name}` is not defined in "
                                 f"{' or '.join(hits)}{self.where(name)}")

    def check_identifiers(self, f, number, line, identifiers):
        names = [m.group(1) for m in SPAN.finditer(line) if IDENT.match(m.group(1))]
        names += [m.group(1) for m in re.finditer(r"(?<![\w.>:`-])([A-Za-z_]\w*(?:::\w+)*)\(\)",
                                                  line)]
        names += [w for w in PLAIN.findall(SPAN.sub(" ", line))
                  if all(len(part) >= 3 for part in w.split("_"))]
        for name in names:
            parts = [p.lstrip("~") for p in name.replace("()", "").split("::")]
            if parts[-1] in identifiers or parts[-1] in EXTERNAL_IDENTIFIERS or parts[0] == "std":
                continue
            self.add(f, number, f"`{name}` occurs nowhere in the code: name what the comment "
                     "means now (or list another project's name in EXTERNAL_IDENTIFIERS)")

    def identifiers(self):
        found = {os.path.splitext(os.path.basename(f))[0] for f in self.tree.files}
        for f in self.tree.files:
            if f in SELF:
                continue  # they name stale names on purpose
            if f.endswith((".cpp", ".hpp", ".cl", ".h", ".py", ".sh", ".sbatch", ".cmake",
                           "CMakeLists.txt", ".in")):
                found.update(self.tree.code_names(f))
        return found

    def check_layers(self):
        if ARCH not in self.tree.fileset:
            return
        text, allowed, rows, in_layers = self.tree.read(ARCH), {}, {}, False
        for number, line in enumerate(text.split("\n"), 1):
            if line.startswith("## "):
                in_layers = line.startswith("## Layers")
            m = re.match(r"^\|\s*`grp/(\w+)`\s*\|(.*)\|\s*$", line) if in_layers else None
            if m:
                allowed[m.group(1)] = set(re.findall(r"`grp/(\w+)`", m.group(2)))
                rows[m.group(1)] = number
        folders = sorted({f.split("/")[2] for f in self.tree.files
                          if f.startswith("cli/grp/") and f.count("/") >= 3})
        for folder in folders:
            if folder not in allowed:
                self.add(ARCH, 1, f"the layer table (## Layers) has no row for cli/grp/{folder}/: "
                         f"add a row | `grp/{folder}` | `grp/core`, ... | naming what it includes")
        for folder in sorted(set(allowed) - set(folders)):
            self.add(ARCH, rows[folder], f"the layer table's row `grp/{folder}` names no folder "
                     "of cli/grp/: remove the row")
        include = re.compile(r'^\s*#\s*include\s+"grp/(\w+)/', re.M)
        used = set()
        for f in self.tree.files:
            parts = f.split("/")
            if len(parts) < 4 or parts[:2] != ["cli", "grp"] or parts[2] not in allowed:
                continue
            if not f.endswith((".cpp", ".hpp")):
                continue
            for m in include.finditer(self.tree.code(f)):
                target = m.group(1)
                used.add((parts[2], target))
                if target not in allowed[parts[2]]:
                    number = self.tree.code(f).count("\n", 0, m.start()) + 1
                    self.add(f, number, f"includes grp/{target}/, which the layer table's row "
                             f"`grp/{parts[2]}` ({ARCH}:{rows[parts[2]]}) does not allow: remove "
                             f"the include, or add `grp/{target}` to that row if the layer may")
        for folder in sorted(set(allowed) & set(folders)):
            for target in sorted(allowed[folder] - {folder} - {t for f, t in used if f == folder}):
                self.add(ARCH, rows[folder], f"the layer table's row `grp/{folder}` allows "
                         f"`grp/{target}`, which no file of cli/grp/{folder}/ includes: remove it "
                         "from the row (and from the diagram above it)")

    def check_coverage(self):
        if ARCH not in self.tree.fileset:
            return
        named = {os.path.splitext(f)[0] for f in self.arch_named}
        for f in self.tree.files:
            stem = os.path.splitext(f)[0]
            if f.startswith("cli/") and f.endswith((".cpp", ".hpp")) and stem not in named:
                named.add(stem)  # one finding per header/source pair
                folder = os.path.dirname(f)
                where = (f"in the row of `{folder}/` (its folder)" if folder in self.row_folders
                         else f"in a new row of the folder table for `{folder}/`")
                self.add(ARCH, 1, f"{f} is not on this page: name it {where} with what it does")

    def run(self):
        identifiers = self.code_names = self.identifiers()
        for f in self.tree.files:
            if not f.endswith(SCANNED) or f.startswith("bench/results/"):
                continue
            if f == "scripts/paths-external.txt":
                continue
            if f.endswith(".md"):
                self.check_document(f)
            else:
                self.check_comments(f, identifiers)
        self.check_layers()
        self.check_coverage()
        return self.findings


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(argv) == 3 and argv[1] == "--root":
        root = os.path.abspath(argv[2])
    elif len(argv) != 1:
        print("usage: scripts/check-paths.py [--root DIR]", file=sys.stderr)
        return 2
    findings = Checker(root).run()
    for finding in findings:
        print(finding)
    if findings:
        print(f"{len(findings)} findings in the map (each line says what to change; the rules are "
              "in scripts/check-paths.py's docstring)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Size limits of the C++ under cli/ (scripts/check-style.sh runs this; CI fails on a finding).

Three limits, each counted in physical lines (blank and comment lines count: a reader scrolls
past them too):

  file      every cli/**/*.cpp and *.hpp: at most 400 lines (`wc -l`).
  pair      X.hpp plus X.cpp in the same folder: at most 500 lines together.
  readme    README.md: at most 250 lines (the front page; detail belongs in docs/).
  function  every function defined in those files: at most 50 lines, counted as clang-tidy's
            readability-function-size counts them (LineThreshold): the line of the body's
            closing brace minus the line of its opening brace. So the signature lines do not
            count, and a body written `{` + 49 lines + `}` is 50. Lambdas, local classes and
            nested blocks count toward the function that holds them; a lambda stored in a
            namespace-scope variable counts as a function of that name; an inline member
            function in a class body counts on its own (`class::name`).

Functions are found by a scan of the tokens, not a compiler: comments, string, character and
raw-string literals and preprocessor lines are dropped, then every brace block at namespace or
class scope whose head ends in a parameter list (`name(...)`, with qualifiers, a trailing
return type or a constructor's initialiser list after it) is a function body; namespaces,
`extern "C"` and class/struct/union bodies are scanned inside; any other block (an enum, an
initialiser) is skipped. It is exact on this code base: tests/scripts/check_sizes_test.py pins
it on tricky input, and it agrees with clang-tidy's count (`find_functions` says where that was
checked). The whole tree (378 files) takes about 0.5 s of CPU. clang-tidy with only
readability-function-size took 2.3 s of CPU per source (27.5 s for 12), about 7 minutes of CPU
for the 189 sources, on every run of the gate; check-style.sh's clang-tidy step therefore
checks only the changed sources, and this script checks every file.

Usage: scripts/check-sizes.py [--root DIR] [PATH...]
  With no PATH, checks the files `git ls-files 'cli/*.cpp' 'cli/*.hpp'` lists under DIR (default:
  the repository). With PATHs (files, relative to DIR or absolute), checks only those.
  `--list` prints every function with its count instead of checking (largest first).
Exit 1 on any finding, one line each: `FILE:LINE: function NAME is N lines (limit 50)`.
"""

import argparse
import os
import re
import subprocess
import sys

FILE_LIMIT = 400
# The front page: a short README, depth in docs/ (STYLE.md, "Maps, not only code"; #71 found it
# at 309 lines). Checked with the whole tree (no PATH given), or when README.md is named.
README_LIMIT = 250
PAIR_LIMIT = 500
FUNCTION_LIMIT = 50

HOW_TO_FIX = (
    "split by job, not by line count: a helper per step of a long function, a new file pair "
    "for a concept that has no home (CONTRIBUTING.md, Rules: Size)"
)

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_RAW_PREFIX = re.compile(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(')
# Tokens that may follow a parameter list before a function body.
_TRAILING = {"const", "noexcept", "override", "final", "volatile", "mutable", "&", "&&", "try"}


def tokenize(text):
    """Returns [(token, line)] of a C++ source with comments, literals and directives dropped.

    String and character literals become one token `"` or `'` (their braces must not count);
    a preprocessor directive, with its continuation lines, is dropped whole.
    """
    tokens = []
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "#" and at_line_start:
            # A directive runs to the first newline not escaped by a backslash.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                elif text.startswith("/*", i):
                    end = text.find("*/", i + 2)
                    end = n if end < 0 else end + 2
                    line += text.count("\n", i, end)
                    i = end
                    continue
                i += 1
            continue
        at_line_start = False
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        raw = _RAW_PREFIX.match(text, i)
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = ")" + raw.group(1) + '"'
            end = text.find(close, raw.end())
            end = n if end < 0 else end + len(close)
            tokens.append(('"', line))
            line += text.count("\n", i, end)
            i = end
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            tokens.append((c, line))
            i = j + 1
            continue
        if c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            # A number, with digit separators (1'000) and exponents (1e-9) kept inside it.
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "._'" or
                             (text[j] in "+-" and text[j - 1] in "eEpP")):
                j += 1
            tokens.append((text[i:j], line))
            i = j
            continue
        m = _IDENT.match(text, i)
        if m:
            tokens.append((m.group(0), line))
            i = m.end()
            continue
        for op in ("::", "->", "&&"):
            if text.startswith(op, i):
                tokens.append((op, line))
                i += len(op)
                break
        else:
            tokens.append((c, line))
            i += 1
    return tokens


def _match(tokens, i, open_, close):
    """Index of the token that closes the group opened at tokens[i]."""
    depth = 0
    for j in range(i, len(tokens)):
        t = tokens[j][0]
        if t == open_:
            depth += 1
        elif t == close:
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def _skip_template_prefix(head):
    """The head without its leading `template <...>` clauses."""
    while head and head[0][0] == "template" and len(head) > 1 and head[1][0] == "<":
        depth, j = 0, 1
        while j < len(head):
            if head[j][0] == "<":
                depth += 1
            elif head[j][0] == ">":
                depth -= 1
                if depth == 0:
                    break
            elif head[j][0] == "(":
                j = _match(head, j, "(", ")")
            j += 1
        head = head[j + 1:]
    return head


def _top_level(head):
    """(index, token) pairs of the head outside parentheses and brackets."""
    depth = 0
    for k, (t, _) in enumerate(head):
        if t in ")]":
            depth -= 1
        if depth == 0:
            yield k, t
        if t in "([":
            depth += 1


def _is_name(t):
    return bool(_IDENT.fullmatch(t)) or t.startswith("operator")


def _merge_operators(head):
    """The head with each `operator X` (`operator==`, `operator()`, `operator bool`) as one
    name token, so its symbols read neither as an `=` nor as a parameter list."""
    out, k = [], 0
    while k < len(head):
        t, line = head[k]
        if t != "operator":
            out.append(head[k])
            k += 1
            continue
        j = k + 1
        if j + 1 < len(head) and head[j][0] == "(" and head[j + 1][0] == ")":
            j += 2
        while j < len(head) and head[j][0] != "(":
            j += 1
        symbol = " ".join(x[0] for x in head[k + 1:j])
        symbol = re.sub(r"(?<=\W) (?=\W)", "", symbol)
        out.append(("operator" + (" " if symbol[:1].isalpha() else "") + symbol, line))
        k = j
    return out


def _qualified_name(head, k):
    """The (qualified) name just before head[k]: `grp::run::to_options`, `file::~file`."""
    j = k - 1
    parts = []
    while j >= 0:
        t = head[j][0]
        if t == ">":  # a template argument list inside the name (`table<T>::get`): skip it
            depth = 0
            while j >= 0:
                depth += {">": 1, "<": -1}.get(head[j][0], 0)
                if depth == 0:
                    break
                j -= 1
            j -= 1
            continue
        if not _is_name(t):
            break
        if j >= 1 and head[j - 1][0] == "~":
            t = "~" + t
            j -= 1
        parts.append(t)
        if j >= 1 and head[j - 1][0] == "::":
            j -= 2
            continue
        break
    return "::".join(reversed(parts))


_NOT_FUNCTIONS = {"if", "for", "while", "switch", "return", "decltype", "sizeof", "alignas",
                  "noexcept", "static_assert"}


def _parameter_list(head, top):
    """Index of the head's parameter list: the first top-level `(` right after a name."""
    for k, t in top:
        if t == "(" and k > 0 and _is_name(head[k - 1][0]) and head[k - 1][0] not in _NOT_FUNCTIONS:
            return k
        if t == "(" and k > 0 and head[k - 1][0] == ">":  # `f<int>(` or `table<T>::table(`
            return k
    return None


def classify(head):
    """What the brace block after this head is: ('scope', None) for a namespace or `extern "C"`,
    ('class', NAME), ('function', (NAME, LINE of the name)), ('member-init', None) for a brace
    initialiser inside a constructor's initialiser list, or ('other', None) for an initialiser
    or an enum."""
    head = _merge_operators(_skip_template_prefix(head))
    top = list(_top_level(head))
    words = [t for _, t in top]
    if not words:
        return ("other", None)
    if words[0] in ("namespace", "extern") or words[:2] == ["inline", "namespace"]:
        return ("scope", None)
    first = next((w for w in words if w not in ("typedef", "[", "]")), "")
    if first in ("class", "struct", "union") and "(" not in words:
        names = [w for w in words[1:] if _IDENT.fullmatch(w) and w not in ("final", "alignas")]
        return ("class", names[0] if names else "")
    if first == "enum":
        return ("other", None)
    paren = _parameter_list(head, top)
    equals = [k for k, t in top if t == "="]
    if equals and (paren is None or equals[0] < paren):
        # `const auto name = [captures](params) { ... }`: a lambda at namespace scope.
        e = equals[0]
        if e + 1 < len(head) and head[e + 1][0] == "[" and (
                head[-1][0] == ")" or head[-1][0] in _TRAILING or head[-1][0] == "mutable"):
            return ("function", (_qualified_name(head, e), head[e - 1][1]))
        return ("other", None)
    if paren is None:
        return ("other", None)
    name = (_qualified_name(head, paren), head[paren - 1][1])
    rest = [t for t, _ in head[_match(head, paren, "(", ")") + 1:]]
    if ":" in rest and rest[0] != "->" or (rest and rest[0] == ":"):
        # A constructor's initialiser list: the body follows a `)` or `}`; a `{` right after a
        # member's name is that member's brace initialiser.
        return ("function", name) if head[-1][0] in (")", "}") else ("member-init", None)
    if not rest or rest[0] in _TRAILING or rest[0] in ("->", "("):
        return ("function", name)
    return ("other", None)


def find_functions(tokens):
    """[(name, name_line, open_line, close_line)] of every function body in a token list.

    Lines are counted as clang-tidy's readability-function-size counts them (close_line -
    open_line), and name_line is the line clang-tidy names. Checked against clang-tidy 14 with
    only that check and LineThreshold 20 on 16 sources of cli/ (commands/compare.cpp,
    commands/run/run_options.cpp, run/runner.cpp, the compare printers, kernel_spec.cpp,
    inference.cpp, case_matrix.cpp, ...): the same 39 functions over 20 lines, at the same lines,
    with the same counts.
    """
    found = []

    def scan(i, prefix):
        head = []
        while i < len(tokens):
            t, line = tokens[i]
            if t == "}":
                return i + 1
            if t == ";":
                head = []
                i += 1
                continue
            if t in ("public", "private", "protected") and i + 1 < len(tokens) and tokens[i + 1][0] == ":":
                head = []
                i += 2
                continue
            if t in "([":
                close = _match(tokens, i, t, ")" if t == "(" else "]")
                head.extend(tokens[i:close + 1])
                i = close + 1
                continue
            if t != "{":
                head.append(tokens[i])
                i += 1
                continue
            kind, name = classify(head)
            close = _match(tokens, i, "{", "}")
            if kind == "scope":
                i = scan(i + 1, prefix)
                head = []
            elif kind == "class":
                i = scan(i + 1, prefix + (name + "::" if name else ""))
                head = []  # `struct x { ... } value;`: the rest ends at its `;`
            elif kind == "function":
                found.append((prefix + name[0], name[1], line, tokens[close][1]))
                i = close + 1
                head = []
            else:  # an initialiser or an enum: part of the head until its `;`
                head.extend(tokens[i:close + 1])
                i = close + 1
        return i

    scan(0, "")
    return found


def cxx_files(root, paths):
    if paths:
        return sorted(os.path.relpath(os.path.abspath(os.path.join(root, p)), root) for p in paths)
    out = subprocess.run(["git", "-C", root, "ls-files", "cli/*.cpp", "cli/*.hpp"],
                         check=True, capture_output=True, text=True).stdout
    return sorted(out.split())


def check(root, files, listing=False):
    """Findings as printable lines (or, with listing, every function's count)."""
    findings = []
    lengths = {}
    every = []
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        lengths[rel] = lines
        if lines > FILE_LIMIT:
            findings.append(f"{rel}:1: file is {lines} lines (limit {FILE_LIMIT})")
        for name, start, open_line, close_line in find_functions(tokenize(text)):
            count = close_line - open_line
            every.append((count, f"{rel}:{start}: function {name} is {count} lines"))
            if count > FUNCTION_LIMIT:
                findings.append(f"{rel}:{start}: function {name} is {count} lines "
                                f"(limit {FUNCTION_LIMIT})")
    for rel in sorted(lengths):
        if rel.endswith(".hpp"):
            source = rel[:-4] + ".cpp"
            if source in lengths:
                total = lengths[rel] + lengths[source]
                if total > PAIR_LIMIT:
                    findings.append(f"{rel}:1: pair {rel} + {os.path.basename(source)} is "
                                    f"{total} lines ({lengths[rel]} + {lengths[source]}; "
                                    f"limit {PAIR_LIMIT})")
    if listing:
        return [text for _, text in sorted(every, key=lambda e: -e[0])]
    return findings


def check_readme(root):
    """README.md over README_LIMIT lines, as a finding; none when it has none."""
    path = os.path.join(root, "README.md")
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().count("\n")
    if lines > README_LIMIT:
        return [f"README.md:1: file is {lines} lines (limit {README_LIMIT}: move detail to docs/)"]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--list", action="store_true", help="print every function's count")
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    files = cxx_files(root, args.paths)
    results = check(root, [f for f in files if f != "README.md"], args.list)
    if not args.list and (not args.paths or "README.md" in files):
        results += check_readme(root)
    for line in results:
        print(line)
    if args.list:
        return 0
    if results:
        print(f"check-sizes: {len(results)} over the limits; {HOW_TO_FIX}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

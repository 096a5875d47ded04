#!/usr/bin/env python3
"""Check the relative links of the repository's markdown files.

    scripts/check-doc-links.py [--untracked] [FILE.md ...]

Scans every tracked *.md file (`git ls-files '*.md'`; with --untracked also the untracked ones
that git does not ignore, so new pages can be checked before `git add`), or the files named, for
relative links -- inline `[text](path)`, `[text](path#anchor)`, `[text](#anchor)`, images and
reference definitions `[label]: path` -- outside code blocks and code spans. A link fails when
its file does not exist, or when its anchor matches no heading of the target markdown file
(GitHub's rules: the heading's text, lowercased, punctuation other than - and _ removed, spaces
turned into -, and -1, -2, ... appended to repeats; `<a name=...>` and `id=` anchors count too).
http(s), mailto and other URLs with a scheme are ignored; anchors into files that are not
markdown are not checked. Exit status: 0 all links resolve, 1 some do not (each is listed as
FILE:LINE: LINK: why), 2 usage.
Python 3 standard library only.
"""

import os
import re
import subprocess
import sys
import unicodedata
from urllib.parse import unquote

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*?(?:name|id)\s*=\s*["']([^"']+)["']""", re.I)
HTML_ID = re.compile(r"""\sid\s*=\s*["']([^"']+)["']""", re.I)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# [text](dest "title") and ![alt](dest); dest may be <...>; text may hold one level of [..]
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
                    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def git_files(untracked):
    args = ["git", "ls-files", "-z"]
    out = subprocess.run(args + ["--cached", "--others", "--exclude-standard"] if untracked
                         else args, check=True, stdout=subprocess.PIPE).stdout
    return [f for f in out.decode("utf-8", "surrogateescape").split("\0") if f]


def strip_code_blocks(lines):
    """The lines with fenced and indented code blocks blanked out (line numbers kept)."""
    kept, fence, prev_blank = [], None, True
    for line in lines:
        m = FENCE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and not line.strip(" `~"):
                fence = None
            kept.append("")
        elif m and not (m.group(1)[0] == "`" and "`" in line[m.end():]):
            fence = m.group(1)
            kept.append("")
        elif prev_blank and line.startswith(("    ", "\t")) and line.strip():
            kept.append("")  # an indented code block (only right after a blank line)
            continue
        else:
            kept.append(line)
        prev_blank = not line.strip()
    return kept


def heading_text(raw):
    """What GitHub renders of a heading's markdown: no code ticks, emphasis or link targets."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", raw)   # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)                        # inline HTML tags
    text = CODE_SPAN.sub(lambda m: m.group(2), text)
    return re.sub(r"(?<!\w)[*_]+|[*_]+(?!\w)", "", text)       # emphasis markers, not a_b


def slug(text):
    out = []
    for ch in text.strip().lower():
        if ch in "-_" or ch.isalnum() or unicodedata.category(ch).startswith("M"):
            out.append(ch)
        elif ch == " ":
            out.append("-")
    return "".join(out)


_anchor_cache = {}


def anchors_of(path):
    if path in _anchor_cache:
        return _anchor_cache[path]
    with open(path, encoding="utf-8", errors="replace") as f:
        raw_lines = f.read().splitlines()
    lines = strip_code_blocks(raw_lines)
    found, seen = set(), {}

    def add(text):
        base = slug(heading_text(text))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else "%s-%d" % (base, n))

    for i, line in enumerate(lines):
        m = ATX.match(line)
        if m:
            add(m.group(2) or "")
        elif i > 0 and SETEXT.match(line) and lines[i - 1].strip() and \
                not ATX.match(lines[i - 1]) and not lines[i - 1].lstrip().startswith(("|", "-", "*")):
            add(lines[i - 1].strip())
        for a in HTML_ANCHOR.findall(line) + HTML_ID.findall(line):
            found.add(a)
    _anchor_cache[path] = found
    return found


def links_of(text_lines):
    for no, line in enumerate(strip_code_blocks(text_lines), 1):
        if not line:
            continue
        m = REFDEF.match(line)
        if m:
            yield no, m.group(1)
            continue
        line = CODE_SPAN.sub(lambda c: " " * len(c.group(0)), line)
        for m in INLINE.finditer(line):
            yield no, m.group(1)


def check(md, repo_files, repo_dirs):
    problems = []
    with open(md, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    for no, dest in links_of(lines):
        dest = dest.strip("<>").strip()
        if not dest or SCHEME.match(dest) or dest.startswith("//"):
            continue
        path, _, anchor = dest.partition("#")
        path = unquote(path.split("?", 1)[0])
        if path:
            target = os.path.normpath(path.lstrip("/") if path.startswith("/")
                                      else os.path.join(os.path.dirname(md), path))
        else:
            target = os.path.normpath(md)
        if target.startswith(".."):
            problems.append((md, no, dest, "points outside the repository"))
            continue
        if target not in repo_files and target not in repo_dirs:
            why = "no such file in the repository" + (
                " (it exists but git ignores it or does not track it)" if os.path.exists(target) else "")
            problems.append((md, no, dest, why))
            continue
        if anchor and target.lower().endswith((".md", ".markdown")) and os.path.isfile(target):
            if unquote(anchor) not in anchors_of(target) and anchor not in anchors_of(target):
                problems.append((md, no, dest, "no heading with anchor #%s in %s" % (anchor, target)))
    return problems


def main(argv):
    untracked = "--untracked" in argv
    named = [a for a in argv if a != "--untracked"]
    if any(a.startswith("-") for a in named):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True,
                         stdout=subprocess.PIPE).stdout.decode().strip()
    os.chdir(top)
    files = [f for f in git_files(untracked) if os.path.exists(f)]
    repo_files = {os.path.normpath(f) for f in files}
    repo_dirs = {"."}
    for f in repo_files:
        d = os.path.dirname(f)
        while d and d not in repo_dirs:
            repo_dirs.add(d)
            d = os.path.dirname(d)
    mds = named or sorted(f for f in repo_files if f.lower().endswith(".md"))
    problems = []
    for md in mds:
        problems += check(os.path.normpath(md), repo_files, repo_dirs)
    for md, no, dest, why in problems:
        print("%s:%d: %s: %s" % (md, no, dest, why))
    print("%d markdown file(s), %d broken link(s)" % (len(mds), len(problems)),
          file=sys.stderr if problems else sys.stdout)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

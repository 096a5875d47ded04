#!/usr/bin/env bash
# Reading a revision never runs a program a repository configures (issue #70). A repository
# whose .git/config names a "hook" that leaves a marker file as core.fsmonitor and as the clean
# filter of its files (.gitattributes), with a file whose timestamp changed (git status then
# compares its content through the filter): a real run inside it records HEAD, clean, and no
# marker appears; a dirty tree is recorded dirty; history reads it through --git-ref and
# --branch, no marker. As root, the same repository owned by `nobody`, with a user
# configuration that says safe.directory=* (and one passed down as a parent git's -c): the run
# says "revision not recorded: repository owned by another user" and records none; history
# --git-ref refuses it with the same words; still no marker. Without root that part is skipped.
# Usage: git_hostile.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$tmp"' EXIT; echo "tmp=$tmp"
fail() { echo "FAIL: $*"; exit 1; }
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
export POCL_KERNEL_CACHE=1
mkdir "$tmp/home" && export HOME=$tmp/home # the test's own git config, never the user's
chmod 755 "$tmp"
marker=$tmp/MARKER
printf '#!/bin/sh\ntouch %s\n' "$marker" >"$tmp/hook.sh" && chmod 755 "$tmp/hook.sh"
# The test's own git calls: the hook off (they run before and after it is armed).
tgit() { git -c core.fsmonitor=false -c filter.evil.clean= -c filter.evil.smudge= "$@"; }

repo=$tmp/repo
tgit init -q -b main "$repo"
echo data >"$repo/f"
tgit -C "$repo" add f && tgit -C "$repo" commit -q -m c0
head=$(tgit -C "$repo" rev-parse HEAD)
git -C "$repo" config core.fsmonitor "$tmp/hook.sh"
git -C "$repo" config filter.evil.clean "$tmp/hook.sh"
echo "f filter=evil" >"$repo/.gitattributes"
touch -d '2001-01-01' "$repo/f"
# The trap is armed: git's own status runs the hook.
(cd "$repo" && git status --porcelain >/dev/null 2>&1) || true
[[ -e $marker ]] || fail "the test's hook does not fire on git status"
rm -f "$marker"

tiny=(run -k reduce3 -t float -l 64 -n 2^12 --rounds 2 --min-samples 3 --max-time 0
      --round-spacing 0 --no-peak -q)
revision() { python3 -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))['runs'][0]['revision']))" "$1"; }

# A clean tree: HEAD recorded, not dirty, and the hook never ran.
(cd "$repo" && "$bin" "${tiny[@]}" -o "$tmp/clean.json" >/dev/null 2>"$tmp/run.err") ||
  fail "run: $(cat "$tmp/run.err")"
[[ ! -e $marker ]] || fail "run ran the repository's hook"
[[ $(revision "$tmp/clean.json") == "{\"commit\": \"$head\", \"committed_at\": "*", \"dirty\": false}" ]] ||
  fail "clean revision: $(revision "$tmp/clean.json")"

# A dirty tree is recorded dirty (still no hook).
echo more >>"$repo/f"
(cd "$repo" && "$bin" "${tiny[@]}" -o "$tmp/dirty.json" >/dev/null 2>"$tmp/run.err") ||
  fail "dirty run: $(cat "$tmp/run.err")"
[[ ! -e $marker ]] || fail "the dirty run ran the repository's hook"
[[ $(revision "$tmp/dirty.json") == *'"dirty": true}' ]] || fail "dirty: $(revision "$tmp/dirty.json")"
tgit -C "$repo" checkout -q f

# history through git: --git-ref (ls-tree, cat-file) and --branch (rev-list).
cp "$tmp/clean.json" "$repo/p.json"
tgit -C "$repo" add p.json && tgit -C "$repo" commit -q -m profile
rc=0
"$bin" history --git-ref main --repo "$repo" --branch main >"$tmp/h.txt" 2>&1 || rc=$?
[[ $rc -eq 8 ]] || fail "history --git-ref: exit $rc: $(cat "$tmp/h.txt")"
(cd "$repo" && "$bin" history p.json >/dev/null 2>&1) || true
[[ ! -e $marker ]] || fail "history ran the repository's hook"

if [[ $(id -u) -ne 0 ]]; then
  echo "git_hostile: ok (the repository of another user needs root: skipped)"
  exit 0
fi
# Another user's repository, with safe.directory=* where git would honour it for us.
printf '[safe]\n\tdirectory = *\n' >"$HOME/.gitconfig"
chown -R nobody "$repo"
rc=0
(cd "$repo" && GIT_CONFIG_PARAMETERS="'safe.directory'='*'" \
  "$bin" "${tiny[@]}" -o "$tmp/foreign.json" >/dev/null 2>"$tmp/run.err") || rc=$?
[[ $rc -eq 0 ]] || fail "foreign run: exit $rc: $(cat "$tmp/run.err")"
[[ ! -e $marker ]] || fail "run ran the hook of another user's repository as root"
grep -q "revision not recorded: repository owned by another user" "$tmp/run.err" ||
  fail "foreign run did not say why: $(cat "$tmp/run.err")"
[[ $(revision "$tmp/foreign.json") == null ]] || fail "foreign: $(revision "$tmp/foreign.json")"
rc=0
"$bin" history --git-ref main --repo "$repo" >"$tmp/h.txt" 2>&1 || rc=$?
[[ $rc -eq 2 ]] && grep -q "repository owned by another user" "$tmp/h.txt" ||
  fail "history of a foreign repository: exit $rc: $(cat "$tmp/h.txt")"
rc=0
(cd "$repo" && "$bin" history p.json >"$tmp/h.txt" 2>&1) || rc=$?
[[ $rc -eq 8 ]] && grep -q "warning: .*repository owned by another user.*start time" "$tmp/h.txt" ||
  fail "history in a foreign repository: exit $rc: $(cat "$tmp/h.txt")"
[[ ! -e $marker ]] || fail "history ran the hook of another user's repository as root"
echo "git_hostile: ok"

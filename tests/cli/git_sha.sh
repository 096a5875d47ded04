#!/usr/bin/env bash
# cmake/git_sha.cmake on a throw-away repository: as its owner, as another owner (git refuses
# such a checkout unless safe.directory names it: the sha must still be read; needs root to
# chown, else that part is skipped with a note), and on a folder that is no checkout.
# Usage: git_sha.sh CMAKE GIT_SHA_CMAKE
set -euo pipefail
cmake=$1 script=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sha_of() { "$cmake" -DSRC="$1" -DOUT="$tmp/out.cpp" -P "$script" && cat "$tmp/out.cpp"; }
command -v git >/dev/null || fail "git is not installed (scripts/dev.sh installs it)"
mkdir "$tmp/repo" "$tmp/plain"
git -C "$tmp/repo" init -q
git -C "$tmp/repo" -c user.name=t -c user.email=t@t commit -q --allow-empty -m one
want=$(git -C "$tmp/repo" rev-parse --short=12 HEAD)
sha_of "$tmp/repo" | grep -q "tool_git_sha = \"$want\"" || fail "the sha of a plain checkout"
if [[ $(id -u) == 0 ]]; then
  chown -R 4242:4242 "$tmp/repo"
  ! git -C "$tmp/repo" rev-parse HEAD >/dev/null 2>&1 || fail "the control: git accepted another owner's checkout"
  sha_of "$tmp/repo" | grep -q "tool_git_sha = \"$want\"" || fail "the sha of another owner's checkout"
else
  echo "not root: the other-owner case is not tried"
fi
out=$(sha_of "$tmp/plain")
grep -q 'tool_git_sha = ""' <<<"$out" || fail "a folder without git got a sha: $out"
grep -q 'tool_git_note = "built from a source tree without git metadata' <<<"$out" || fail "no reason: $out"
echo "ok"

#!/usr/bin/env bash
# A .cl without its spec (#33): run -k prints a starter spec (exit 2); written beside a copy of
# the .cl, that starter runs the kernel as is and verifies it.
# Usage: starter_spec.sh BIN KERNEL.cl
set -u
bin=$1 cl=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$cl" "$tmp/"
name=$(basename "$cl" .cl)
out=$("$bin" run -k "$tmp/$name.cl" -n 4096 2>&1)
rc=$?
echo "$out"
[[ $rc == 2 ]] || fail "exit $rc, expected 2"
grep -q "has no spec beside it: write $tmp/$name.json" <<<"$out" || fail "no word of where to write it"
# The starter: from the line that opens the JSON object to the one that closes it.
sed -n '/^{$/,/^}$/p' <<<"$out" >"$tmp/$name.json"
grep -q '"args": \["input", "output", "n", "local"\]' "$tmp/$name.json" || fail "args not read off the signature"
"$bin" run -k "$tmp/$name.json" -t int,float -l 64 -n 4096 --runs 1 --rounds 2 --round-spacing 0 \
  --min-samples 3 --max-time 0 --no-peak -q -o "$tmp/p.json" >"$tmp/run.log" 2>&1 ||
  { cat "$tmp/run.log"; fail "the starter spec did not run"; }
grep -Eq "$name +int .* ok" "$tmp/run.log" && grep -Eq "$name +float .* ok" "$tmp/run.log" ||
  { cat "$tmp/run.log"; fail "the starter spec's cases are not ok"; }
echo "ok: the starter spec ran the kernel"

#!/usr/bin/env bash
# The starter spec's own way out (#50): run --print-spec writes only the JSON to stdout (a
# grid-stride kernel gets a group cap and a note on stderr), the refusal names it, and a spec
# made the natural wrong way (stderr redirected into it, which creates it empty) is explained.
# Usage: starter_print_spec.sh BIN KERNEL.cl (a kernel that loops over get_global_size(0))
set -u
bin=$1 cl=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$cl" "$tmp/"
name=$(basename "$cl" .cl)
k=$tmp/$name.cl spec=$tmp/$name.json
# The refusal names the command that writes the starter.
out=$("$bin" run -k "$k" 2>&1); rc=$?
[[ $rc == 2 ]] || { echo "$out"; fail "no spec: exit $rc, expected 2"; }
grep -qF "\`gpu-reduce-prof run --print-spec $k > $spec\` writes this starter there" <<<"$out" ||
  { echo "$out"; fail "the refusal does not name --print-spec"; }
grep -q "note: $name loops over get_global_size(0)" <<<"$out" || { echo "$out"; fail "no grid note"; }
# --print-spec: stdout is the JSON alone, with the group cap; the note goes to stderr.
"$bin" run --print-spec "$k" >"$spec" 2>"$tmp/notes"; rc=$?
[[ $rc == 0 ]] || { cat "$tmp/notes"; fail "--print-spec: exit $rc"; }
python3 -c "import json,sys; k=json.load(open(sys.argv[1]))['kernels'][0]; \
sys.exit(0 if k['grid']=={'max_groups':'8*cu'} and k['args']==['input','output','n','local'] else 1)" \
  "$spec" || { cat "$spec"; fail "stdout is not the starter with a group cap"; }
grep -q "note: $name loops over get_global_size(0)" "$tmp/notes" || fail "no note on stderr"
"$bin" run -k "$spec" --dry-run -t int -l 64 -n 4096 >"$tmp/dry" 2>&1 ||
  { cat "$tmp/dry"; fail "the printed starter is not a spec run accepts"; }
# The natural wrong way: 2> creates the spec empty before the tool looks for it.
rm "$spec"
"$bin" run -k "$k" 2>"$spec"; rc=$?
[[ $rc == 5 ]] || fail "stderr into the spec: exit $rc, expected 5"
grep -qF "kernel spec '$spec' is empty: did you redirect stderr into it (2>)? \`gpu-reduce-prof run --print-spec $k > $spec\`" "$spec" ||
  { cat "$spec"; fail "the empty spec is not explained"; }
# ... and the next run finds that message in it.
out=$("$bin" run -k "$k" 2>&1); rc=$?
[[ $rc == 5 ]] || { echo "$out"; fail "a spec holding an error: exit $rc, expected 5"; }
grep -qF "holds an error message of gpu-reduce-prof, not a spec: did you redirect stderr" <<<"$out" ||
  { echo "$out"; fail "the error message in the spec is not explained"; }
echo "ok: --print-spec, its hint and the redirected spec"

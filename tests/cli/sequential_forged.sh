#!/usr/bin/env bash
# A sequential duet's record of its looks (settings.sequential) changes the level compare
# judges at, so validate and compare refuse the same records through one check, with exit 5 and
# the field named (#70): validate accepted what compare refused, and a forged "alpha": 0.9 with
# "looks": [1] turned an undecided duet into a pass under a header that said 99 % intervals; a
# look at a process that measured nothing (an interrupted run's) passed too. An honest record
# of the same duet is accepted by both.
# Usage: sequential_forged.sh BIN DUET.json (a duet profile of 3 processes, no record)
set -u
bin=$1 duet=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
forge() { # NAME PYTHON: the duet with settings.sequential (s) and the profile (p) edited
  python3 - "$duet" "$tmp/$1.json" "$2" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
s = {"spending": "obrien-fleming", "alpha": 0.01, "max_processes": 3, "looks": [3],
     "stopped": "budget"}
exec(sys.argv[3])
p["settings"]["sequential"] = s
json.dump(p, open(sys.argv[2], "w"), indent=1)
PY
}
forge honest ''
forge alpha 's["alpha"] = 0.9; s["looks"] = [1]'
forge first_look 's["looks"] = [1]'
forge no_data 'p["runs"].append(dict(p["runs"][-1], id="cut-short")); s.update(max_processes=8, looks=[3, 4], stopped="interrupted")'
forge budget 'p["tool"]["argv"] += ["--duet", "base.json", "--budget", "12"]'
forge fraction 's["looks"] = [3.5]'
"$bin" validate "$tmp/honest.json" >/dev/null || fail "the honest record does not validate"
rc=0; "$bin" compare "$tmp/honest.json" >/dev/null 2>&1 || rc=$?
[[ $rc =~ ^(0|1|8|9)$ ]] || fail "compare of the honest record: exit $rc"
for case in "alpha:/settings/sequential/alpha: must be in \(0, 0.5\)" \
            "first_look:/settings/sequential/looks: the first look is at 1 processes" \
            "no_data:/settings/sequential/looks: the last look is at 4 processes, but 3 measured" \
            "budget:/settings/sequential/max_processes: 3 is not the run's --budget \(12" \
            "fraction:/settings/sequential/looks: must hold whole numbers"; do
  name=${case%%:*} want=${case#*:}
  for cmd in validate compare; do
    rc=0; out=$("$bin" $cmd "$tmp/$name.json" 2>&1) || rc=$?
    [[ $rc == 5 ]] || fail "$cmd $name.json: exit $rc, expected 5: $out"
    grep -Eq -- "$name\.json: $want" <<<"$out" || fail "$cmd $name.json: no '$want' in: $out"
  done
done
echo "ok: validate and compare refuse the same forged records, naming the field"

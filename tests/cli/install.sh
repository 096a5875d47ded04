#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then the installed tool as a user meets it:
# --help, --version, platforms, validate of the installed example profile against the installed
# schema, check finding its installed Oclgrind plugin, the man page, and the bash and fish
# completions sourced into clean shells.
# Usage: install.sh CMAKE BUILD-DIR
set -euo pipefail
cmake=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$cmake" --install "$build" --prefix "$tmp/usr" >"$tmp/install.log" || fail "$(cat "$tmp/install.log")"
bin=$tmp/usr/bin/gpu-reduce-prof
share=$tmp/usr/share
for f in "$bin" "$share/gpu-reduce-prof/kernels/reduce.cl" "$share/gpu-reduce-prof/kernels/README.md" \
         "$share/gpu-reduce-prof/profiles/profile.schema.json" "$share/gpu-reduce-prof/profiles/SCHEMA.md" \
         "$share/man/man1/gpu-reduce-prof.1.gz" "$share/bash-completion/completions/gpu-reduce-prof" \
         "$share/zsh/vendor-completions/_gpu-reduce-prof" "$share/doc/gpu-reduce-prof/LICENSE" \
         "$share/fish/vendor_completions.d/gpu-reduce-prof.fish" \
         "$share/doc/gpu-reduce-prof/copyright" "$share/doc/gpu-reduce-prof/README.md" \
         "$share/doc/gpu-reduce-prof/docs/README.md" "$share/doc/gpu-reduce-prof/docs/compare.md" \
         "$share/doc/gpu-reduce-prof/examples/static-local-block/block_sum.cl"; do
  [[ -e $f ]] || fail "not installed: ${f#"$tmp"}"
done
[[ ! -e $share/doc/gpu-reduce-prof/examples/CMakeLists.txt ]] || fail "the examples' CTest wiring was installed"
cd "$tmp" # nothing of the source or build tree around
# check's Oclgrind plugin, where the build has it (#68): installed in lib/gpu-reduce-prof, and
# the installed binary finds it there (its check profile carries access metrics).
if [[ -e $build/gpu-reduce-prof-oclgrind-access.so ]]; then
  find "$tmp/usr" -path '*/gpu-reduce-prof/gpu-reduce-prof-oclgrind-access.so' | grep -q . ||
    fail "check's Oclgrind plugin was built but not installed"
  TMPDIR=$tmp "$bin" check -k reduce2 -l 64 -q -o "$tmp/c.json" >/dev/null 2>"$tmp/c.err" ||
    fail "the installed check: $(cat "$tmp/c.err")"
  python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["cases"][0]["check"]["access"]' \
    "$tmp/c.json" || fail "the installed check did not find its plugin"
fi
"$bin" --help | grep -q "Exit codes" || fail "--help"
version=$("$bin" --version)
grep -Eq '^gpu-reduce-prof [0-9.]+ \((git [0-9a-f]{7,}|git sha not recorded: .+)\)$' <<<"$version" ||
  fail "--version: $version"
"$bin" platforms | grep -q "^Device 0" || fail "platforms found no device"
"$bin" validate "$share"/gpu-reduce-prof/profiles/examples/*.json | grep -q ": ok (" ||
  fail "the installed example profile does not validate"
python3 - "$share/gpu-reduce-prof/profiles/profile.schema.json" <<'PY' || fail "installed schema"
import json, sys
assert json.load(open(sys.argv[1]))["$schema"].startswith("http://json-schema.org/draft-07")
PY
# The man page (gzip -9n, as Debian installs it): roff, every visible sub-command and the exit
# codes.
man=$tmp/gpu-reduce-prof.1
gzip -dc "$share/man/man1/gpu-reduce-prof.1.gz" >"$man" || fail "the man page is not gzip"
head -1 "$man" | grep -q '^\.TH GPU-REDUCE-PROF 1' || fail "man page header"
for cmd in platforms run validate compare report merge completion; do
  grep -q "^\.SS $cmd\$" "$man" || fail "man page lacks the $cmd command"
done
grep -q '^\.SH EXIT STATUS' "$man" && grep -q '^\.B 128+N' "$man" || fail "man page lacks exit codes"
# The bash completion: sources without error in a clean shell and completes commands, options
# and option values.
complete_words() {
  bash --norc --noprofile -c 'set -eu; source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _gpu_reduce_prof; echo "${COMPREPLY[*]}"' \
    _ "$share/bash-completion/completions/gpu-reduce-prof" "$@"
}
[[ $(complete_words gpu-reduce-prof ru) == run ]] || fail "completing 'ru': $(complete_words gpu-reduce-prof ru)"
[[ $(complete_words gpu-reduce-prof compare --cs) == --csv ]] || fail "completing 'compare --cs'"
[[ $(complete_words gpu-reduce-prof run --table '') == "matrix list" ]] || fail "completing 'run --table'"
grep -q '^#compdef gpu-reduce-prof' "$share/zsh/vendor-completions/_gpu-reduce-prof" || fail "zsh file"
if command -v zsh >/dev/null; then
  zsh -n "$share/zsh/vendor-completions/_gpu-reduce-prof" || fail "zsh completion does not parse"
fi
# The fish completion (scripts/dev.sh installs fish): parses, and completes commands, options
# and option values in a fish with no user configuration.
fish_file=$share/fish/vendor_completions.d/gpu-reduce-prof.fish
fish_complete() {
  fish --no-config -c "source $fish_file; complete -C '$1'" | cut -f1 | tr '\n' ' ' | sed 's/ $//'
}
command -v fish >/dev/null || fail "fish is not installed (scripts/dev.sh installs it)"
fish -n "$fish_file" || fail "fish completion does not parse"
[[ $(fish_complete "gpu-reduce-prof ru") == run ]] || fail "fish completing 'ru': $(fish_complete "gpu-reduce-prof ru")"
[[ $(fish_complete "gpu-reduce-prof compare --cs") == --csv ]] || fail "fish completing 'compare --cs'"
[[ $(fish_complete "gpu-reduce-prof run --table ") == "list matrix" ]] ||
  fail "fish completing 'run --table': $(fish_complete "gpu-reduce-prof run --table ")"
echo "ok: installed into a temporary prefix and ran"

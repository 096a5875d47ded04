#!/usr/bin/env bash
# Renders a report in headless Chromium, as a user would open it, and checks what they would
# see: every chart has a non-zero size, no console error occurred, the screenshot is not blank.
# Usage: browser_test.sh GPU_REDUCE_PROF OUTDIR [--min-charts N] [--hostile] -- REPORT-ARGS...
#   REPORT-ARGS are passed to `gpu-reduce-prof report` (profiles and options; -o is added).
# Chromium: $GRP_CHROMIUM, else chromium or chromium-browser on PATH (Debian package chromium;
# scripts/dev.sh test installs it). A missing browser is a failure, not a skip.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; out=$2; shift 2
checks=()
while [[ $# -gt 0 && $1 != -- ]]; do checks+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift

browser=${GRP_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [[ -z $browser ]]; then
  echo "FAIL: no chromium found; install it (apt-get install chromium) or set GRP_CHROMIUM"
  exit 1
fi

rm -rf "$out"; mkdir -p "$out"
"$bin" report "$@" -o "$out/report.html"

# One browser run with a fresh profile directory each time; nothing may reach the network.
run_browser() { # run_browser STDOUT LOG FLAGS...
  local stdout=$1 log=$2; shift 2
  local profile_dir; profile_dir=$(mktemp -d "$out/chromium-profile.XXXXXX")
  local rc=0
  timeout 180 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --disable-quic \
    --disable-extensions --disable-dev-shm-usage --hide-scrollbars \
    --user-data-dir="$profile_dir" --enable-logging=stderr --v=0 "$@" \
    "file://$out/report.html" >"$stdout" 2>"$log" || rc=$?
  rm -rf "$profile_dir"
  return $rc
}

# Chromium itself can fail to start on a loaded machine (a crash before the page loads is not a
# finding about the page), so a start that produces nothing is retried; the checks never are.
attempt() { # attempt WHAT RESULT-FILE STDOUT LOG FLAGS...
  local what=$1 file=$2 stdout=$3 log=$4; shift 4
  for try in 1 2 3; do
    rm -f "$file"
    if run_browser "$stdout" "$log" "$@" && [[ -s $file ]]; then return 0; fi
    echo "chromium did not produce the $what (try $try); its log ends:"; tail -5 "$log" || true
    sleep 2
  done
  echo "FAIL: chromium could not render the page"; return 1
}

# --virtual-time-budget lets the page finish loading (and its load handler run) before the dump.
attempt "DOM" "$out/dom.html" "$out/dom.html" "$out/dom.log" --dump-dom \
  --virtual-time-budget=5000 || exit 1

status=0
python3 "$here/check_dom.py" "$out/dom.html" "${checks[@]}" || status=1

# Console messages: the page logs nothing, so any console line is an error (script error, CSP
# violation, failed load).
if grep -E ":CONSOLE[:(]" "$out/dom.log" > "$out/console.txt"; then
  echo "FAIL: the page wrote to the console:"; cat "$out/console.txt"; status=1
fi

attempt "screenshot" "$out/screenshot.png" "$out/shot.out" "$out/shot.log" \
  --window-size=1280,2000 --screenshot="$out/screenshot.png" || exit 1
python3 "$here/png_check.py" "$out/screenshot.png" || status=1
[[ $status == 0 ]] && echo "ok: report renders in $("$browser" --version 2>/dev/null | head -1)"
exit $status

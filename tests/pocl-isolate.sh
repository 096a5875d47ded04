#!/usr/bin/env bash
# Runs a test command with a PoCL cache folder of its own, so parallel test processes never
# share PoCL's temporary files.
POCL_CACHE_DIR=$(mktemp -d "${TMPDIR:-/tmp}/grp-pocl.XXXXXX")
export POCL_CACHE_DIR
trap 'rm -rf "$POCL_CACHE_DIR"' EXIT
"$@"

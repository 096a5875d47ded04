#!/usr/bin/env bash
# Runs a test command with a PoCL cache folder of its own. Parallel test processes that share
# PoCL's folder have been seen to fail kernel builds ("unable to rename temporary ..."): one
# process cleans up temporary files another is still using.
POCL_CACHE_DIR=$(mktemp -d "${TMPDIR:-/tmp}/grp-pocl.XXXXXX")
export POCL_CACHE_DIR
trap 'rm -rf "$POCL_CACHE_DIR"' EXIT
"$@"

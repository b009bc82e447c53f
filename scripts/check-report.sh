#!/usr/bin/env bash
# Browser check of a canonprof HTML report: scripts/check-report.sh REPORT.html [OUTDIR]
# Opens REPORT.html in headless Chromium at 1280x800 and fails on console errors, uncaught exceptions, any network
# request, broken local files or links, or a blank render; writes OUTDIR/report-1280x800.png and
# OUTDIR/report-full.png (OUTDIR defaults to the report's directory). See scripts/check-report/check.mjs.
# Installs what it needs: Debian's chromium (apt-get) when /usr/bin/chromium is missing and $CHROMIUM is not set, and
# playwright-core from scripts/check-report/package-lock.json (npm ci) when node_modules is missing or older than the
# lock file. Works from any directory; relative paths are taken from the caller's.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: scripts/check-report.sh REPORT.html [OUTDIR]" >&2
  exit 2
fi
report=$1
outdir=${2:-$(dirname -- "$report")}
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)/check-report
[[ -f $report ]] || { echo "check-report: no such file: $report" >&2; exit 2; }

if [[ -z ${CHROMIUM:-} && ! -x /usr/bin/chromium ]]; then
  echo "check-report: installing Debian's chromium (apt-get)" >&2
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists first when they do not know chromium; retry after a refresh if they were stale.
  policy=$(apt-cache policy chromium 2>/dev/null || true)   # not piped into grep -q: with pipefail, SIGPIPE fails it
  if [[ $policy != *"Candidate: "[0-9]* ]]; then
    "${sudo[@]}" apt-get update -q >&2
  fi
  if ! "${sudo[@]}" apt-get install -y -q chromium >&2; then
    "${sudo[@]}" apt-get update -q >&2
    "${sudo[@]}" apt-get install -y -q chromium >&2
  fi
fi

command -v node >/dev/null || { echo "check-report: node is not installed" >&2; exit 1; }
# npm ci rewrites node_modules/.package-lock.json, so its age is node_modules' age.
if [[ ! -f $here/node_modules/.package-lock.json || $here/package-lock.json -nt $here/node_modules/.package-lock.json ]]; then
  echo "check-report: installing playwright-core (npm ci)" >&2
  (cd "$here" && npm ci --no-audit --no-fund >&2)
fi

exec node "$here/check.mjs" "$report" "$outdir"

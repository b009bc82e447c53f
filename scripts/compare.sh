#!/usr/bin/env bash
# canonprof against jsonld.js + rdf-canonize (Node.js) and PyLD (Python) on the same credentials, with the same
# N / warm-up, alternating tools round by round; checks byte-identical canonical outputs and prints ratios.
# Installs the peers' pinned dependencies itself (npm ci; a venv). Usage:
#   scripts/compare.sh [--engine json-ld|canonprof|both] [--rounds R] [--iterations N] [--warmup W] [--schema simple|edu|all] [--skip PyLD]
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/canonprof-peers"
mkdir -p "$cache"
echo "compare: building canonprof (release)" >&2
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/canonprof"
skip=$(printf '%s ' "$@" | tr 'A-Z' 'a-z')
if [[ "$skip" != *"--skip "*"jsonld.js"* ]]; then
  echo "compare: installing jsonld.js peer (npm ci)" >&2
  (cd scripts/peers/node && npm ci --silent --no-audit --no-fund >/dev/null)
fi
if [[ "$skip" != *"--skip "*"pyld"* ]]; then
  if [ ! -x "$cache/venv/bin/python" ]; then python3 -m venv "$cache/venv"; fi
  echo "compare: installing PyLD peer (pip)" >&2
  "$cache/venv/bin/pip" install --quiet -r scripts/peers/python/requirements.txt
fi
python="$cache/venv/bin/python"; [ -x "$python" ] || python=python3
exec python3 scripts/compare.py --canonprof "$bin" --python "$python" --workdir "$cache" "$@"

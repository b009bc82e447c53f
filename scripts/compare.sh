#!/usr/bin/env bash
# canonprof beside the peers (scripts/peers), on the same inputs, tools interleaved round by round.
#   scripts/compare.sh [options]             canonicalization: jsonld.js + rdf-canonize (Node.js), PyLD (Python) and
#                                            the Rust peers (oxjsonld + sophia_c14n / rdf-canon / oxrdf); checks
#                                            byte-identical canonical outputs and prints ratios (compare.py)
#   scripts/compare.sh --exchange [options]  the study's exchange in canonprof, Node.js and Python side by side,
#                                            then the interop matrix (compare_exchange.py); --node-alg LIST picks
#                                            the Node.js peer's signature algorithms (default
#                                            ed25519,p256,ml-dsa-44,bls12-381, the last one bbs-2023; `all` adds
#                                            slh-dsa-128s and falcon-512; --node-slow-iterations K)
# Installs the peers' pinned dependencies itself (npm ci from the lock file; a venv; the Rust peers' crate with its
# Cargo.lock) under $XDG_CACHE_HOME/canonprof-peers (default ~/.cache/canonprof-peers). Options: see compare.py and
# compare_exchange.py (--rounds, --iterations, --warmup-seconds, --study, --skip, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/canonprof-peers"
mkdir -p "$cache"
target="${CARGO_TARGET_DIR:-target}"
args=" $* "
lower=$(printf '%s ' "$@" | tr 'A-Z' 'a-z')
skipped() { [[ "$lower" == *"--skip "*"$1"* ]]; }
# Check every option before building or installing anything (one line and exit 2 on a bad one).
if [[ "$args" == *" --exchange "* ]]; then python3 scripts/compare_exchange.py "$@" --check-args
else python3 scripts/compare.py "$@" --check-args; fi
echo "compare: building canonprof (release)" >&2
if [[ "$args" == *" --exchange "* ]]; then
  cargo build --release --quiet --bin canonprof --example interop
else
  cargo build --release --quiet --bin canonprof
fi
if ! skipped node && ! skipped jsonld.js; then
  echo "compare: installing the Node.js peers (npm ci)" >&2
  (cd scripts/peers/node && npm ci --silent --no-audit --no-fund >/dev/null 2>&1) || { echo "compare: npm ci failed in scripts/peers/node" >&2; exit 1; }
fi
if ! skipped python && ! skipped pyld; then
  if [ ! -x "$cache/venv/bin/python" ]; then python3 -m venv "$cache/venv"; fi
  echo "compare: installing the Python peers (pip)" >&2
  "$cache/venv/bin/pip" install --quiet -r scripts/peers/python/requirements.txt
fi
python="$cache/venv/bin/python"; [ -x "$python" ] || python=python3
if [[ "$args" == *" --exchange "* ]]; then
  exec python3 scripts/compare_exchange.py --canonprof "$target/release/canonprof" --interop "$target/release/examples/interop" \
    --python "$python" --workdir "$cache" "$@"
fi
rust_peers=""
if ! skipped rust; then
  echo "compare: building the Rust peers (scripts/peers/rust, release)" >&2
  (cd scripts/peers/rust && CARGO_TARGET_DIR="$cache/rust-target" cargo build --release --quiet --locked)
  rust_peers="$cache/rust-target/release/rust-peers"
fi
exec python3 scripts/compare.py --canonprof "$target/release/canonprof" --python "$python" --rust-peers "$rust_peers" \
  --workdir "$cache" "$@"

#!/usr/bin/env bash
# Flamegraph check: scripts/check-flamegraphs.sh CANONPROF_BINARY OUTDIR [FLAMEGRAPH_DIR...]
# Samples ob3-full's RDFC-1.0 with canonprof's engine (`canonprof flame`, its default engine) into OUTDIR and fails
# unless the sampled folded stacks have a frame for each of IRI Expansion §5.2, Value Expansion §5.3, Object to
# RDF §8.2, Hash First Degree Quads §4.6 and Hash N-Degree Quads §4.8, no frame carries a file path, and no stack
# is deeper than MAX_DEPTH frames (recursion is collapsed by default). Every *.sampled.folded in the
# FLAMEGRAPH_DIRs given (e.g. the smoke run's) is held to the path rule, and those directly in them (the main
# engine's graphs: canonprof's; not json-ld-engine/, whose async frames are the crate's) to the depth rule too.
#
# Not flaky: the rarest of the five steps (Object to RDF) takes about 3% of ob3-full's samples, so 3 s (about 750
# samples at a 250 Hz tick) expect about 20 samples of it; a step missing from that triggers one more, longer
# sample (union of both), which would need a chance below 1e-9 to miss again. Use the release binary: a debug
# build's frames are different functions (nothing is inlined) and its timings are not the ones the graphs show.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/check-flamegraphs.sh CANONPROF_BINARY OUTDIR [FLAMEGRAPH_DIR...]" >&2
  exit 2
fi
bin=$1 outdir=$2
shift 2
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
credential="$here/schemas-education/edu/ob3-full.json"
max_depth=${MAX_DEPTH:-30}
steps=("IRI Expansion §5.2" "Value Expansion §5.3" "Object to RDF §8.2" "Hash First Degree Quads §4.6"
  "Hash N-Degree Quads §4.8")

# The frames of folded files (stack, then a space and the count, per line), one per line.
frames() { sed 's/ [0-9]*$//' "$@" | tr ';' '\n'; }

sample() { # seconds, subdirectory
  "$bin" flame "$credential" --algorithm rdfc-1.0 --flame-seconds "$1" --flamegraphs "$outdir/$2" >/dev/null
  echo "$outdir/$2/ob3-full.rdfc-1.0.sampled.folded"
}

missing() { # folded files…
  local all
  all=$(frames "$@")
  for step in "${steps[@]}"; do
    grep -qF "($step)" <<<"$all" || echo "$step"
  done
}

rm -rf "$outdir"
folded=("$(sample 3 first)")
if [[ -n $(missing "${folded[@]}") ]]; then
  echo "check-flamegraphs: resampling for: $(missing "${folded[@]}" | paste -sd, -)" >&2
  folded+=("$(sample 6 second)")
fi
left=$(missing "${folded[@]}")
if [[ -n $left ]]; then
  echo "check-flamegraphs: no frame for: $(paste -sd, - <<<"$left") in ${folded[*]}" >&2
  exit 1
fi

status=0
checked=("${folded[@]}")
deep=("${folded[@]}")
for dir in "$@"; do
  while IFS= read -r f; do checked+=("$f"); done < <(find "$dir" -name '*.sampled.folded' | sort)
  while IFS= read -r f; do deep+=("$f"); done < <(find "$dir" -maxdepth 1 -name '*.sampled.folded' | sort)
done
for f in "${checked[@]}"; do
  # A file path: a source file name, a directory with src/, or the old `fn [file]` suffix.
  if paths=$(frames "$f" | grep -E '\.rs\b|/src/|\[[^]]*\.rs\]' | sort -u | head -3) && [[ -n $paths ]]; then
    echo "check-flamegraphs: frames with file paths in $f: $paths" >&2
    status=1
  fi
done
for f in "${deep[@]}"; do
  depth=$(sed 's/ [0-9]*$//' "$f" | awk -F';' '{ if (NF - 1 > d) d = NF - 1 } END { print d + 0 }')
  if (( depth > max_depth )); then
    echo "check-flamegraphs: a stack $depth frames deep in $f (at most $max_depth)" >&2
    status=1
  fi
done
(( status == 0 )) || exit 1
samples=$(awk '{ s += $NF } END { print s }' "${folded[0]}")
depth=$(sed 's/ [0-9]*$//' "${folded[0]}" | awk -F';' '{ if (NF - 1 > d) d = NF - 1 } END { print d + 0 }')
echo "check-flamegraphs: ob3-full (canonprof's engine, $samples samples, deepest stack $depth frames) has frames" \
  "for ${#steps[@]} steps; ${#checked[@]} sampled graphs without file paths; ${#deep[@]} of canonprof's engine" \
  "none deeper than $max_depth"

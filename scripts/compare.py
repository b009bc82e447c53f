"""Runs canonprof and the peer implementations (scripts/peers) on the same credentials, alternating them round
by round so machine noise hits all alike, checks that every canonical output is byte-identical, and prints the
per-phase and total ratios (peer / canonprof) as medians over the rounds with their min–max.

Called by compare.sh, which installs the peers. Arguments: --rounds R --iterations N --warmup W --schema S
(passed to every tool; each round is one run of N iterations), --engine json-ld|canonprof|both (canonprof's
expansion engine; `both` measures canonprof twice and prints the ratios against each), --canonprof BIN,
--node DIR, --python EXE.
"""
import json, os, statistics, subprocess, sys

ARGS = sys.argv[1:]
KNOWN = ["--engine", "--rounds", "--iterations", "--warmup", "--schema", "--skip", "--canonprof", "--node", "--python", "--workdir"]
for _a in ARGS:
    if _a.startswith("--") and _a not in KNOWN:
        sys.exit(f"compare: unknown option {_a} (known: {' '.join(KNOWN)})")


def opt(name, default):
    return ARGS[ARGS.index(f"--{name}") + 1] if f"--{name}" in ARGS else default


ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ROUNDS, N, W, SCHEMA = int(opt("rounds", 5)), opt("iterations", "50"), opt("warmup", "5"), opt("schema", "all")
ENGINE = opt("engine", "json-ld")
if ENGINE not in ("json-ld", "canonprof", "both"):
    sys.exit(f"compare: --engine takes json-ld, canonprof or both, not {ENGINE}")
# The canonprof runs: one per expansion engine measured.
OURS = {"json-ld": ["canonprof"], "canonprof": ["canonprof+native"], "both": ["canonprof", "canonprof+native"]}[ENGINE]
COMMON = ["--iterations", N, "--runs", "1", "--warmup", W, "--schema", SCHEMA]
# canonprof's label + serialize correspond to the peers' single canonize step.
PHASE_MAP = {"label+serialize": ("label", "serialize")}

TOOLS = {
    "canonprof": lambda out: [opt("canonprof", "target/release/canonprof"), "--no-flamegraphs", "--no-exchange",
                              "--engine", "json-ld", "--export-json", out, *COMMON],
    "canonprof+native": lambda out: [opt("canonprof", "target/release/canonprof"), "--no-flamegraphs", "--no-exchange",
                                     "--engine", "canonprof", "--export-json", out, *COMMON],
    "jsonld.js": lambda out: ["node", os.path.join(opt("node", "scripts/peers/node"), "peer.mjs"), *COMMON],
    "PyLD": lambda out: [opt("python", "python3"), "scripts/peers/python/peer.py", *COMMON],
}


def run(tool, round_no):
    out = os.path.join(opt("workdir", "/tmp"), f"compare-{tool}-{round_no}.json")
    cmd = TOOLS[tool](out)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"compare: {tool} failed: {' '.join(cmd)}\n{proc.stderr.strip()}")
    data = json.load(open(out)) if tool.startswith("canonprof") else json.loads(proc.stdout)
    return {(r["credential"], r["algorithm"]): r for r in data["results"]}, data.get("implementation", "")


def phase_us(result, phase):
    if phase in result["phases"]:
        return result["phases"][phase]["median_us"]
    if phase == "label+serialize":
        parts = PHASE_MAP[phase]
        if all(p in result["phases"] for p in parts):
            return sum(result["phases"][p]["median_us"] for p in parts)
        return result["phases"].get("canonize", {}).get("median_us")
    return None


def canonical_outputs(engine):
    """canonprof's canonical bytes for every credential, through `canonprof canonicalize --engine engine`."""
    binary = opt("canonprof", "target/release/canonprof")
    sets = ["simple", "edu"] if SCHEMA == "all" else [SCHEMA]
    out = {}
    for s in sets:
        for f in sorted(os.listdir(os.path.join(ROOT, "schemas-education", s))):
            name = f.rsplit(".", 1)[0]
            for alg in ("rdfc-1.0", "jcs"):
                p = subprocess.run([binary, "canonicalize", "--engine", engine, "--algorithm", alg,
                                    os.path.join("schemas-education", s, f)],
                                   cwd=ROOT, capture_output=True, text=True, check=True)
                out[(name, alg)] = p.stdout
    return out


def main():
    skipped = {s.strip().lower() for s in opt("skip", "").split(",") if s.strip()}
    unknown = skipped - {t.lower() for t in TOOLS if not t.startswith("canonprof")}
    if unknown:
        sys.exit(f"compare: --skip takes jsonld.js and/or PyLD, not {', '.join(sorted(unknown))}")
    tools = [t for t in TOOLS if t.lower() not in skipped and (not t.startswith("canonprof") or t in OURS)]
    peers = [t for t in tools if not t.startswith("canonprof")]
    rounds = {t: [] for t in tools}
    names = {}
    for r in range(ROUNDS):
        for t in tools if r % 2 == 0 else reversed(tools):
            results, impl = run(t, r)
            rounds[t].append(results)
            names[t] = impl or t
        print(f"round {r + 1}/{ROUNDS} done", file=sys.stderr)
    reference = canonical_outputs("json-ld")
    mismatches = []
    if ENGINE != "json-ld":
        native = canonical_outputs("canonprof")
        mismatches += [f"canonprof engine {k[0]} {k[1]}" for k in reference if native.get(k) != reference[k]]
    for t in peers:
        for key, res in rounds[t][0].items():
            if res["canonical"] != reference.get(key):
                mismatches.append(f"{t} {key[0]} {key[1]}")
    print(f"# canonprof (expansion engine {ENGINE}) compared with {', '.join(names[t] for t in peers)}")
    rounds_text = "1 round" if ROUNDS == 1 else f"{ROUNDS} rounds"
    print(f"{rounds_text} x 1 run of {N} iterations (warm-up {W}), tools alternated per round; ratio = peer / canonprof "
          f"(median over rounds, min–max)\n")
    print("canonical outputs byte-identical: " + ("yes, every credential and algorithm" if not mismatches else "NO: " + "; ".join(mismatches)))
    for ours_tool, peer in [(o, p) for p in peers for o in OURS]:
        engine = "canonprof" if ours_tool == "canonprof+native" else "json-ld"
        print(f"\n## {names[peer]} vs canonprof with the {engine} engine\n")
        print("| credential | algorithm | phase | canonprof µs | peer µs | peer / canonprof |")
        print("|---|---|---|---:|---:|---:|")
        for key in rounds[ours_tool][0]:
            cred, alg = key
            phases = ["parse", "expand", "to_rdf", "label+serialize", "hash", "total"] if alg == "rdfc-1.0" else ["parse", "jcs", "hash", "total"]
            for ph in phases:
                ours, theirs, ratios = [], [], []
                for r in range(ROUNDS):
                    a, b = rounds[ours_tool][r][key], rounds[peer][r].get(key)
                    if b is None:
                        continue
                    x = a["total"]["median_us"] if ph == "total" else phase_us(a, ph)
                    y = b["total"]["median_us"] if ph == "total" else phase_us(b, ph)
                    if x and y:
                        ours.append(x); theirs.append(y); ratios.append(y / x)
                if ratios:
                    print(f"| {cred} | {alg} | {ph} | {statistics.median(ours):,.1f} | {statistics.median(theirs):,.1f} | "
                          f"{statistics.median(ratios):.1f}x ({min(ratios):.1f}–{max(ratios):.1f}) |")
    sys.exit(1 if mismatches else 0)


main()

"""Runs canonprof and the peer implementations (scripts/peers) on the same credentials, alternating them round by
round so machine noise hits all alike, checks that every canonical output is byte-identical (or names the
documented case), and prints per-phase and total ratios (peer / canonprof) as medians over the rounds with their
min–max. Every tool is warmed up to steady state in its process first: the peers until at least --warmup-seconds
of work have passed and two successive batch medians agree within 2% (steady.mjs / steady.py / the Rust port),
canonprof 5 iterations and at least --warmup-seconds (`--warmup-time`); a peer whose warm-up did not converge is
named in a warning. For jsonld.js and PyLD the phase sum is checked against the one call the Data Integrity
libraries make (jsonld.canonize / jsonld.normalize), which expands once.

Called by compare.sh, which installs the peers. Arguments: --rounds R --iterations N --warmup-seconds S --schema S
(passed to every tool; each round is one run of N iterations), --engine json-ld|canonprof|both (canonprof's
expansion engine; `both` measures canonprof twice and prints the ratios against each), --skip jsonld.js,PyLD,rust,
--canonprof BIN, --node DIR, --python EXE, --rust-peers BIN, --workdir DIR.
"""
import json, os, statistics, subprocess, sys

from cli_args import parse, stop_if_checking

OPTS = parse(sys.argv[1:], {"engine": (("json-ld", "canonprof", "both"), "json-ld"), "rounds": ("count", 5),
                            "iterations": ("count", 50), "warmup-seconds": ("seconds", 1.0),
                            "schema": (("simple", "edu", "all"), "all"), "skip": ("text", "")},
             internal=("canonprof", "node", "python", "rust-peers", "workdir"))


def opt(name, default):
    return default if OPTS.get(name) is None else OPTS[name]


ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ROUNDS, N, SCHEMA = OPTS["rounds"], str(OPTS["iterations"]), OPTS["schema"]
WARM = f"{OPTS['warmup-seconds']:g}"
ENGINE = OPTS["engine"]
SKIPPED = {s.strip().lower() for s in OPTS["skip"].split(",") if s.strip()}
if SKIPPED - {"jsonld.js", "pyld", "rust", "node", "python"}:
    print(f"compare: --skip takes jsonld.js (node), PyLD (python) and/or rust, not "
          f"{', '.join(sorted(SKIPPED - {'jsonld.js', 'pyld', 'rust', 'node', 'python'}))}", file=sys.stderr)
    sys.exit(2)
stop_if_checking()
# The canonprof runs: one per expansion engine measured.
OURS = {"json-ld": ["canonprof"], "canonprof": ["canonprof+native"], "both": ["canonprof", "canonprof+native"]}[ENGINE]
COMMON = ["--iterations", N, "--runs", "1", "--schema", SCHEMA]
PEER_WARM = ["--warmup-seconds", WARM]
# The phases compared: canonprof's label + serialize correspond to the peers' single canonize step, and
# expand + to_rdf to oxjsonld's one expand_to_rdf.
COMBINED = {"label+serialize": (("label", "serialize"), "canonize"), "expand+to_rdf": (("expand", "to_rdf"), "expand_to_rdf")}
RDFC_PHASES = ["parse", "expand", "to_rdf", "expand+to_rdf", "label+serialize", "hash", "total"]
CANONPROF = opt("canonprof", "target/release/canonprof")


def canonprof_cmd(engine):
    return lambda out: [CANONPROF, "--no-flamegraphs", "--no-exchange", "--engine", engine, "--warmup", "5",
                        "--warmup-time", WARM, "--export-json", out, *COMMON]


TOOLS = {
    "canonprof": canonprof_cmd("json-ld"),
    "canonprof+native": canonprof_cmd("canonprof"),
    "jsonld.js": lambda out: ["node", os.path.join(opt("node", "scripts/peers/node"), "peer.mjs"), *COMMON, *PEER_WARM],
    "PyLD": lambda out: [opt("python", "python3"), "scripts/peers/python/peer.py", *COMMON, *PEER_WARM],
    "rust": lambda out: [opt("rust-peers", ""), *COMMON, *PEER_WARM],
}


def run(tool, round_no):
    """One process of `tool`: {peer name: {(credential, algorithm): result}}, and {peer name: implementation}."""
    out = os.path.join(opt("workdir", "/tmp"), f"compare-{tool}-{round_no}.json")
    cmd = TOOLS[tool](out)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"compare: {tool} failed: {' '.join(cmd)}\n{proc.stderr.strip()}")
    data = json.load(open(out)) if tool.startswith("canonprof") else json.loads(proc.stdout)
    by_peer, names = {}, {}
    for r in data["results"]:
        peer = r.get("peer", tool)
        by_peer.setdefault(peer, {})[(r["credential"], r["algorithm"])] = r
        names[peer] = r.get("implementation") or data.get("implementation", "") or peer
    return by_peer, names


def phase_us(result, phase):
    if phase == "total":
        return result["total"]["median_us"]
    if phase in result["phases"]:
        return result["phases"][phase]["median_us"]
    if phase in COMBINED:
        parts, single = COMBINED[phase]
        if all(p in result["phases"] for p in parts):
            return sum(result["phases"][p]["median_us"] for p in parts)
        return result["phases"].get(single, {}).get("median_us")
    return None


def canonical_outputs(engine):
    """canonprof's canonical bytes for every credential, through `canonprof canonicalize --engine engine`."""
    sets = ["simple", "edu"] if SCHEMA == "all" else [SCHEMA]
    out = {}
    for s in sets:
        for f in sorted(os.listdir(os.path.join(ROOT, "schemas-education", s))):
            name = f.rsplit(".", 1)[0]
            for alg in ("rdfc-1.0", "jcs"):
                p = subprocess.run([CANONPROF, "canonicalize", "--engine", engine, "--algorithm", alg,
                                    os.path.join("schemas-education", s, f)],
                                   cwd=ROOT, capture_output=True, text=True, check=True)
                out[(name, alg)] = p.stdout
    return out


def known_cases():
    """(peer, credential) → the documented case of a canonical difference (scripts/peers/rust/CASES.md)."""
    return {("oxjsonld+sophia_c14n", "ob3-full"): "scripts/peers/rust/CASES.md case 1 (RDFC-1.0 §4.8.3: the related-blank-node list deduplicated)",
            ("oxjsonld+oxrdf", "ob3-full"): "scripts/peers/rust/CASES.md case 1 (RDFC-1.0 §4.8.3: the related-blank-node list deduplicated)"}


def main():
    skipped = SKIPPED.copy()
    skipped |= {"jsonld.js"} if "node" in skipped else set()
    skipped |= {"pyld"} if "python" in skipped else set()
    if not opt("rust-peers", ""):
        skipped.add("rust")
    tools = [t for t in TOOLS if t.lower() not in skipped and (not t.startswith("canonprof") or t in OURS)]
    rounds, names = {}, {}
    for r in range(ROUNDS):
        for t in tools if r % 2 == 0 else reversed(tools):
            by_peer, impl = run(t, r)
            for peer, results in by_peer.items():
                rounds.setdefault(peer, []).append(results)
            names.update(impl)
        print(f"round {r + 1}/{ROUNDS} done", file=sys.stderr)
    peers = [p for p in rounds if not p.startswith("canonprof")]
    reference = canonical_outputs("json-ld")
    mismatches, documented, warnings = [], [], []
    if ENGINE != "json-ld":
        native = canonical_outputs("canonprof")
        mismatches += [f"canonprof engine {k[0]} {k[1]}" for k in reference if native.get(k) != reference[k]]
    cases = known_cases()
    for p in peers:
        for key, res in rounds[p][0].items():
            if res["canonical"] != reference.get(key):
                case = cases.get((p, key[0]))
                (documented if case else mismatches).append(f"{p} {key[0]} {key[1]}" + (f": {case}" if case else ""))
        for r, results in enumerate(rounds[p]):
            for key, res in results.items():
                w = res.get("warmup") or {}
                if w and not w.get("converged"):
                    state = "still falling" if w.get("still_falling") else "batch medians not within 2%"
                    warnings.append(f"{p} {key[0]} {key[1]} round {r + 1}: warm-up did not converge in {w.get('seconds', 0):.1f} s ({state})")
    print(f"# canonprof (expansion engine {ENGINE}) compared with {', '.join(names.get(p, p) for p in peers)}")
    rounds_text = "1 round" if ROUNDS == 1 else f"{ROUNDS} rounds"
    print(f"{rounds_text} x 1 run of {N} iterations per tool, tools alternated per round, each a fresh process warmed "
          f"up to steady state (peers: ≥ {WARM} s and two successive batch medians within 2%, at most 10 s; canonprof: "
          f"5 iterations and ≥ {WARM} s); ratio = peer / canonprof (median over rounds, min–max)\n")
    if ENGINE != "json-ld":
        same = not any(m.startswith("canonprof engine") for m in mismatches)
        print("canonprof's two engines: " + ("identical canonical outputs, every credential and algorithm" if same
                                             else "DIFFERENT canonical outputs (listed below)"))
    print("canonical outputs byte-identical: " + ("yes, every credential and algorithm" if not mismatches else "NO: " + "; ".join(mismatches)))
    if any(p.startswith("oxjsonld") for p in peers):
        print("- the Rust peers' `parse` is only parser set-up: oxjsonld reads the JSON inside its `expand_to_rdf`, "
              "so compare their `expand+to_rdf` and `total` rows")
    for d in documented:
        print(f"- documented difference: {d}")
    print("\n## One call vs phase by phase (expansion runs once in both)\n")
    print("| peer | credential | phase sum µs | one call µs | sum / one call |")
    print("|---|---|---:|---:|---:|")
    for p in peers:
        for key in rounds[p][0]:
            sums = [res[key]["total"]["median_us"] for res in rounds[p] if "one_call" in res[key]]
            ones = [res[key]["one_call"]["total"]["median_us"] for res in rounds[p] if "one_call" in res[key]]
            if sums:
                s, o = statistics.median(sums), statistics.median(ones)
                flag = "" if abs(s / o - 1) <= 0.1 else " (differs by more than 10%)"
                print(f"| {p} | {key[0]} | {s:,.1f} | {o:,.1f} | {s / o:.2f}{flag} |")
    for ours_tool, peer in [(o, p) for p in peers for o in OURS]:
        engine = "canonprof" if ours_tool == "canonprof+native" else "json-ld"
        print(f"\n## {names.get(peer, peer)} vs canonprof with the {engine} engine\n")
        print("| credential | algorithm | phase | canonprof µs | peer µs | peer / canonprof |")
        print("|---|---|---|---:|---:|---:|")
        for key in rounds[ours_tool][0]:
            cred, alg = key
            phases = RDFC_PHASES if alg == "rdfc-1.0" else ["parse", "jcs", "hash", "total"]
            for ph in phases:
                ours, theirs, ratios = [], [], []
                for r in range(min(len(rounds[ours_tool]), len(rounds[peer]))):
                    a, b = rounds[ours_tool][r][key], rounds[peer][r].get(key)
                    if b is None:
                        continue
                    x, y = phase_us(a, ph), phase_us(b, ph)
                    if x and y:
                        ours.append(x); theirs.append(y); ratios.append(y / x)
                if ratios:
                    print(f"| {cred} | {alg} | {ph} | {statistics.median(ours):,.1f} | {statistics.median(theirs):,.1f} | "
                          f"{statistics.median(ratios):.1f}x ({min(ratios):.1f}–{max(ratios):.1f}) |")
    if warnings:
        print("\n## Warm-up warnings\n")
        for w in warnings:
            print(f"- {w}")
    sys.exit(1 if mismatches else 0)


main()

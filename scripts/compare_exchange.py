"""The study's exchange (issue / present / verify on person-20, 5 of 20 attributes disclosed) in canonprof and the
peers side by side, interleaved round by round, then the interop matrix: every producer's artifacts verified by
every verifier. Called by `compare.sh --exchange`, which builds canonprof and installs the peers.

Options: --rounds R (default 3), --iterations N (default 50), --warmup-seconds S (default 1: each peer warms every
row up to steady state, at least S seconds; canonprof warms every operation up for at least S/3 s after 5
iterations), --study (N=2000, R=5), --skip node,python, --band PCT (default 10), --no-interop, --interop-only (the
interop matrix without the timed exchange), --node-alg LIST (the Node.js peer's signature algorithms, passed to
exchange.mjs --alg: a comma-separated list of ed25519, p256, ml-dsa-44, slh-dsa-128s, falcon-512, bls12-381 (BBS: the
bbs-2023 row; canonprof's name bls12-381-g2 is the same, and the Node.js rows are shown under it), or `both`, or `all`; default ed25519,p256,ml-dsa-44,bls12-381 — SLH-DSA-SHA2-128s signs in seconds, so
only when asked for), --node-slow-iterations K
(timed iterations of the slh-dsa-128s rows per round, default 3), --signatures
rustcrypto|aws-lc-rs|both (canonprof's signature backend, default rustcrypto; `both` adds rows named `(aws-lc-rs)`
beside the RustCrypto ones; said in the output's header and settings), --canonprof BIN,
--interop BIN, --python EXE, --workdir DIR. Prints Markdown; exits 1 when an interop result is unexplained (a
genuine artifact not verified, a tampered one not rejected, unless scripts/peers/interop-known.json explains it)
or a tool failed.
"""
import json, os, statistics, subprocess, sys

from cli_args import parse, stop_if_checking

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OPTS = parse(sys.argv[1:], {"rounds": ("count", None), "iterations": ("count", None), "warmup-seconds": ("seconds", 1.0),
                            "skip": ("text", ""), "band": ("percent", 10.0),
                            "node-alg": ("text", "ed25519,p256,ml-dsa-44,bls12-381"), "node-slow-iterations": ("count", 3),
                            "signatures": (("rustcrypto", "aws-lc-rs", "both"), "rustcrypto")},
             flags=("study", "no-interop", "interop-only", "exchange"), internal=("canonprof", "interop", "python", "workdir"))


def opt(name, default):
    return default if OPTS.get(name) is None else OPTS[name]


STUDY = OPTS["study"]
ROUNDS = opt("rounds", 5 if STUDY else 3)
N = opt("iterations", 2000 if STUDY else 50)
WARM = OPTS["warmup-seconds"]
BAND = OPTS["band"] / 100
SKIP = {s.strip().lower() for s in OPTS["skip"].split(",") if s.strip()}
if SKIP - {"node", "python"}:
    print(f"compare: --skip takes node and/or python, not {', '.join(sorted(SKIP - {'node', 'python'}))}", file=sys.stderr)
    sys.exit(2)
NODE_ALGS = ("ed25519", "p256", "ml-dsa-44", "slh-dsa-128s", "falcon-512", "bls12-381", "bls12-381-g2")
# The same signature family under the peers' and canonprof's names: the peers' rows are keyed by canonprof's, so they
# sit in one row of the side-by-side tables (the Node.js peer says bls12-381, canonprof's --alg bls12-381-g2).
SAME_ALG = {"bls12-381": "bls12-381-g2"}
_node_algs = [a.strip() for a in OPTS["node-alg"].split(",")] if OPTS["node-alg"] not in ("both", "all") else []
if any(a not in NODE_ALGS for a in _node_algs):
    print(f"compare: --node-alg takes a comma-separated list of {', '.join(NODE_ALGS)}, or both, or all; not "
          f"{OPTS['node-alg']!r}", file=sys.stderr)
    sys.exit(2)
stop_if_checking()
WORK = opt("workdir", "/tmp")
CANONPROF = opt("canonprof", "target/release/canonprof")
INTEROP = opt("interop", "target/release/examples/interop")
PYTHON = opt("python", "python3")
OPS = ("issue", "present", "verify")
SIGNATURES = OPTS["signatures"]
BACKENDS = {"rustcrypto": "RustCrypto (pure Rust; ECDSA nonces RFC 6979)",
            "aws-lc-rs": "aws-lc-rs (AWS-LC's assembly; ECDSA nonces random, so ECDSA signature bytes differ run to run)",
            "both": "RustCrypto and aws-lc-rs interleaved (the aws-lc-rs rows say so)"}
CP_JSON, CP_OWN = "canonprof (json-ld crate)", "canonprof (own engine)"


def run(cmd, what):
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"compare: {what} failed: {' '.join(cmd)}\n{proc.stderr.strip()[-2000:]}")
    return proc.stdout


def canonprof_round(r):
    """One canonprof exchange run (both engines): {impl: {(alg, format): row}}."""
    out = os.path.join(WORK, f"exchange-canonprof-{r}.json")
    run([CANONPROF, "exchange", "--engine", "both", "--signatures", SIGNATURES, "--iterations", str(N), "--runs", "1",
         "--warmup", "5", "--warmup-time", f"{WARM / 3:g}", "--export-json", out], "canonprof exchange")
    rows = {CP_JSON: {}, CP_OWN: {}}
    for report in json.load(open(out))["reports"]:
        for res in report["results"]:
            fmt = res["format"].replace(" (canonprof engine)", "")
            if res.get("signatures", "rustcrypto") == "aws-lc-rs" and SIGNATURES == "both":
                fmt = fmt.replace(" (aws-lc-rs)", "") + " (aws-lc-rs)"
            row = {"ops": {o["operation"]: o["total"]["median_us"] for o in res["operations"]},
                   "canon": res["canonicalizations"], "bytes": res.get("presented_bytes"),
                   "chain_us": res.get("certificate_chain_us"), "engine": res.get("engine")}
            targets = [CP_OWN] if res.get("engine") == "canonprof" else \
                [CP_JSON] if res.get("engine") == "json-ld" and "rdfc" in fmt else [CP_JSON, CP_OWN]
            for t in targets:
                if t == CP_OWN and len(targets) == 2:
                    note = ("the json-ld crate's row: ecdsa-sd-2023 always runs on it" if "sd-2023" in fmt else
                            "the same measurement as the json-ld crate column (no JSON-LD expansion)")
                    rows[t][(res["alg"], fmt)] = dict(row, note=note)
                else:
                    rows[t][(res["alg"], fmt)] = row
    return rows, {"settings": dict(report["settings"], signatures=report.get("signatures", "rustcrypto"))}


def peer_round(name, cmd):
    data = json.loads(run(cmd + ["--iterations", str(N), "--runs", "1", "--warmup-seconds", f"{WARM:g}"], name))
    rows = {}
    for res in data["results"]:
        rows[(SAME_ALG.get(res["alg"], res["alg"]), res["format"])] = {
            "ops": {o["operation"]: o["total"]["median_us"] for o in res["operations"]},
            "canon": res.get("canonicalizations"), "bytes": res.get("bytes"), "warmup": res.get("warmup"),
            "chain_us": res.get("certificate_chain_us"), "note": res.get("notes") or res.get("note"),
            "library": res.get("library")}
    return rows, data


PEERS = {}
if "node" not in SKIP:
    PEERS["Node.js"] = ["node", "scripts/peers/node/exchange.mjs", "--alg", OPTS["node-alg"],
                        "--slow-iterations", str(OPTS["node-slow-iterations"])]
if "python" not in SKIP:
    PEERS["Python"] = [PYTHON, "scripts/peers/python/exchange.py"]


def fmt_us(v):
    if v is None:
        return "–"
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


def exchange():
    impls = [CP_JSON, CP_OWN, *PEERS]
    rounds = {i: [] for i in impls}
    meta, warnings = {}, []
    order = [("canonprof", None), *PEERS.items()]
    for r in range(ROUNDS):
        for tool, cmd in (order if r % 2 == 0 else list(reversed(order))):
            if tool == "canonprof":
                rows, m = canonprof_round(r)
                for k, v in rows.items():
                    rounds[k].append(v)
                meta["canonprof"] = m
            else:
                rows, data = peer_round(tool, cmd)
                rounds[tool].append(rows)
                meta[tool] = data
                for key, row in rows.items():
                    w = row.get("warmup") or {}
                    if w and not w.get("converged"):
                        state = "still falling" if w.get("still_falling") else "not within 2%"
                        warnings.append(f"{tool} {key[0]} {key[1]} round {r + 1}: warm-up did not converge in "
                                        f"{w.get('seconds', 0):.1f} s ({state}; last batch medians "
                                        f"{', '.join(fmt_us(x) for x in w.get('last_batch_medians_us', []))} µs)")
        print(f"exchange round {r + 1}/{ROUNDS} done", file=sys.stderr)
    summary = {}
    for impl in impls:
        keys = [k for k in rounds[impl][0]] if rounds[impl] else []
        for key in keys:
            per_op = {o: [rd[key]["ops"][o] for rd in rounds[impl] if key in rd] for o in OPS}
            totals = [sum(rd[key]["ops"][o] for o in OPS) for rd in rounds[impl] if key in rd]
            first = rounds[impl][0][key]
            summary[(impl, key)] = {"ops": {o: statistics.median(v) for o, v in per_op.items()},
                                    "total": statistics.median(totals), "range": (min(totals), max(totals)),
                                    "canon": first.get("canon"), "bytes": first.get("bytes"),
                                    "chain_us": first.get("chain_us"), "note": first.get("note")}
    return impls, summary, meta, warnings


def lineage(impl, meta):
    if impl == CP_JSON:
        return "json-ld crate 0.21 (Rust, its own lineage) + canonprof's RDFC-1.0"
    if impl == CP_OWN:
        return "canonprof's JSON-LD engine (Rust, written from the JSON-LD 1.1 API) + canonprof's RDFC-1.0"
    return meta.get(impl, {}).get("lineage", "?")


def ratio_line(a, b, band):
    r = a / b
    verdict = "within the band" if abs(r - 1) <= band else ("slower" if r > 1 else "faster")
    return r, verdict


RDFC = {"ed25519": "VCDM eddsa-rdfc-2022", "p256": "VCDM ecdsa-rdfc-2019", "ml-dsa-44": "VCDM mldsa44-rdfc-2024",
        "slh-dsa-128s": "VCDM slhdsa128-rdfc-2024", "falcon-512": "VCDM falcon512-rdfc-2024"}
JCS = {"ed25519": "VCDM eddsa-jcs-2022", "p256": "VCDM ecdsa-jcs-2019", "ml-dsa-44": "VCDM mldsa44-jcs-2024",
       "slh-dsa-128s": "VCDM slhdsa128-jcs-2024", "falcon-512": "VCDM falcon512-jcs-2024"}


def print_bbs(impls, summary):
    """bbs-2023 (unlinkable presentations) over ecdsa-sd-2023 per implementation, each operation and the total."""
    pairs = []
    for impl in impls:
        bbs = next((v for (i, k), v in summary.items() if i == impl and k[1] == "VCDM bbs-2023"), None)
        sd = next((v for (i, k), v in summary.items() if i == impl and k[1] == "VCDM ecdsa-sd-2023"), None)
        if bbs and sd:
            pairs.append((impl, bbs, sd))
    if not pairs:
        return
    print("\n## bbs-2023 beside ecdsa-sd-2023\n")
    print("The unlinkable suite (BBS, BLS12-381) over the linkable one (ECDSA P-256), same credential, same pointers "
          "(mandatory /issuer, the 5 disclosed attributes selective): issue = base proof, present = derived proof.\n")
    print("| implementation | issue | present | verify | total | bbs-2023 total µs | ecdsa-sd-2023 total µs | bytes (bbs / sd) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for impl, bbs, sd in pairs:
        cells = [f"{bbs['ops'][o] / sd['ops'][o]:.1f}x" if sd["ops"][o] else "–" for o in OPS]
        print(f"| {impl} | " + " | ".join(cells) + f" | {bbs['total'] / sd['total']:.1f}x | {fmt_us(bbs['total'])} | "
              f"{fmt_us(sd['total'])} | {bbs['bytes'] or '–'} / {sd['bytes'] or '–'} |")


def print_exchange(impls, summary, meta, warnings):
    print(f"# The exchange, every implementation side by side\n")
    print(f"person-20, 5 of 20 attributes disclosed; {ROUNDS} rounds, tools interleaved round by round (order "
          f"reversed every other round); each round one run of N={N} per operation; peers warm each row up to "
          f"steady state (≥ {WARM:g} s and two successive 0.1 s batch medians within 2%, at most 10 s), canonprof "
          f"each operation 5 iterations and ≥ {WARM / 3:g} s. Medians over rounds of per-round medians, µs; total = "
          f"issue + present + verify, its range = min–max of the per-round totals. `canon.` = canonicalizations "
          f"per exchange. Band {BAND:.0%}. canonprof's signatures: {BACKENDS[SIGNATURES]}.\n")
    print("| implementation | JSON-LD / RDFC-1.0 lineage | versions |")
    print("|---|---|---|")
    for impl in impls:
        versions = meta.get(impl, {}).get("implementation") or \
            (meta.get("canonprof") and f"canonprof, settings {json.dumps(meta['canonprof']['settings'])}") or "?"
        print(f"| {impl} | {lineage(impl, meta)} | {versions} |")
    keys = []
    for (impl, key) in summary:
        if key not in keys:
            keys.append(key)
    keys.sort(key=lambda k: (k[0], ["SD-JWT VC", "mdoc"].index(k[1]) if k[1] in ("SD-JWT VC", "mdoc") else 2, k[1]))
    print("\n## Exchange totals (µs; range over rounds)\n")
    print("| alg | format | canon. | " + " | ".join(impls) + " |")
    print("|---|---|---:|" + "---:|" * len(impls))
    for key in keys:
        cells = []
        canon = next((summary[(i, key)]["canon"] for i in impls if (i, key) in summary), "")
        for impl in impls:
            s = summary.get((impl, key))
            cells.append("–" if s is None else f"{fmt_us(s['total'])} ({fmt_us(s['range'][0])}–{fmt_us(s['range'][1])})")
        print(f"| {key[0]} | {key[1]} | {canon} | " + " | ".join(cells) + " |")
    for impl in impls:
        print(f"\n### {impl}\n")
        print("| alg | format | issue | present | verify | total | range | bytes | of which X.509 chain | note |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
        for key in keys:
            s = summary.get((impl, key))
            if s:
                print(f"| {key[0]} | {key[1]} | " + " | ".join(fmt_us(s["ops"][o]) for o in OPS) +
                      f" | {fmt_us(s['total'])} | {fmt_us(s['range'][0])}–{fmt_us(s['range'][1])} | {s['bytes'] or '–'} | "
                      f"{fmt_us(s['chain_us'])} | {s['note'] or ''} |")
        skipped = meta.get(impl, {}).get("skipped") or []
        for sk in skipped:
            print(f"\nnot measured: {sk.get('alg')} {sk.get('format')}: {sk.get('reason')}")
    print("\n## The study's ratios per implementation\n")
    print("| implementation | alg | VCDM-RDFC / mdoc | VCDM-RDFC / SD-JWT VC | mdoc / SD-JWT VC | VCDM-JCS / SD-JWT VC (verify) | VCDM-JCS / SD-JWT VC (total) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    holds = {}
    algs = [a for a in RDFC if any(k[0] == a for (_, k) in summary)]
    for impl in impls:
        for alg in algs:
            get = lambda f: summary.get((impl, (alg, f)))
            rdfc, jcs, sd, md = get(RDFC[alg]), get(JCS[alg]), get("SD-JWT VC"), get("mdoc")
            cells = []
            for name, a, b in [("VCDM-RDFC slower than mdoc", rdfc and rdfc["total"], md and md["total"]),
                               ("VCDM-RDFC slower than SD-JWT VC", rdfc and rdfc["total"], sd and sd["total"]),
                               ("mdoc vs SD-JWT VC", md and md["total"], sd and sd["total"]),
                               ("VCDM-JCS verify no slower than SD-JWT VC verify beyond the band (JCS closes the gap)", jcs and jcs["ops"]["verify"], sd and sd["ops"]["verify"]),
                               ("VCDM-JCS total vs SD-JWT VC", jcs and jcs["total"], sd and sd["total"])]:
                if a and b:
                    r, verdict = ratio_line(a, b, BAND)
                    cells.append(f"{r:.2f}x {verdict}")
                    holds.setdefault((alg, name), []).append((impl, r, verdict))
                else:
                    cells.append("–")
            print(f"| {impl} | {alg} | " + " | ".join(cells) + " |")
    print("\n## The RDFC-1.0 / JCS gap per signature algorithm\n")
    print("VCDM with RDFC-1.0 over VCDM with JCS, same signature algorithm: exchange total and verify alone.\n")
    print("| implementation | alg | RDFC / JCS (total) | RDFC / JCS (verify) | RDFC total µs | JCS total µs |")
    print("|---|---|---:|---:|---:|---:|")
    for impl in impls:
        for alg in algs:
            rdfc, jcs = summary.get((impl, (alg, RDFC[alg]))), summary.get((impl, (alg, JCS[alg])))
            if rdfc and jcs:
                print(f"| {impl} | {alg} | {rdfc['total'] / jcs['total']:.2f}x | "
                      f"{rdfc['ops']['verify'] / jcs['ops']['verify']:.2f}x | {fmt_us(rdfc['total'])} | {fmt_us(jcs['total'])} |")
    print_bbs(impls, summary)
    print("\n## Which of the study's orderings hold for every implementation\n")
    for (alg, name), found in holds.items():
        verdicts = {v for _, _, v in found}
        if name.startswith("VCDM-RDFC slower"):
            ok = verdicts == {"slower"}
        elif name.startswith("VCDM-JCS verify no slower"):
            ok = "slower" not in verdicts
        else:
            ok = len(verdicts) == 1
        detail = "; ".join(f"{i} {r:.2f}x {v}" for i, r, v in found)
        state = "holds for every implementation" if ok else "depends on the implementation"
        if " vs " in name:
            state = (f"the same in every implementation: the first is {next(iter(verdicts))}" if ok
                     else "depends on the implementation")
        print(f"- {alg}: {name}: **{state}** ({detail})")
    if warnings:
        print("\n## Warm-up warnings\n")
        for w in warnings:
            print(f"- {w}")


def interop():
    """Every producer's directory verified by every verifier. Returns the number of unexplained results."""
    known = json.load(open(os.path.join(ROOT, "scripts/peers/interop-known.json")))["explained"]
    producers = {"canonprof": [INTEROP, "issue"]}
    verifiers = {"canonprof": [INTEROP, "verify"]}
    if "node" not in SKIP:
        producers["Node.js"] = verifiers["Node.js"] = None
    if "python" not in SKIP:
        producers["Python"] = verifiers["Python"] = None
    peer_cmd = {"Node.js": ["node", "scripts/peers/node/interop.mjs"], "Python": [PYTHON, "scripts/peers/python/interop.py"]}
    dirs = {}
    for p in producers:
        d = os.path.join(WORK, f"interop-{p.lower().replace('.', '')}")
        subprocess.run(["rm", "-rf", d], check=True)
        cmd = producers[p] or [*peer_cmd[p], "issue"]
        run([*cmd, d], f"{p} interop issue")
        dirs[p] = d
    print("\n## interop\n")
    print("Every artifact a producer issued (each with a tampered twin), verified by every verifier. pass = genuine "
          "verified and tampered rejected; unsupported = the verifier says it cannot check that kind (reason below); "
          "explained = a known disagreement written up in scripts/peers/interop-known.json.\n")
    print("| producer | verifier | artifacts | pass | unsupported | explained | FAIL |")
    print("|---|---|---:|---:|---:|---:|---:|")
    details, unexplained, matrix = [], 0, {}
    for p, d in dirs.items():
        manifest = {a["name"]: a for a in json.load(open(os.path.join(d, "manifest.json")))["artifacts"]}
        for v in verifiers:
            cmd = (verifiers[v] or [*peer_cmd[v], "verify"]) + [d]
            report = json.loads(run(cmd, f"{v} interop verify of {p}"))
            counts = {"pass": 0, "unsupported": 0, "explained": 0, "fail": 0}
            for res in report["results"]:
                good = res["outcome"] == res["expect"]
                cell = matrix.setdefault((p, v, vcdm_key(manifest[res["name"]])), []) \
                    if res["format"] == "vcdm" and res["name"] in manifest else []
                if good:
                    counts["pass"] += 1
                    cell.append("ok")
                    continue
                why = next((k["why"] for k in known if k["producer"] in (p, "*") and k["verifier"] in (v, "*")
                            and k["artifact"] in res["name"] and k.get("outcome", res["outcome"]) == res["outcome"]), None)
                cell.append("explained" if why else res["outcome"] if res["outcome"] == "unsupported" else "**FAIL**")
                if why:
                    counts["explained"] += 1
                    details.append(f"- explained: {p} → {v} `{res['name']}`: {res['outcome']} ({why})")
                elif res["outcome"] == "unsupported":
                    counts["unsupported"] += 1
                    details.append(f"- unsupported: {p} → {v} `{res['name']}`: {res.get('reason', '')}")
                else:
                    counts["fail"] += 1
                    unexplained += 1
                    details.append(f"- **FAIL**: {p} → {v} `{res['name']}`: expected {res['expect']}, got "
                                   f"{res['outcome']}: {res.get('reason', '')}")
            print(f"| {p} | {v} | {len(report['results'])} | {counts['pass']} | {counts['unsupported']} | "
                  f"{counts['explained']} | {counts['fail']} |")
    if details:
        print()
        print("\n".join(details))
    print_vcdm_matrix(dirs, matrix)
    return unexplained


def vcdm_key(artifact):
    """What a Data Integrity artifact is, whoever named it: (suite, curve or kind, credential)."""
    curve = artifact.get("curve") or ("Ed25519" if artifact.get("cryptosuite", "").startswith("eddsa") else "")
    if artifact.get("kind") in ("derived", "base"):  # bbs-2023 has both: a base proof the verifier derives from
        curve += f" {artifact['kind']}"
    return artifact.get("cryptosuite", ""), curve, artifact.get("credential", "")


def print_vcdm_matrix(dirs, matrix):
    """The Data Integrity results per suite × curve × credential: one column per producer → verifier; `ok` when
    the genuine artifact verified and its tampered twin was rejected, `–` when the producer did not issue it."""
    keys = []
    for p, d in dirs.items():
        for a in json.load(open(os.path.join(d, "manifest.json")))["artifacts"]:
            if a["format"] == "vcdm" and a["expect"] == "verified" and vcdm_key(a) not in keys:
                keys.append(vcdm_key(a))
    order = list(dirs)
    pairs = sorted({(p, v) for (p, v, _) in matrix}, key=lambda pv: (order.index(pv[0]), order.index(pv[1])))
    print("\n### Data Integrity, suite × curve × credential\n")
    print("`ok` = the genuine credential verified and its tampered twin was rejected; `explained` / `unsupported` / "
          "**FAIL** as above (the worst of the pair); `–` = not issued by that producer (its reason is in its "
          "manifest's `not_issued`).\n")
    print("| suite | curve | credential | " + " | ".join(f"{p} → {v}" for p, v in pairs) + " |")
    print("|---|---|---|" + "---|" * len(pairs))
    for key in keys:
        cells = []
        for pair in pairs:
            got = matrix.get((*pair, key))
            worst = next((c for c in ("**FAIL**", "unsupported", "explained") if got and c in got), "ok")
            cells.append("–" if got is None else worst)
        print(f"| {key[0]} | {key[1]} | {key[2]} | " + " | ".join(cells) + " |")


def main():
    if not OPTS["interop-only"]:
        impls, summary, meta, warnings = exchange()
        print_exchange(impls, summary, meta, warnings)
    bad = 0 if OPTS["no-interop"] else interop()
    if bad:
        print(f"\ncompare: {bad} unexplained interop result(s)", file=sys.stderr)
    sys.exit(1 if bad else 0)


main()

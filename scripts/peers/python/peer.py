"""Times PyLD (RDFC-1.0 / URDNA2015 after expansion and toRdf) and rfc8785 (JCS) phase by phase on canonprof's
bundled credentials, with canonprof's statistics after a warm-up to steady state (steady.py), and prints JSON in
the shape of `canonprof --export-json` ("results" entries) plus each canonical output, the warm-up report and the
one-call time (`jsonld.normalize`) beside the phases. PyLD's public `to_rdf` expands its input again, so the
`to_rdf` phase runs the node-map and graph-to-RDF steps `to_rdf` runs after expanding (JSON-LD 1.1 API §8.1 /
§8.5), on the already expanded document: expansion runs once, as in the one call. Contexts come from
schemas-education/contexts, offline.
Usage: python peer.py [--iterations N] [--runs R] [--warmup-seconds S] [--warmup-max-seconds M]
                      [--schema simple|edu|all] [--credential FILE ...]
"""
import hashlib, json, os, sys, time
from importlib.metadata import version

import rfc8785
from pyld import jsonld

from steady import stats, warm_up, warmup_settings

from contexts import ROOT, loader
ARGS = sys.argv[1:]
KNOWN = ["--iterations", "--runs", "--warmup-seconds", "--warmup-max-seconds", "--schema", "--credential"]


def fail(message):
    print(f"peer.py: {message}", file=sys.stderr)
    sys.exit(2)


for _a in ARGS:
    if _a.startswith("--") and _a not in KNOWN:
        fail(f"unknown option {_a} (known: {' '.join(KNOWN)})")


def opt(name, default):
    return ARGS[ARGS.index(f"--{name}") + 1] if f"--{name}" in ARGS else default


try:
    ITERATIONS, RUNS = int(opt("iterations", 50)), int(opt("runs", 5))
    WARMUP = warmup_settings(ARGS)
except ValueError as e:
    fail(f"--iterations and --runs take whole numbers, --warmup-seconds a number ({e})")
if ITERATIONS < 1 or RUNS < 1:
    fail("--iterations and --runs must be at least 1")
if opt("schema", "all") not in ("simple", "edu", "all"):
    fail(f"--schema must be simple, edu or all, not {opt('schema', 'all')}")


def credentials():
    if "--credential" in ARGS:
        rest = ARGS[ARGS.index("--credential") + 1:]
        files = rest[: next((i for i, a in enumerate(rest) if a.startswith("--")), len(rest))]
        if not files:
            fail("--credential needs at least one file")
        return [(os.path.basename(f).rsplit(".", 1)[0], "user", f) for f in files]
    order = {"simple": ["alumni", "vcdm2-simple", "person-20"], "edu": ["ob3-basic", "ob3-full", "clr2", "elm-edc-annex1"]}
    sets = ["simple", "edu"] if opt("schema", "all") == "all" else [opt("schema", "all")]
    return [(n, s, os.path.join(ROOT, "schemas-education", s, f"{n}.json")) for s in sets for n in order[s]]


def rdfc(text, times):
    t = time.perf_counter_ns()
    doc = json.loads(text)
    t1 = time.perf_counter_ns(); times["parse"] = (t1 - t) / 1000; t = t1
    expanded = jsonld.expand(doc, {"documentLoader": loader, "base": None})
    t1 = time.perf_counter_ns(); times["expand"] = (t1 - t) / 1000; t = t1
    dataset = graph_to_rdf(expanded)
    t1 = time.perf_counter_ns(); times["to_rdf"] = (t1 - t) / 1000; t = t1
    canonical = jsonld.URDNA2015().main(dataset, {"format": "application/n-quads"})
    t1 = time.perf_counter_ns(); times["canonize"] = (t1 - t) / 1000; t = t1
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    times["hash"] = (time.perf_counter_ns() - t) / 1000
    return canonical, digest


def graph_to_rdf(expanded):
    """What PyLD's `to_rdf` does after it expands: the node map (one blank node issuer) and each graph's RDF."""
    processor, issuer = jsonld.JsonLdProcessor(), jsonld.IdentifierIssuer("_:b")
    options = {"produceGeneralizedRdf": False, "rdfDirection": "i18n-datatype", "processingMode": "json-ld-1.1",
               "base": None, "documentLoader": loader}
    node_map = {"@default": {}}
    processor._create_node_map(expanded, node_map, "@default", issuer)
    return {name: processor._graph_to_rdf(graph, issuer, options)
            for name, graph in sorted(node_map.items()) if name == "@default" or jsonld._is_absolute_iri(name)}


def rdfc_one_call(text, times):
    """The one call: jsonld.normalize (expand, to_rdf, URDNA2015 = RDFC-1.0), then the hash."""
    canonical = jsonld.normalize(json.loads(text), {"algorithm": "URDNA2015", "format": "application/n-quads",
                                                    "documentLoader": loader, "base": None, "rdfDirection": "i18n-datatype"})
    return canonical, hashlib.sha256(canonical.encode()).hexdigest()


def jcs(text, times):
    t = time.perf_counter_ns()
    doc = json.loads(text)
    t1 = time.perf_counter_ns(); times["parse"] = (t1 - t) / 1000; t = t1
    canonical = rfc8785.dumps(doc).decode()
    t1 = time.perf_counter_ns(); times["jcs"] = (t1 - t) / 1000; t = t1
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    times["hash"] = (time.perf_counter_ns() - t) / 1000
    return canonical, digest


def measure(pipeline, text):
    warm = warm_up(lambda: pipeline(text, {}), WARMUP)
    phases, total, out = {}, [], None
    for _ in range(RUNS):
        totals, per_phase = [], {}
        for _ in range(ITERATIONS):
            times = {}
            t0 = time.perf_counter_ns()
            out = pipeline(text, times)
            totals.append((time.perf_counter_ns() - t0) / 1000)
            for k, v in times.items():
                per_phase.setdefault(k, []).append(v)
        total.append(totals)
        for k, v in per_phase.items():
            phases.setdefault(k, []).append(v)
    return {k: stats(v) for k, v in phases.items()}, stats(total), out, warm


results = []
for name, cset, path in credentials():
    text = open(path, encoding="utf-8").read()
    for algorithm, pipeline in (("rdfc-1.0", rdfc), ("jcs", jcs)):
        phases, total, (canonical, digest), warm = measure(pipeline, text)
        entry = {"credential": name, "set": cset, "file": path, "algorithm": algorithm, "phases": phases,
                 "total": total, "warmup": warm, "sha256": digest, "canonical": canonical}
        if algorithm == "rdfc-1.0":
            _, one_total, (one_canonical, _), one_warm = measure(rdfc_one_call, text)
            if one_canonical != canonical:
                fail(f"{name}: jsonld.normalize and the phase-by-phase pipeline disagree")
            entry["one_call"] = {"total": one_total, "warmup": one_warm}
        results.append(entry)
print(json.dumps({"implementation": f"PyLD {version('PyLD')}; rfc8785 {version('rfc8785')}; Python {sys.version.split()[0]}",
                  "config": {"iterations": ITERATIONS, "runs": RUNS, "warmup": {k: WARMUP[k] for k in ("min_seconds", "max_seconds", "tolerance")}}, "results": results}, indent=2))

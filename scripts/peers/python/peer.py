"""Times PyLD (RDFC-1.0 / URDNA2015 after expansion and toRdf) and rfc8785 (JCS) phase by phase on canonprof's
bundled credentials, with canonprof's statistics, and prints JSON in the shape of `canonprof --export-json`
("results" entries) plus each canonical output. Contexts come from schemas-education/contexts, offline.
Usage: python peer.py [--iterations N] [--runs R] [--warmup W] [--schema simple|edu|all] [--credential FILE ...]
"""
import hashlib, json, os, sys, time
from importlib.metadata import version

import rfc8785
from pyld import jsonld

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
ARGS = sys.argv[1:]
KNOWN = ["--iterations", "--runs", "--warmup", "--schema", "--credential"]


def fail(message):
    print(f"peer.py: {message}", file=sys.stderr)
    sys.exit(2)


for _a in ARGS:
    if _a.startswith("--") and _a not in KNOWN:
        fail(f"unknown option {_a} (known: {' '.join(KNOWN)})")


def opt(name, default):
    return ARGS[ARGS.index(f"--{name}") + 1] if f"--{name}" in ARGS else default


try:
    ITERATIONS, RUNS, WARMUP = int(opt("iterations", 50)), int(opt("runs", 5)), int(opt("warmup", 5))
except ValueError:
    fail("--iterations, --runs and --warmup take whole numbers")
if ITERATIONS < 1 or RUNS < 1 or WARMUP < 0:
    fail("--iterations and --runs must be at least 1")
if opt("schema", "all") not in ("simple", "edu", "all"):
    fail(f"--schema must be simple, edu or all, not {opt('schema', 'all')}")
CONTEXTS = os.path.join(ROOT, "schemas-education", "contexts")
INDEX = json.load(open(os.path.join(CONTEXTS, "index.json")))["contexts"]
_cache = {}


def loader(url, options=None):
    if url not in INDEX:
        raise ValueError(f"unknown context URL <{url}> (offline)")
    if url not in _cache:
        _cache[url] = json.load(open(os.path.join(CONTEXTS, INDEX[url]["file"])))
    return {"contextUrl": None, "documentUrl": url, "document": _cache[url]}


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
    dataset = jsonld.to_rdf(expanded, {"documentLoader": loader, "rdfDirection": "i18n-datatype"})
    t1 = time.perf_counter_ns(); times["to_rdf"] = (t1 - t) / 1000; t = t1
    canonical = jsonld.URDNA2015().main(dataset, {"format": "application/n-quads"})
    t1 = time.perf_counter_ns(); times["canonize"] = (t1 - t) / 1000; t = t1
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    times["hash"] = (time.perf_counter_ns() - t) / 1000
    return canonical, digest


def jcs(text, times):
    t = time.perf_counter_ns()
    doc = json.loads(text)
    t1 = time.perf_counter_ns(); times["parse"] = (t1 - t) / 1000; t = t1
    canonical = rfc8785.dumps(doc).decode()
    t1 = time.perf_counter_ns(); times["jcs"] = (t1 - t) / 1000; t = t1
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    times["hash"] = (time.perf_counter_ns() - t) / 1000
    return canonical, digest


def percentile(values, p):
    s = sorted(values)
    rank = p / 100 * (len(s) - 1)
    lo, hi = int(rank), min(int(rank) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (rank - lo)


def stats(per_run):
    medians = [percentile(r, 50) for r in per_run]
    pooled = [v for r in per_run for v in r]
    return {"median_us": percentile(medians, 50), "min_run_median_us": min(medians), "max_run_median_us": max(medians),
            "p10_us": percentile(pooled, 10), "p90_us": percentile(pooled, 90), "runs": len(medians), "samples": len(pooled)}


def measure(pipeline, text):
    for _ in range(WARMUP):
        pipeline(text, {})
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
    return {k: stats(v) for k, v in phases.items()}, stats(total), out


results = []
for name, cset, path in credentials():
    text = open(path, encoding="utf-8").read()
    for algorithm, pipeline in (("rdfc-1.0", rdfc), ("jcs", jcs)):
        phases, total, (canonical, digest) = measure(pipeline, text)
        results.append({"credential": name, "set": cset, "file": path, "algorithm": algorithm, "phases": phases,
                        "total": total, "sha256": digest, "canonical": canonical})
print(json.dumps({"implementation": f"PyLD {version('PyLD')}; rfc8785 {version('rfc8785')}; Python {sys.version.split()[0]}",
                  "config": {"iterations": ITERATIONS, "runs": RUNS, "warmup": WARMUP}, "results": results}, indent=2))

"""Steady-state measurement shared by the Python peers (peer.py, exchange.py), the same protocol as
../node/steady.mjs and canonprof's `--warmup-time`: warm up in batches of about `batch_seconds` of work until at
least `min_seconds` have passed and the last two batch medians agree within `tolerance` (or `max_seconds` ran out:
then the report says `converged: False`, and `still_falling` when the last batch median was still more than
`tolerance` below the one before), then R runs of N iterations. Times in µs."""
import time


def warmup_settings(args):
    """--warmup-seconds S (default 1), --warmup-max-seconds M (default 10) from the argument list."""
    def opt(name, default):
        return float(args[args.index(f"--{name}") + 1]) if f"--{name}" in args else default
    settings = {"min_seconds": opt("warmup-seconds", 1.0), "max_seconds": opt("warmup-max-seconds", 10.0),
                "tolerance": 0.02, "batch_seconds": 0.1}
    if not (0 <= settings["min_seconds"] <= settings["max_seconds"]):
        raise ValueError("--warmup-seconds must be >= 0 and <= --warmup-max-seconds")
    return settings


def percentile(values, p):
    s = sorted(values)
    rank = p / 100 * (len(s) - 1)
    lo, hi = int(rank), min(int(rank) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (rank - lo)


def stats(per_run):
    """canonprof's statistics of per-run samples: median of run medians, min-max of run medians, pooled p10/p90."""
    medians = [percentile(r, 50) for r in per_run]
    pooled = [v for r in per_run for v in r]
    return {"median_us": percentile(medians, 50), "min_run_median_us": min(medians), "max_run_median_us": max(medians),
            "p10_us": percentile(pooled, 10), "p90_us": percentile(pooled, 90), "runs": len(medians), "samples": len(pooled)}


def warm_up(fn, settings):
    """Calls `fn` (one call = one iteration) until steady state; returns the warm-up report."""
    start, medians, iterations, converged = time.perf_counter(), [], 0, False
    while True:
        batch, batch_start = [], time.perf_counter()
        while len(batch) < 3 or time.perf_counter() - batch_start < settings["batch_seconds"]:
            t0 = time.perf_counter_ns()
            fn()
            batch.append((time.perf_counter_ns() - t0) / 1000)
        iterations += len(batch)
        medians.append(percentile(batch, 50))
        elapsed = time.perf_counter() - start
        agree = len(medians) >= 2 and abs(medians[-1] - medians[-2]) <= settings["tolerance"] * medians[-2]
        if elapsed >= settings["min_seconds"] and agree:
            converged = True
            break
        if elapsed >= settings["max_seconds"]:
            break
    falling = not converged and len(medians) >= 2 and medians[-1] < medians[-2] * (1 - settings["tolerance"])
    return {"iterations": iterations, "seconds": time.perf_counter() - start, "batches": len(medians),
            "converged": converged, "still_falling": falling, "last_batch_medians_us": medians[-3:]}


def runs(fn, iterations, run_count):
    """R runs of N timed calls of `fn`; per-run lists of µs."""
    out = []
    for _ in range(run_count):
        run = []
        for _ in range(iterations):
            t0 = time.perf_counter_ns()
            fn()
            run.append((time.perf_counter_ns() - t0) / 1000)
        out.append(run)
    return out

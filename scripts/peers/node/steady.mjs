// Steady-state measurement shared by the Node.js peers (peer.mjs, exchange.mjs), the same protocol as
// ../python/steady.py and canonprof's `--warmup-time`: warm up in batches of about `batchSeconds` of work until at
// least `minSeconds` have passed and the last two batch medians agree within `tolerance` (or `maxSeconds` ran
// out: then the report says `converged: false`, and `still_falling` when the last batch median was still more
// than `tolerance` below the one before), then R runs of N iterations. Times in µs.

export const now = () => process.hrtime.bigint();
export const us = (t0, t1) => Number(t1 - t0) / 1000;

/** Warm-up settings from the command line: --warmup-seconds S (default 1), --warmup-max-seconds M (default 10). */
export function warmupSettings(args) {
  const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? Number(args[i + 1]) : dflt; };
  const minSeconds = opt('warmup-seconds', 1), maxSeconds = opt('warmup-max-seconds', 10);
  if (!(minSeconds >= 0) || !(maxSeconds >= minSeconds)) throw new Error('--warmup-seconds must be ≥ 0 and ≤ --warmup-max-seconds');
  return { minSeconds, maxSeconds, tolerance: 0.02, batchSeconds: 0.1 };
}

export const percentile = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (s.length - 1), lo = Math.floor(rank), hi = Math.ceil(rank);
  return s[lo] + (s[hi] - s[lo]) * (rank - lo);
};

/** canonprof's statistics of per-run samples: median of run medians, min–max of run medians, pooled p10/p90. */
export const stats = (perRun) => {
  const medians = perRun.map((r) => percentile(r, 50)), pooled = perRun.flat();
  return { median_us: percentile(medians, 50), min_run_median_us: Math.min(...medians), max_run_median_us: Math.max(...medians),
    p10_us: percentile(pooled, 10), p90_us: percentile(pooled, 90), runs: medians.length, samples: pooled.length };
};

/** Warms `fn` (async or not; one call = one iteration) up to steady state; returns the warm-up report. */
export async function warmUp(fn, settings) {
  const { minSeconds, maxSeconds, tolerance, batchSeconds } = settings;
  const start = now(), medians = [];
  let iterations = 0, converged = false;
  for (;;) {
    const batch = [], batchStart = now();
    while (batch.length < 3 || us(batchStart, now()) < batchSeconds * 1e6) {
      const t0 = now();
      await fn();
      batch.push(us(t0, now()));
    }
    iterations += batch.length;
    medians.push(percentile(batch, 50));
    const elapsed = us(start, now()) / 1e6, n = medians.length;
    const agree = n >= 2 && Math.abs(medians[n - 1] - medians[n - 2]) <= tolerance * medians[n - 2];
    if (elapsed >= minSeconds && agree) { converged = true; break; }
    if (elapsed >= maxSeconds) break;
  }
  const n = medians.length;
  return { iterations, seconds: us(start, now()) / 1e6, batches: n, converged,
    still_falling: !converged && n >= 2 && medians[n - 1] < medians[n - 2] * (1 - tolerance),
    last_batch_medians_us: medians.slice(-3) };
}

/** R runs of N timed calls of `fn`; returns per-run arrays of µs. */
export async function runs(fn, iterations, runCount) {
  const out = [];
  for (let r = 0; r < runCount; r++) {
    const run = [];
    for (let i = 0; i < iterations; i++) { const t0 = now(); await fn(); run.push(us(t0, now())); }
    out.push(run);
  }
  return out;
}

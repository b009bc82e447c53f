// Times jsonld.js 9 + rdf-canonize 5 (RDFC-1.0 as the Data Integrity cryptosuites run it: safe mode, no base,
// rdfDirection i18n-datatype) and npm canonicalize (JCS) phase by phase on canonprof's bundled credentials, with
// canonprof's statistics (R runs x N iterations, median of run medians, min-max of run medians, p10/p90) after a
// warm-up to steady state (steady.mjs: at least --warmup-seconds of work and two successive batch medians within 2%),
// and prints JSON in the shape of `canonprof --export-json` ("results" entries), plus each canonical output, the
// warm-up report, and the one-call time (`jsonld.canonize`, what the Data Integrity libraries call) beside the phases:
// expansion runs once in both (toRDF gets `skipExpansion: true`), so the phase sum and the one call should agree.
// Usage: node peer.mjs [--iterations N] [--runs R] [--warmup-seconds S] [--warmup-max-seconds M]
//                      [--schema simple|edu|all] [--credential FILE...]
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import jsonld from 'jsonld';
import canonize from 'rdf-canonize';
import canonicalize from 'canonicalize';
import { documentLoader, root } from './contexts.mjs';
import { now, us, stats, warmUp, warmupSettings } from './steady.mjs';

const args = process.argv.slice(2);
const known = ['--iterations', '--runs', '--warmup-seconds', '--warmup-max-seconds', '--schema', '--credential'];
const fail = (message) => { console.error(`peer.mjs: ${message}`); process.exit(2); };
for (const a of args) if (a.startsWith('--') && !known.includes(a)) fail(`unknown option ${a} (known: ${known.join(' ')})`);
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const iterations = Number(opt('iterations', 50)), runs = Number(opt('runs', 5));
const schema = opt('schema', 'all');
if (![iterations, runs].every((n) => Number.isInteger(n) && n >= 1)) fail('--iterations and --runs must be whole numbers ≥ 1');
let warmup;
try { warmup = warmupSettings(args); } catch (e) { fail(e.message); }
if (!['simple', 'edu', 'all'].includes(schema)) fail(`--schema must be simple, edu or all, not ${schema}`);


function credentials() {
  const ci = args.indexOf('--credential');
  if (ci >= 0) {
    const rest = args.slice(ci + 1), end = rest.findIndex((a) => a.startsWith('--'));
    const files = end < 0 ? rest : rest.slice(0, end);
    if (files.length === 0) fail('--credential needs at least one file');
    return files.map((f) => ({ name: path.basename(f, '.json'), set: 'user', file: f }));
  }
  const sets = schema === 'all' ? ['simple', 'edu'] : [schema];
  const order = { simple: ['alumni', 'vcdm2-simple', 'person-20'], edu: ['ob3-basic', 'ob3-full', 'clr2', 'elm-edc-annex1'] };
  return sets.flatMap((set) => order[set].map((name) => ({ name, set, file: path.join(root, 'schemas-education', set, `${name}.json`) })));
}

const sha256 = (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

async function rdfc(text, times) {
  let t = now();
  const doc = JSON.parse(text);
  let t1 = now(); times.parse = us(t, t1); t = t1;
  const expanded = await jsonld.expand(doc, { documentLoader, safe: true, base: null });
  t1 = now(); times.expand = us(t, t1); t = t1;
  const dataset = await jsonld.toRDF(expanded, { documentLoader, safe: true, rdfDirection: 'i18n-datatype', skipExpansion: true });
  t1 = now(); times.to_rdf = us(t, t1); t = t1;
  const canonical = await canonize.canonize(dataset, { algorithm: 'RDFC-1.0' });
  t1 = now(); times.canonize = us(t, t1); t = t1;
  const hash = sha256(canonical);
  t1 = now(); times.hash = us(t, t1);
  return { canonical, hash };
}

// The one call a Data Integrity cryptosuite makes (jsonld.canonize: expand, toRDF, RDFC-1.0), then the hash.
async function rdfcOneCall(text) {
  const canonical = await jsonld.canonize(JSON.parse(text), { algorithm: 'RDFC-1.0', documentLoader, safe: true, base: null, rdfDirection: 'i18n-datatype' });
  return { canonical, hash: sha256(canonical) };
}

async function jcs(text, times) {
  let t = now();
  const doc = JSON.parse(text);
  let t1 = now(); times.parse = us(t, t1); t = t1;
  const canonical = canonicalize(doc);
  t1 = now(); times.jcs = us(t, t1); t = t1;
  const hash = sha256(canonical);
  t1 = now(); times.hash = us(t, t1);
  return { canonical, hash };
}

async function measure(pipeline, text) {
  const warm = await warmUp(() => pipeline(text, {}), warmup);
  const phases = {}, total = [];
  let output;
  for (let r = 0; r < runs; r++) {
    const totals = [], perPhase = {};
    for (let i = 0; i < iterations; i++) {
      const times = {};
      const t0 = now();
      output = await pipeline(text, times);
      totals.push(us(t0, now()));
      for (const [k, v] of Object.entries(times)) (perPhase[k] ??= []).push(v);
    }
    total.push(totals);
    for (const [k, v] of Object.entries(perPhase)) (phases[k] ??= []).push(v);
  }
  return { phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, stats(v)])), total: stats(total), warmup: warm, ...output };
}

const results = [];
for (const c of credentials()) {
  const text = fs.readFileSync(c.file, 'utf8');
  for (const [algorithm, pipeline] of [['rdfc-1.0', rdfc], ['jcs', jcs]]) {
    const m = await measure(pipeline, text);
    const entry = { credential: c.name, set: c.set, file: c.file, algorithm, phases: m.phases, total: m.total, warmup: m.warmup, sha256: m.hash, canonical: m.canonical };
    if (algorithm === 'rdfc-1.0') {
      const one = await measure((t) => rdfcOneCall(t), text);
      if (one.canonical !== m.canonical) fail(`${c.name}: jsonld.canonize and the phase-by-phase pipeline disagree`);
      entry.one_call = { total: one.total, warmup: one.warmup };
    }
    results.push(entry);
  }
}
const version = (p) => JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', p, 'package.json'), 'utf8')).version;
console.log(JSON.stringify({
  implementation: `jsonld.js ${version('jsonld')} + rdf-canonize ${version('rdf-canonize')}; canonicalize ${version('canonicalize')}; node ${process.version}`,
  config: { iterations, runs, warmup: { min_seconds: warmup.minSeconds, max_seconds: warmup.maxSeconds, tolerance: warmup.tolerance } }, results,
}, null, 2));

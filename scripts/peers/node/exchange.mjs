// Times canonprof's exchange (issue / present / verify of person-20, 5 disclosed attributes; see i16 spec "The
// exchange") with the Node.js libraries: @digitalbazaar/vc + DataIntegrityProof and each cryptosuite
// (eddsa-rdfc-2022, eddsa-jcs-2022 with Ed25519; ecdsa-rdfc-2019, ecdsa-jcs-2019, ecdsa-sd-2023 with P-256; the
// post-quantum suites of lib/pq.mjs: mldsa44-, slhdsa128-, falcon512- × rdfc-, jcs-2024 on @noble/post-quantum;
// bbs-2023 with BLS12-381 (lib/bbs.mjs, @digitalbazaar/bbs-2023-cryptosuite: issue = base proof, present = derived
// proof, as ecdsa-sd-2023)),
// @sd-jwt/sd-jwt-vc (EdDSA, ES256) and @auth0/mdl (EdDSA, ES256). Every row is prepared once (issued, presented),
// checked to verify, warmed up to steady state (one warm-up iteration = issue + present + verify), then R runs of
// N issues, N presents, N verifies. Prints one JSON document (the spec's exchange output) on stdout.
//
// Usage: node exchange.mjs [--iterations N] [--runs R] [--warmup-seconds S] [--warmup-max-seconds M]
//                          [--format all|vcdm|sd-jwt|mdoc] [--alg LIST] [--slow-iterations K]
//   --iterations N        timed iterations per operation and run (default 50)
//   --runs R              runs (default 5)
//   --warmup-seconds S    minimum warm-up per row (default 1); --warmup-max-seconds M: its cap (default 10)
//   --format              which formats to run (default all)
//   --alg LIST            comma-separated signature algorithms: ed25519, p256, ml-dsa-44, slh-dsa-128s, falcon-512,
//                         bls12-381 (BBS: the bbs-2023 row only; canonprof's name bls12-381-g2 is taken too);
//                         `both` = ed25519,p256; `all` = all six (default
//                         ed25519,p256,ml-dsa-44,bls12-381: SLH-DSA-SHA2-128s signs in seconds in JavaScript, so it
//                         runs only when asked for)
//   --slow-iterations K   timed iterations per operation and run for the slh-dsa-128s rows (default 3; the
//                         warm-up of those rows is capped at --warmup-max-seconds like any other)
// SD-JWT VC has ML-DSA-44 (RFC 9964) and SLH-DSA-SHA2-128s (draft) rows, issuer and KB-JWT signed with AKP keys on
// @noble/post-quantum; Falcon-512 (no JOSE alg for round-3 Falcon), post-quantum mdoc and BBS SD-JWT VC / mdoc are
// listed as skipped.
// Keys are deterministic (SHA-256 of "canonprof-peer-<alg>-<role>"), and so are the SD-JWT salts; the randomness
// the libraries force is listed in the output ("randomness"). Exit 1 if a fresh presentation does not verify.
import * as steady from './steady.mjs';
import * as V from './lib/vcdm.mjs';
import * as S from './lib/sdjwt.mjs';
import * as M from './lib/mdoc.mjs';
import * as pq from './lib/pq.mjs';
import * as bbs from './lib/bbs.mjs';
import { didKey, keyMaterial } from './lib/keys.mjs';
import { implementation, lineage, person20, withVersion, NOW, oneLine } from './lib/common.mjs';

const args = process.argv.slice(2);
const usage = (message) => { console.error(`exchange.mjs: ${message}`); process.exit(2); };
const valued = ['--iterations', '--runs', '--warmup-seconds', '--warmup-max-seconds', '--format', '--alg', '--slow-iterations'];
for (let i = 0; i < args.length; i += 2) {
  if (!valued.includes(args[i])) usage(`unknown option ${args[i]} (known: ${valued.join(' ')})`);
  if (args[i + 1] === undefined) usage(`${args[i]} needs a value`);
}
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const iterations = Number(opt('iterations', 50)), runCount = Number(opt('runs', 5)), slowIterations = Number(opt('slow-iterations', 3));
if (![iterations, runCount, slowIterations].every((n) => Number.isInteger(n) && n >= 1)) usage('--iterations, --runs and --slow-iterations must be whole numbers ≥ 1');
const format = opt('format', 'all'), algOpt = opt('alg', 'ed25519,p256,ml-dsa-44,bls12-381');
if (!['all', 'vcdm', 'sd-jwt', 'mdoc'].includes(format)) usage(`--format must be all, vcdm, sd-jwt or mdoc, not ${format}`);
const CLASSICAL = ['ed25519', 'p256'], PQ = Object.keys(pq.ALGS), BBS = [bbs.ALG], SLOW = ['slh-dsa-128s'];
const ALGS = [...CLASSICAL, ...PQ, ...BBS];
// `bls12-381-g2` is canonprof's name for the same family (its `--alg`): taken as bls12-381.
const algs = algOpt === 'both' ? CLASSICAL : algOpt === 'all' ? ALGS
  : [...new Set(algOpt.split(',').map((a) => a.trim()).map((a) => (a === `${bbs.ALG}-g2` ? bbs.ALG : a)))];
const badAlg = algs.find((a) => !ALGS.includes(a));
if (badAlg !== undefined || algs.length === 0) usage(`--alg takes a comma-separated list of ${ALGS.join(', ')}, or both, or all; not ${algOpt}`);
let warmup;
try { warmup = steady.warmupSettings(args); } catch (e) { usage(e.message); }

const credential = person20();
const names = V.disclosedNames(credential);
const attributes = Object.fromEntries(Object.entries(credential.credentialSubject).filter(([k]) => !['id', 'type'].includes(k)));
const must = (ok, what) => { if (!ok) throw new Error(`${what} did not verify`); };

async function vcdmRow(name, alg) {
  const issuer = await didKey(alg, 'issuer', { osRandom: true }), holder = await didKey(alg, 'holder', { osRandom: true });
  const unsecured = V.unsecured(credential, issuer.did);
  const issue = () => V.issue(unsecured, name, issuer);
  let present, notes;
  let twice;
  if (name === 'ecdsa-sd-2023') {
    const base = await issue(), pointers = names.map((n) => `/credentialSubject/${n}`);
    present = () => V.derive(base, pointers);
    notes = 'issue = base proof (mandatory pointer /issuer); present = derived proof for /credentialSubject/<name> x5. '
      + 'The library draws the HMAC key and the per-proof P-256 key at random on every base proof.';
  } else if (name === bbs.SUITE) {
    // As canonprof's exchange (src/exchange/disclosure.rs): mandatory /issuer, selective /credentialSubject/<name>.
    const base = await V.issue(unsecured, name, issuer, { mandatoryPointers: bbs.mandatoryPointers(unsecured) });
    const pointers = bbs.selectivePointers(names);
    present = () => V.derive(base, pointers, name);
    notes = 'issue = base proof (mandatory pointer /issuer; BBS signature over proofHash||mandatoryHash and the '
      + 'non-mandatory N-Quads); present = derived proof (BBS proof, empty presentation header) for '
      + '/credentialSubject/<name> x5. The library draws the HMAC key of every base proof and the random scalars of every '
      + 'BBS proof (WebCrypto); BBS signing is deterministic.';
    const [a, b] = [await present(), await present()];
    twice = { proof_values_differ: a.proof.proofValue !== b.proof.proofValue, documents_equal_without_proof:
      JSON.stringify({ ...a, proof: null }) === JSON.stringify({ ...b, proof: null }) };
  } else {
    const subset = V.reduce(unsecured, names, holder.did);
    present = () => V.issue(subset, name, holder);
    notes = 'present = the holder re-signs the reduced credential with its own did:key; its issuer is the holder '
      + 'DID, as vc.verifyCredential requires issuer == verification method controller.';
  }
  notes += ' verify = vc.verifyCredential (proof, proof purpose, validity at ' + NOW + '), the did:key resolved once by the '
    + 'did-method-key driver (offline) and cached by the loader; the library imports the key on every verify.';
  const presented = await present();
  const verify = async () => {
    const r = await V.verify(presented, name, { now: NOW });
    if (!r.verified) throw new Error(`VCDM ${name} did not verify: ${V.errorsOf(r).join('; ')}`);
  };
  if (V.PQ_SUITES[name]) {
    notes += ` ${pq.ALGS[alg].name} with ${withVersion('@noble/post-quantum')} (pure, empty context, hedged with the `
      + 'library\'s random bytes: rejection sampling makes ML-DSA / Falcon signing time vary with the randomness), proof '
      + 'value multibase base64url (u), did:key:u… resolved by lib/pq.mjs.';
  }
  const library = name === bbs.SUITE ? `${withVersion(bbs.PKG)} (${withVersion('@digitalbazaar/bls12-381-multikey')}, `
    + `${withVersion('@digitalbazaar/bbs-signatures')}, BLS12-381-SHA-256)` : withVersion(V.ALL_SUITES[name].pkg);
  return { alg, format: `VCDM ${name}`, library, canonicalizations: 6,
    bytes: Buffer.byteLength(JSON.stringify(presented)), ...(twice ? { two_presentations: twice } : {}), notes, issue, present, verify };
}

async function sdJwtRow(alg) {
  const key = (role) => (pq.ALGS[alg] ? pq.joseKey(alg, role) : keyMaterial(alg, role));
  const issuer = key('issuer'), holder = key('holder');
  const party = await S.makeParty(issuer, holder);
  const issue = () => party.issue(attributes);
  const issued = await issue();
  const present = () => party.present(issued, names);
  const presented = await present();
  const issuerVerifier = await S.verifierFor(issuer.publicJwk, issuer.jwa);
  const verify = () => S.verify(presented, { issuerJwk: issuer.publicJwk, issuerVerifier, keyBinding: { nonce: S.NONCE, aud: S.AUDIENCE }, disclosed: names });
  const signer = alg === 'ed25519' ? 'EdDSA signer/verifier: node:crypto' : alg === 'p256' ? `ES256 signer/verifier: ${withVersion('@sd-jwt/crypto-nodejs')}`
    : `${issuer.jwa} signer/verifier (AKP JWK, issuer and KB-JWT): ${withVersion('@noble/post-quantum')}`;
  return { alg, format: 'SD-JWT VC', library: `${withVersion('@sd-jwt/sd-jwt-vc')} (${signer})`, canonicalizations: 0,
    bytes: Buffer.byteLength(presented), issue, present, verify,
    notes: 'verify = library verify (issuer signature, digests, KB-JWT signature/nonce/sd_hash) plus the checks it omits: '
      + 'KB-JWT aud and typ, every disclosure referenced by a signed digest.' };
}

async function mdocRow(alg) {
  const issuer = keyMaterial(alg, 'issuer'), device = keyMaterial(alg, 'device');
  const { iacaPem, dsPem } = await M.certificates(issuer);
  const issue = () => M.issue(attributes, { issuer, device, dsPem });
  const issued = await issue();
  const present = () => M.present(issued, names, { device });
  const presented = await present();
  const verify = () => M.verify(presented, { iacaPem, disclosed: names });
  return { alg, format: 'mdoc', library: `${withVersion('@auth0/mdl')} (certificates: ${withVersion('@peculiar/x509')})`,
    canonicalizations: 0, bytes: presented.length, x509_chain_checked: true, issue, present, verify,
    notes: 'verify includes the DS certificate chain check against the IACA (pkijs, at the wall-clock time: the library '
      + 'takes no verification time), the MSO signature, every digest, the device signature; the MSO validity check '
      + `is ours at ${NOW} (the library's uses the wall clock). present parses the issued CBOR first.` };
}

const plan = [], skipped = [];
for (const alg of algs) {
  for (const f of ['sd-jwt', 'mdoc']) {
    if (format !== 'all' && format !== f) continue;
    if (CLASSICAL.includes(alg)) plan.push(() => (f === 'sd-jwt' ? sdJwtRow(alg) : mdocRow(alg)));
    else if (BBS.includes(alg)) {
      skipped.push({ alg, format: f === 'sd-jwt' ? 'SD-JWT VC' : 'mdoc', reason: 'BBS is a multi-message signature with '
        + 'proofs of knowledge, not a JOSE / COSE signature algorithm: BLS12-381 has the VCDM bbs-2023 row only' });
    } else if (f === 'sd-jwt' && pq.ALGS[alg].jose) plan.push(() => sdJwtRow(alg));
    else {
      skipped.push({ alg, format: f === 'sd-jwt' ? 'SD-JWT VC' : 'mdoc', reason: f === 'sd-jwt'
        ? 'no JOSE alg for round-3 FALCON-512 (draft-ietf-cose-falcon registers FN-DSA-512, FIPS 206 FN-DSA, which signs differently)'
        : '@auth0/mdl signs COSE with WebCrypto / jose algorithms only (ES256, EdDSA): no ML-DSA / SLH-DSA / Falcon COSE_Sign1, and @peculiar/x509 makes no post-quantum certificates' });
    }
  }
  if (format === 'all' || format === 'vcdm') {
    for (const name of Object.keys(V.ALL_SUITES).filter((n) => V.ALL_SUITES[n].algs[0] === alg)) plan.push(() => vcdmRow(name, alg));
  }
}

const results = [];
for (const make of plan) {
  let row;
  try {
    row = await make();
    await row.verify(); // once before timing: a fresh presentation must verify
  } catch (e) {
    console.error(`exchange.mjs: ${row ? `${row.format} (${row.alg})` : 'preparing a row'}: ${oneLine(e)}`);
    process.exit(1);
  }
  const { issue, present, verify, ...report } = row;
  report.warmup = await steady.warmUp(async () => { await issue(); await present(); await verify(); }, warmup);
  const perRun = { issue: [], present: [], verify: [] };
  const n = SLOW.includes(report.alg) ? slowIterations : iterations;
  report.iterations = n;
  for (let r = 0; r < runCount; r++) {
    for (const [op, fn] of [['issue', issue], ['present', present], ['verify', verify]]) perRun[op].push(...await steady.runs(fn, n, 1));
  }
  report.operations = Object.entries(perRun).map(([operation, samples]) => ({ operation, total: steady.stats(samples) }));
  results.push(report);
  console.error(`exchange.mjs: ${report.format} (${report.alg}) done`);
}

console.log(JSON.stringify({
  implementation: implementation(),
  lineage: lineage(),
  config: { iterations, slow_iterations: slowIterations, slow_algs: SLOW, algs, runs: runCount, warmup: { min_seconds: warmup.minSeconds, max_seconds: warmup.maxSeconds, tolerance: warmup.tolerance } },
  credential: 'person-20',
  disclosed: names,
  keys: 'deterministic: Ed25519 seed / ECDSA scalar / BBS KeyGen key_material = SHA-256 of "canonprof-peer-<alg>-<role>" (role issuer, holder, device, iaca); '
    + 'post-quantum key-generation seed = SHA-384 of the same string, cut to 32 (ML-DSA) or 48 (SLH-DSA, Falcon) bytes',
  randomness: 'SD-JWT salts are deterministic (SHA-256 of a counter). Forced by the libraries: ECDSA signature nonces '
    + '(WebCrypto / node:crypto), the ecdsa-sd-2023 HMAC key and per-proof key, the bbs-2023 HMAC key and BBS proof scalars, '
    + 'the 32-byte random of every mdoc IssuerSignedItem. '
    + 'Post-quantum signatures: the library\'s random bytes (hedged ML-DSA / SLH-DSA, Falcon nonce and sampler seed); '
    + 'derived randomness (lib/pq.mjs, as the interop fixtures use) would fix the rejection-sampling rounds per message.',
  results,
  skipped,
}, null, 2));

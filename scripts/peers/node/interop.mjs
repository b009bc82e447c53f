// Interoperability with canonprof and the other peers (i16 spec "Interoperability"), both directions.
//   issue DIR: writes DIR/manifest.json and the artifacts, each with a tampered twin (expect "rejected"): every
//     Data Integrity suite on person-20, ob3-full and clr2 (ecdsa-rdfc-2019 / ecdsa-jcs-2019 with P-256 and P-384,
//     ecdsa-sd-2023 as a derived proof disclosing 5 subject attributes), eddsa-rdfc-2022 on every other corpus
//     credential (simple/, edu/; top-level `proof` removed), SD-JWT VC with and without KB-JWT (ES256, EdDSA), mdoc DeviceResponse (ES256, EdDSA) with
//     its IACA PEM and session transcript. Issuers and verification methods are did:key.
//     The post-quantum suites (lib/pq.mjs on @noble/post-quantum: mldsa44-, slhdsa128-, falcon512- × rdfc-, jcs-2024)
//     on person-20, and the two ML-DSA-44 suites on ob3-full, issuer and verification method `did:key:u…`.
//     bbs-2023 (lib/bbs.mjs, BLS12-381 did:key `did:key:zUC7…`) on person-20 and ob3-full, each as a base proof
//     (kind "base", mandatory pointer /issuer, for the verifier to derive from, disclosing `disclosed`) and as a
//     derived proof (kind "derived", the 5 disclosed subject attributes), with tampered twins.
//   issue-pq DIR: only the post-quantum artifacts, appended to an existing DIR/manifest.json (earlier post-quantum
//     entries replaced); no other file of DIR is touched — how tests/data/interop/node got them.
//   issue-bbs DIR: the same for the bbs-2023 artifacts (earlier bbs-2023 entries replaced).
//   verify DIR: reads any producer's DIR/manifest.json, checks every artifact with the Node libraries and prints
//     {"verifier", "producer", "results": [{name, format, expect, outcome, reason}]}; outcome is verified, rejected
//     (a check failed), error (could not run: parse error, unresolvable key, unknown context…) or unsupported.
//     A bbs-2023 base proof is derived here first (the manifest's `selective_pointers`, else `/credentialSubject/<name>`
//     for its `disclosed`, else for the first 5 subject attributes), then the derived proof verified; the reason says so.
//     Exit 0 whatever the outcomes; 2 on bad options or a bad manifest.
// Usage: node interop.mjs issue DIR | node interop.mjs issue-pq DIR | node interop.mjs issue-bbs DIR | node interop.mjs verify DIR
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as V from './lib/vcdm.mjs';
import * as S from './lib/sdjwt.mjs';
import * as M from './lib/mdoc.mjs';
import * as bbs from './lib/bbs.mjs';
import { didKey, keyMaterial, joseSigner, b64u } from './lib/keys.mjs';
import { corpus, implementation, person20, readJson, NOW, oneLine } from './lib/common.mjs';

const usage = (message) => { console.error(`interop.mjs: ${message}`); process.exit(2); };
const [command, dir, ...extra] = process.argv.slice(2);
if (!['issue', 'issue-pq', 'issue-bbs', 'verify'].includes(command) || !dir || extra.length) usage('usage: node interop.mjs issue DIR | node interop.mjs issue-pq DIR | node interop.mjs issue-bbs DIR | node interop.mjs verify DIR');
const NAME = implementation();
/** The credentials every Data Integrity suite and curve signs (as canonprof's interop::issue::MATRIX_CREDENTIALS). */
const MATRIX = ['person-20', 'ob3-full', 'clr2'];
/** The post-quantum suites and the credentials each signs: every suite on person-20, ML-DSA-44 also on ob3-full. */
const PQ_MATRIX = Object.keys(V.PQ_SUITES).flatMap((suite) => [[suite, 'person-20'], ...(suite.startsWith('mldsa44') ? [[suite, 'ob3-full']] : [])]);
/** The credentials bbs-2023 signs: the exchange's and the corpus credential with the most blank nodes. */
const BBS_MATRIX = ['person-20', 'ob3-full'];

// ---- tampering ------------------------------------------------------------------------------------------------
const changed = (v) => (typeof v === 'string' ? `${v} (tampered)` : typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : 'tampered');

/** Changes one credentialSubject value (the first primitive one, in code point order, looking into nested objects). */
function tamperCredential(credential, prefer = []) {
  const copy = structuredClone(credential);
  const walk = (obj, where) => {
    const keys = Object.keys(obj).filter((k) => !['id', 'type', '@context'].includes(k)).sort();
    for (const k of [...prefer.filter((p) => keys.includes(p)), ...keys]) {
      const v = obj[k];
      if (v === null || typeof v !== 'object') { obj[k] = changed(v); return `${where}.${k} changed`; }
    }
    for (const k of keys) {
      const v = Array.isArray(obj[k]) ? obj[k].find((x) => x && typeof x === 'object') : obj[k];
      if (v && typeof v === 'object') { const r = walk(v, `${where}.${k}`); if (r) return r; }
    }
    return null;
  };
  const subject = Array.isArray(copy.credentialSubject) ? copy.credentialSubject[0] : copy.credentialSubject;
  const what = walk(subject, 'credentialSubject');
  if (!what) throw new Error('no credentialSubject value to tamper with');
  return { tampered: copy, what };
}

/** Re-encodes disclosure `name` with a changed value; with `holder`, re-signs the KB-JWT over the altered form. */
async function tamperSdJwt(compact, name, holder) {
  const parts = compact.split('~');
  const i = parts.findIndex((p, j) => j > 0 && j < parts.length - 1 && JSON.parse(Buffer.from(p, 'base64url'))[1] === name);
  const d = JSON.parse(Buffer.from(parts[i], 'base64url'));
  d[2] = changed(d[2]);
  parts[i] = b64u(JSON.stringify(d));
  if (!holder) return parts.join('~');
  const body = `${parts.slice(0, -1).join('~')}~`;
  const sdHash = b64u(crypto.createHash('sha256').update(body, 'ascii').digest());
  const input = `${b64u(JSON.stringify({ typ: 'kb+jwt', alg: holder.jwa }))}.${b64u(JSON.stringify({ iat: S.KB_IAT, aud: S.AUDIENCE, nonce: S.NONCE, sd_hash: sdHash }))}`;
  return `${body}${input}.${await joseSigner(holder)(input)}`;
}

// ---- issue ----------------------------------------------------------------------------------------------------
const json = (v) => `${JSON.stringify(v, null, 2)}\n`;
const write = (file, content) => fs.writeFileSync(path.join(dir, file), content);
/** Collects artifacts: `pair` writes a genuine file and its tampered twin and adds both manifest entries. */
function collector() {
  const artifacts = [], notIssued = [];
  const pair = (entry, genuine, ext, twin, what) => {
    write(`${entry.name}.${ext}`, genuine);
    write(`${entry.name}.tampered.${ext}`, twin);
    artifacts.push({ ...entry, file: `${entry.name}.${ext}`, expect: 'verified' },
      { ...entry, name: `${entry.name}.tampered`, file: `${entry.name}.tampered.${ext}`, expect: 'rejected', tampered: what });
  };
  return { artifacts, notIssued, pair };
}

/** The post-quantum suites of PQ_MATRIX, each credential issued by the suite's did:key (issuer role). */
async function issuePq({ pair, notIssued }) {
  const byName = Object.fromEntries(corpus().map((c) => [c.name, c.file]));
  for (const [suite, credential] of PQ_MATRIX) {
    const document = readJson(byName[credential]), disclosed = V.disclosedNames(document);
    const key = await didKey(V.PQ_SUITES[suite].algs[0], 'issuer');
    const name = `vcdm-${suite}-${credential}`;
    let secured;
    try {
      secured = await V.issue(V.unsecured(document, key.did), suite, key);
    } catch (e) {
      notIssued.push({ credential, cryptosuite: suite, reason: oneLine(e) });
      console.error(`interop.mjs: ${name} not issued: ${oneLine(e)}`);
      continue;
    }
    const { tampered, what } = tamperCredential(secured, disclosed);
    pair({ name, format: 'vcdm', cryptosuite: suite, kind: 'credential', credential }, json(secured), 'json', json(tampered), what);
  }
}

/** bbs-2023 on BBS_MATRIX: the base proof (kind "base") and a derived proof disclosing the first 5 subject
 * attributes (kind "derived"), issued by the BLS12-381 did:key (issuer role); mandatory pointer /issuer. */
async function issueBbs({ pair, notIssued }) {
  const byName = Object.fromEntries(corpus().map((c) => [c.name, c.file]));
  const key = await didKey(bbs.ALG, 'issuer');
  for (const credential of BBS_MATRIX) {
    const document = V.unsecured(readJson(byName[credential]), key.did), disclosed = V.disclosedNames(document);
    const mandatory = bbs.mandatoryPointers(document), selective = bbs.selectivePointers(disclosed);
    let base, derived;
    try {
      base = await V.issue(document, bbs.SUITE, key, { mandatoryPointers: mandatory });
      derived = await V.derive(base, selective, bbs.SUITE);
    } catch (e) {
      notIssued.push({ credential, cryptosuite: bbs.SUITE, curve: bbs.CURVE, reason: oneLine(e) });
      console.error(`interop.mjs: bbs-2023 on ${credential} not issued: ${oneLine(e)}`);
      continue;
    }
    const common = { format: 'vcdm', cryptosuite: bbs.SUITE, curve: bbs.CURVE, credential, disclosed };
    const t1 = tamperCredential(base, disclosed);
    pair({ name: `vcdm-${bbs.SUITE}-base-${credential}`, ...common, kind: 'base', mandatory_pointers: mandatory, selective_pointers: selective },
      json(base), 'json', json(t1.tampered), `${t1.what} in the signed base document`);
    const t2 = tamperCredential(derived, disclosed);
    pair({ name: `vcdm-${bbs.SUITE}-derived-${credential}`, ...common, kind: 'derived' }, json(derived), 'json', json(t2.tampered), t2.what);
  }
}

/** `issue-pq` / `issue-bbs`: those artifacts appended to DIR/manifest.json (earlier entries of the same suites
 * replaced), nothing else in DIR rewritten. */
async function append(label, issueSome, isMine) {
  let manifest;
  try { manifest = readJson(path.join(dir, 'manifest.json')); } catch (e) { usage(`cannot read ${path.join(dir, 'manifest.json')}: ${oneLine(e)}`); }
  const c = collector();
  await issueSome(c);
  manifest.producer = `${NAME} (scripts/peers/node/interop.mjs)`;
  manifest.artifacts = [...manifest.artifacts.filter((a) => !isMine(a)), ...c.artifacts];
  const kept = (manifest.not_issued ?? []).filter((a) => !isMine(a));
  if (kept.length + c.notIssued.length) manifest.not_issued = [...kept, ...c.notIssued];
  else delete manifest.not_issued;
  write('manifest.json', json(manifest));
  console.error(`interop.mjs: ${c.artifacts.length} ${label} artifacts appended to ${dir}/manifest.json (${manifest.artifacts.length} in all)`);
}
const appendPq = () => append('post-quantum', issuePq, (a) => a.cryptosuite in V.PQ_SUITES);
const appendBbs = () => append('bbs-2023', issueBbs, (a) => a.cryptosuite === bbs.SUITE);

async function issueAll() {
  fs.mkdirSync(dir, { recursive: true });
  const { artifacts, notIssued, pair } = collector();
  const person = person20(), names = V.disclosedNames(person);

  // Every suite and curve on the exchange's credential and the corpus credentials with the most blank nodes.
  const byName = Object.fromEntries(corpus().map((c) => [c.name, c.file]));
  for (const credential of MATRIX) {
    const document = readJson(byName[credential]), disclosed = V.disclosedNames(document);
    for (const [suite, { algs }] of Object.entries(V.SUITES)) { // bbs-2023 apart: issueBbs
      for (const alg of algs) {
        const key = await didKey(alg, 'issuer');
        const curve = alg === 'p384' ? 'P-384' : alg === 'p256' ? 'P-256' : undefined;
        const name = `vcdm-${suite}${alg === 'p384' ? '-p384' : ''}-${credential}`;
        const derived = suite === 'ecdsa-sd-2023';
        let secured;
        try {
          secured = await V.issue(V.unsecured(document, key.did), suite, key);
          if (derived) secured = await V.derive(secured, disclosed.map((n) => `/credentialSubject/${n}`));
        } catch (e) {
          notIssued.push({ credential, cryptosuite: suite, ...(curve ? { curve } : {}), reason: oneLine(e) });
          console.error(`interop.mjs: ${name} not issued: ${oneLine(e)}`);
          continue;
        }
        const { tampered, what } = tamperCredential(secured, disclosed);
        pair({ name, format: 'vcdm', cryptosuite: suite, ...(curve ? { curve } : {}), kind: derived ? 'derived' : 'credential', credential,
          ...(derived ? { disclosed } : {}) }, json(secured), 'json', json(tampered), what);
      }
    }
  }
  const ed = await didKey('ed25519', 'issuer');
  for (const { name, file } of corpus().filter((c) => !MATRIX.includes(c.name))) {
    try {
      const secured = await V.issue(V.unsecured(readJson(file), ed.did), 'eddsa-rdfc-2022', ed);
      const { tampered, what } = tamperCredential(secured);
      pair({ name: `vcdm-eddsa-rdfc-2022-${name}`, format: 'vcdm', cryptosuite: 'eddsa-rdfc-2022', kind: 'credential', credential: name },
        json(secured), 'json', json(tampered), what);
    } catch (e) {
      notIssued.push({ credential: name, reason: oneLine(e) });
      console.error(`interop.mjs: eddsa-rdfc-2022 on ${name} not issued: ${oneLine(e)}`);
    }
  }

  const attributes = Object.fromEntries(Object.entries(person.credentialSubject).filter(([k]) => !['id', 'type'].includes(k)));
  const victim = names[names.length - 1];
  for (const [alg, label] of [['p256', 'es256'], ['ed25519', 'eddsa']]) {
    const issuer = keyMaterial(alg, 'issuer'), holder = keyMaterial(alg, 'holder');
    const party = await S.makeParty(issuer, holder);
    const issued = await party.issue(attributes);
    for (const kb of [true, false]) {
      const compact = await party.present(issued, names, kb);
      const twin = await tamperSdJwt(compact, victim, kb ? holder : null);
      pair({ name: `sd-jwt-${label}${kb ? '-kb' : ''}`, format: 'sd-jwt', alg, issuer_jwk: issuer.publicJwk,
        key_binding: kb ? { nonce: S.NONCE, aud: S.AUDIENCE } : null, disclosed: names }, compact, 'txt', twin,
      `disclosure of ${victim} re-encoded with a changed value${kb ? '; KB-JWT re-signed by the holder over the altered presentation' : ''}`);
    }
    const device = keyMaterial(alg, 'device');
    const { iacaPem, dsPem } = await M.certificates(issuer);
    const name = `mdoc-${label}`;
    write(`${name}.iaca.pem`, iacaPem);
    const response = await M.present(await M.issue(attributes, { issuer, device, dsPem }), names, { device });
    pair({ name, format: 'mdoc', alg, trust_anchor: `${name}.iaca.pem`, session_transcript_hex: M.sessionTranscript().toString('hex'),
      doc_type: M.DOC_TYPE, now: NOW, disclosed: names }, response, 'cbor', M.tamper(response, victim),
    `IssuerSignedItem ${victim}: elementValue changed`);
  }
  await issuePq({ pair, notIssued });
  await issueBbs({ pair, notIssued });
  const manifest = { producer: `${NAME} (scripts/peers/node/interop.mjs)`, artifacts, ...(notIssued.length ? { not_issued: notIssued } : {}) };
  write('manifest.json', json(manifest));
  console.error(`interop.mjs: ${artifacts.length} artifacts in ${dir}`);
}

// ---- verify ---------------------------------------------------------------------------------------------------
class Outcome extends Error { constructor(outcome, reason) { super(reason); this.outcome = outcome; } }
const unsupported = (reason) => { throw new Outcome('unsupported', reason); };
const errorOut = (reason) => { throw new Outcome('error', reason); };

// A failure the library reports for input it could not process, rather than a verification that said no.
// A malformed proof value is a proof that does not verify: checked before NOT_A_VERDICT (the libraries throw TypeErrors).
const BAD_PROOF_VALUE = /valid "proofValue"|CBOR decode error|must be a (base|derived) proof|Only base64url multibase/i;
const verdictOf = (messages) => (messages.some((m) => BAD_PROOF_VALUE.test(m)) ? 'rejected' : messages.some((m) => NOT_A_VERDICT.test(m)) ? 'error' : 'rejected');
const NOT_A_VERDICT = /unknown context URL|cannot resolve|unsupported DID method|Unable to load|could not be fetched|InvalidUrl|LoadDocumentError|Safe mode|SyntaxError|Unexpected token|not valid JSON|TypeError/i;

async function verifyVcdm(a, file) {
  let credential;
  try { credential = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) { errorOut(`cannot parse ${a.file}: ${oneLine(e)}`); }
  const suite = a.cryptosuite;
  if (!V.ALL_SUITES[suite]) unsupported(`cryptosuite ${suite} is not one the Node peer has`);
  const proofs = [].concat(credential.proof ?? []);
  if (proofs.length !== 1) errorOut(`expected one proof, found ${proofs.length}`);
  if (proofs[0].cryptosuite !== suite) errorOut(`the proof's cryptosuite is ${proofs[0].cryptosuite}, the manifest says ${suite}`);
  if (suite === 'ecdsa-sd-2023' && a.kind !== 'derived') unsupported('ecdsa-sd-2023 base proofs are for the holder; the library verifies derived proofs only');
  if (suite === 'ecdsa-sd-2023' && a.curve && a.curve !== 'P-256') unsupported(`ecdsa-sd-2023 in this library is P-256 only, not ${a.curve}`);
  let derivedHere = '';
  if (suite === bbs.SUITE) {
    const mode = bbs.proofMode(proofs[0]);
    if (mode === undefined) throw new Outcome('rejected', 'the bbs-2023 proof value is neither a base proof (0xd95d02) nor a derived proof (0xd95d03) in base64url multibase');
    // The proof value says which it is; a manifest that says otherwise is a broken manifest ("credential" or no
    // kind, as other producers write for non-derived proofs, is taken as the proof value says).
    if (['base', 'derived'].includes(a.kind) && a.kind !== mode) errorOut(`the manifest says kind ${a.kind}, the proof value is a ${mode} proof`);
    if (mode === 'base') {
      // The holder's step first: derive from the base proof, then verify what was derived.
      const selective = Array.isArray(a.selective_pointers) ? a.selective_pointers
        : bbs.selectivePointers(Array.isArray(a.disclosed) ? a.disclosed : V.disclosedNames(credential));
      try {
        credential = await V.derive(credential, selective, suite);
      } catch (e) {
        throw new Outcome(verdictOf([oneLine(e)]), `base proof: deriving ${selective.join(', ')} failed: ${oneLine(e)}`);
      }
      derivedHere = `base proof: derived here (${selective.length} selective pointers), then `;
    }
  }
  const result = await V.verify(credential, suite, a.now ? { now: a.now } : {});
  if (result.verified) return `${derivedHere}proof, proof purpose and validity verified (${V.ALL_SUITES[suite].pkg})${result.statusResult ? `; ${result.statusResult.unchecked}` : ''}`;
  const errors = V.errorsOf(result);
  let line = errors.join('; ') || 'verified: false without an error';
  if (!errors.some((m) => /signature/i.test(m))) {
    // Not a signature failure (data model, issuer binding, validity): say whether the proof alone verifies.
    const alone = await V.verifyProofOnly(credential, suite);
    line += alone.verified ? ' — the proof alone (jsonld-signatures, AssertionProofPurpose) verifies'
      : ` — the proof alone does not verify either: ${V.errorsOf(alone).join('; ')}`;
  }
  throw new Outcome(verdictOf(errors), `${derivedHere}${line}`);
}

async function verifySdJwt(a, file) {
  if (!a.issuer_jwk || typeof a.issuer_jwk !== 'object') errorOut('no issuer_jwk in the manifest');
  if (a.key_binding !== null && (typeof a.key_binding?.nonce !== 'string' || typeof a.key_binding?.aud !== 'string')) errorOut('key_binding must be null or {nonce, aud}');
  const compact = fs.readFileSync(file, 'utf8').trim();
  try {
    await S.verify(compact, { issuerJwk: a.issuer_jwk, keyBinding: a.key_binding, disclosed: a.disclosed ?? [] });
  } catch (e) {
    throw new Outcome(e.rejected === false ? 'error' : 'rejected', oneLine(e));
  }
  return `issuer signature, every disclosure referenced by a signed digest${a.key_binding ? ', KB-JWT (signature with cnf.jwk, typ, nonce, aud, sd_hash)' : ', no KB-JWT'}`;
}

async function verifyMdoc(a, file) {
  for (const field of ['trust_anchor', 'session_transcript_hex']) if (typeof a[field] !== 'string') errorOut(`no ${field} in the manifest`);
  let iacaPem;
  try { iacaPem = fs.readFileSync(path.join(dir, a.trust_anchor), 'utf8'); } catch (e) { errorOut(`cannot read the trust anchor: ${oneLine(e)}`); }
  const options = { iacaPem, transcript: Buffer.from(a.session_transcript_hex, 'hex'), docType: a.doc_type ?? M.DOC_TYPE, now: a.now ?? NOW, disclosed: a.disclosed ?? [] };
  try {
    await M.verify(fs.readFileSync(file), options);
  } catch (e) {
    throw new Outcome(e.rejected === false ? 'error' : 'rejected', oneLine(e));
  }
  return `DS chain to the IACA (at the wall clock), MSO signature, every digest, device signature; MSO validity at ${options.now}`;
}

async function verifyAll() {
  let manifest;
  try { manifest = readJson(path.join(dir, 'manifest.json')); } catch (e) { usage(`cannot read ${path.join(dir, 'manifest.json')}: ${oneLine(e)}`); }
  if (!Array.isArray(manifest?.artifacts)) usage('manifest.json has no "artifacts" array');
  for (const [i, a] of manifest.artifacts.entries()) {
    for (const field of ['name', 'format', 'file', 'expect']) if (typeof a?.[field] !== 'string') usage(`artifact ${i} has no string "${field}"`);
  }
  const results = [];
  for (const a of manifest.artifacts) {
    const file = path.join(dir, a.file);
    let outcome = 'verified', reason;
    try {
      if (!fs.existsSync(file)) errorOut(`${a.file} does not exist`);
      const check = { vcdm: verifyVcdm, 'sd-jwt': verifySdJwt, mdoc: verifyMdoc }[a.format];
      if (!check) unsupported(`format ${a.format} is not one the Node peer verifies`);
      reason = await check(a, file);
    } catch (e) {
      outcome = e instanceof Outcome ? e.outcome : 'error';
      reason = e instanceof Outcome ? e.message : `unexpected: ${oneLine(e)}`;
    }
    results.push({ name: a.name, format: a.format, expect: a.expect, outcome, reason: reason.replace(/\s*\n\s*/g, ' ') });
  }
  console.log(JSON.stringify({ verifier: NAME, producer: manifest.producer ?? null, results }, null, 2));
  const off = results.filter((r) => r.outcome !== r.expect);
  console.error(`interop.mjs: ${results.length - off.length}/${results.length} as expected${off.length ? `; not: ${off.map((r) => `${r.name} (${r.outcome})`).join(', ')}` : ''}`);
}

await ({ issue: issueAll, 'issue-pq': appendPq, 'issue-bbs': appendBbs, verify: verifyAll }[command])();

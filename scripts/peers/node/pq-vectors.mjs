// Checks the Node.js peer's post-quantum suites (lib/pq.mjs) against the W3C CCG Quantum-Safe Cryptosuites v0.3
// test vectors (w3c-ccg/di-quantum-safe testVectors/), for each of mldsa44-, slhdsa128-, falcon512- × rdfc-, jcs-2024:
//   keys        inputs/Keys*.json: publicKeyMultibase = 'u' + base64url(multicodec varint || publicKeyHex), the secret
//               key's length, and the public key the library computes from the secret key;
//   RDFC hash   inputs/employmentAuth.json under RDFC-1.0 with SHA-256, -384, -512 = commonAlgs/transform-rdfc-<hash>.txt;
//   intermediates  the canonical proof configuration = commonAlgs/proofConfig-<suite>.txt, the transformed document =
//               commonAlgs/transform-<rdfc|jcs>-sha256.txt, the hash data = commonAlgs/hashing-combined.json, byte
//               for byte;
//   signed      signed-<suite>.json verifies with @noble/post-quantum directly and through @digitalbazaar/data-integrity
//               (DataIntegrityProof.verifyProof with lib/pq.mjs and the offline loader; the vectors' verificationMethod
//               is the bare did:key DID, so the proof purpose is checked here: proofPurpose assertionMethod);
//   tampered    a changed credentialSubject value, a flipped signature byte, the proof value re-encoded as base58btc
//               `z`, and the signature checked as another suite's all fail;
//   re-signing  a fresh proof over the vector's document with the vector's secret key verifies (the signatures are
//               hedged, so not the vector's bytes).
// sqisign1-* are reported as unsupported by name. Prints one line per check; exit 1 when any check fails.
// Not part of cargo test: it reads the shared fixtures from the path given.
// Usage: node pq-vectors.mjs <path to vc-di-quantum-safe (or its testVectors/)>
import fs from 'node:fs';
import path from 'node:path';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as pq from './lib/pq.mjs';
import { documentLoader } from './lib/loader.mjs';
import { oneLine } from './lib/common.mjs';

const arg = process.argv[2];
if (!arg || process.argv.length > 3) { console.error('usage: node pq-vectors.mjs <path to vc-di-quantum-safe>'); process.exit(2); }
const base = fs.existsSync(path.join(arg, 'testVectors')) ? path.join(arg, 'testVectors') : arg;
if (!fs.existsSync(path.join(base, 'commonAlgs'))) { console.error(`pq-vectors.mjs: no commonAlgs/ under ${base}`); process.exit(2); }
const read = (...p) => fs.readFileSync(path.join(base, ...p), 'utf8');
const json = (...p) => JSON.parse(read(...p));
const KEY_FILES = { 'ml-dsa-44': ['KeysMLDSA.json', 'mldsa44'], 'slh-dsa-128s': ['KeysSLHDSA.json', 'slh128s'], 'falcon-512': ['KeysFALCON.json', 'falcon512'] };

let failed = 0, passed = 0;
const check = (ok, what, detail = '') => {
  if (ok) passed += 1; else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
};
const attempt = async (what, fn) => { try { return await fn(); } catch (e) { check(false, what, oneLine(e)); return undefined; } };

/** The proof alone through DataIntegrityProof (signature over the report's hash data) plus the proof purpose. */
async function diVerify(document, suite) {
  const { proof, ...unsecured } = document;
  if (proof?.proofPurpose !== 'assertionMethod') return { verified: false, error: new Error(`proofPurpose ${proof?.proofPurpose}`) };
  const di = new DataIntegrityProof({ cryptosuite: pq.cryptosuite(suite) });
  return di.verifyProof({ proof: structuredClone(proof), proofSet: [proof], document: unsecured, documentLoader });
}

// Keys.
const keys = {};
for (const [alg, [file, name]] of Object.entries(KEY_FILES)) {
  const k = json('inputs', file)[name];
  const publicKey = Buffer.from(k.publicKeyHex, 'hex'), secretKey = Buffer.from(k.secretKeyHex, 'hex');
  const a = pq.ALGS[alg];
  check(pq.publicKeyMultibase(alg, publicKey) === k.publicKeyMultibase, `${a.name} publicKeyMultibase = 'u' + base64url(0x${a.multicodec.toString(16)} varint || key)`);
  const decoded = await attempt(`${a.name} decode publicKeyMultibase`, () => pq.decodeMultikey(k.publicKeyMultibase));
  if (decoded) check(decoded.alg === alg && Buffer.from(decoded.publicKey).equals(publicKey), `${a.name} publicKeyMultibase decodes to publicKeyHex`);
  check(publicKey.length === a.publicKey && secretKey.length === a.secretKey, `${a.name} key lengths ${publicKey.length}/${secretKey.length}`, `expected ${a.publicKey}/${a.secretKey}`);
  const derived = await attempt(`${a.name} getPublicKey`, () => a.scheme.getPublicKey(new Uint8Array(secretKey)));
  if (derived) check(Buffer.from(derived).equals(publicKey), `${a.name} public key computed from the secret key = publicKeyHex`);
  keys[alg] = pq.fromKeys(alg, new Uint8Array(publicKey), new Uint8Array(secretKey));
}

// The hash reaches RDFC-1.0: the document canonicalized with SHA-384 / SHA-512 (categories 3–5) as in commonAlgs/.
const employment = json('inputs', 'employmentAuth.json');
for (const h of ['sha256', 'sha384', 'sha512']) {
  const c = await attempt(`RDFC-1.0 with ${h}`, () => pq.canonize(employment, 'rdfc', h, documentLoader));
  if (c !== undefined) check(c === read('commonAlgs', `transform-rdfc-${h}.txt`), `RDFC-1.0 with ${h} = commonAlgs/transform-rdfc-${h}.txt`);
}

// Suites.
const combined = json('commonAlgs', 'hashing-combined.json');
for (const [suite, { alg, canon }] of Object.entries(pq.PQ_SUITES)) {
  const signed = json(suite, `signed-${suite}.json`);
  const { proof, ...unsecured } = signed;
  const config = await attempt(`${suite} proof configuration`, () => pq.proofConfiguration(proof, unsecured, suite, documentLoader));
  if (config !== undefined) {
    const file = read('commonAlgs', `proofConfig-${suite}.txt`);
    if (config === file || canon !== 'jcs') check(config === file, `${suite} canonical proof configuration = commonAlgs/proofConfig-${suite}.txt`);
    else {
      // A defect of the vector folder (w3c-ccg/di-quantum-safe 399230b): this file was left from an earlier input
      // document. Accept it only when it differs from ours in @context alone and the signed vector's hash data
      // (hashing-combined.json, checked below) is the hash of ours.
      const theirs = JSON.parse(file), ours = JSON.parse(config);
      const same = JSON.stringify({ ...theirs, '@context': null }) === JSON.stringify({ ...ours, '@context': null });
      const firstHalf = combined[suite].slice(0, 64) === pq.hashing('', config, suite).subarray(0, 32).toString('hex');
      check(same && firstHalf, `${suite} canonical proof configuration = commonAlgs/proofConfig-${suite}.txt except its @context`,
        `vector defect: the file has @context ${JSON.stringify(theirs['@context'])}, the signed document ${JSON.stringify(ours['@context'])}; `
        + `hashing-combined.json's proof-configuration hash is that of ours`);
    }
  }
  const transformed = await attempt(`${suite} transformation`, () => pq.transformation(unsecured, suite, documentLoader));
  if (transformed !== undefined) check(transformed === read('commonAlgs', `transform-${canon}-sha256.txt`), `${suite} transformed document = commonAlgs/transform-${canon}-sha256.txt`);
  if (config === undefined || transformed === undefined) continue;
  const hashData = pq.hashing(transformed, config, suite);
  check(hashData.toString('hex') === combined[suite], `${suite} hash data = hashing-combined.json`);
  const signature = pq.base64urlDecode(proof.proofValue.slice(1), 'proofValue');
  check(proof.proofValue[0] === 'u' && signature.length === pq.ALGS[alg].signature, `${suite} proofValue is 'u' multibase of ${pq.ALGS[alg].signature} bytes`, `${proof.proofValue[0]}, ${signature.length} bytes`);
  if (alg === 'falcon-512') check(signature[0] === 0x39, `${suite} Falcon-512 padded signature header 0x39 (0x30 + logn 9)`, `0x${signature[0].toString(16)}`);
  check(pq.verify(alg, keys[alg].publicKey, hashData, signature) === true, `${suite} signature verifies with @noble/post-quantum`);
  const di = await diVerify(signed, suite);
  check(di.verified === true, `${suite} signed vector verifies through DataIntegrityProof`, di.error ? oneLine(di.error) : '');

  // Tampered copies.
  const changedValue = structuredClone(signed);
  changedValue.credentialSubject.givenName = `${changedValue.credentialSubject.givenName}-tampered`;
  check((await diVerify(changedValue, suite)).verified === false, `${suite} tampered credentialSubject.givenName rejected`);
  const flipped = structuredClone(signed), bytes = Buffer.from(signature);
  bytes[bytes.length >> 1] ^= 0x01;
  flipped.proof.proofValue = `u${pq.b64u(bytes)}`;
  check((await diVerify(flipped, suite)).verified === false, `${suite} flipped signature byte rejected`);
  const z = structuredClone(signed);
  z.proof.proofValue = `z${Buffer.from(signature).toString('hex')}`; // any z-value: the header alone must reject it
  const zr = await diVerify(z, suite);
  check(zr.verified === false && /base64url-no-pad/.test(zr.error?.message), `${suite} 'z' proof value rejected`, zr.error ? oneLine(zr.error) : 'verified');
  const other = Object.entries(pq.PQ_SUITES).find(([n, s]) => s.alg !== alg && s.canon === canon)[0];
  const cross = structuredClone(signed);
  cross.proof.cryptosuite = other;
  const cr = await diVerify(cross, other);
  check(cr.verified === false, `${suite} proof relabelled ${other} rejected`, cr.error ? oneLine(cr.error) : 'verified');

  // Re-signing with the vector's key.
  const di2 = new DataIntegrityProof({ signer: pq.signer(keys[alg]), date: proof.created, cryptosuite: pq.cryptosuite(suite) });
  const fresh = await attempt(`${suite} re-sign`, () => di2.createProof({ document: unsecured, purpose: { update: async (p) => ({ ...p, proofPurpose: 'assertionMethod' }) }, proofSet: [], documentLoader }));
  if (fresh) {
    const v = await diVerify({ ...unsecured, proof: fresh }, suite);
    check(v.verified === true && fresh.proofValue[0] === 'u', `${suite} fresh proof with the vector's key verifies`, v.error ? oneLine(v.error) : '');
  }
}
for (const [suite, why] of Object.entries(pq.UNSUPPORTED)) {
  const present = fs.existsSync(path.join(base, suite));
  console.log(`unsupported ${suite}${present ? ' (vector present)' : ''}: ${why}`);
}
console.log(`pq-vectors.mjs: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

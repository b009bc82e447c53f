// Data Integrity with @digitalbazaar/vc + DataIntegrityProof for the Node.js peers: issue (add a proof with a
// did:key verification method, created 2026-01-01T00:00:00Z, proofPurpose assertionMethod), derive (ecdsa-sd-2023)
// and verify (vc.verifyCredential: the proof, the proof purpose — the issuer must be the verification method's
// controller — and the validity period), for eddsa-rdfc-2022, eddsa-jcs-2022, ecdsa-rdfc-2019, ecdsa-jcs-2019
// (P-256 or P-384) and ecdsa-sd-2023, and the post-quantum suites of ./pq.mjs (PQ_SUITES: ML-DSA-44, SLH-DSA-SHA2-128s,
// FALCON-512, each -rdfc-2024 and -jcs-2024, on @noble/post-quantum), and bbs-2023 (./bbs.mjs: base proof, derived
// proof, verify of a derived proof, on BLS12-381). The rdfc suites are `cryptosuite` objects; the jcs and sd suites
// are made by their create{Sign,Verify,Disclose}Cryptosuite functions.
import * as vc from '@digitalbazaar/vc';
import jsigs from 'jsonld-signatures';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { cryptosuite as ecdsaRdfc2019 } from '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite';
import * as eddsaJcs2022 from '@digitalbazaar/eddsa-jcs-2022-cryptosuite';
import * as ecdsaJcs2019 from '@digitalbazaar/ecdsa-jcs-2019-cryptosuite';
import * as ecdsaSd2023 from '@digitalbazaar/ecdsa-sd-2023-cryptosuite';
import { documentLoader } from './loader.mjs';
import * as pq from './pq.mjs';
import * as bbs from './bbs.mjs';

export const CREATED = '2026-01-01T00:00:00Z';
const STRUCTURAL = ['id', '@id', 'type', '@type'];

/** Suite name → key algorithm(s), package, and the cryptosuite objects for signing and verifying. */
export const SUITES = {
  'eddsa-rdfc-2022': { algs: ['ed25519'], pkg: '@digitalbazaar/eddsa-rdfc-2022-cryptosuite', sign: () => eddsaRdfc2022, verify: () => eddsaRdfc2022 },
  'eddsa-jcs-2022': { algs: ['ed25519'], pkg: '@digitalbazaar/eddsa-jcs-2022-cryptosuite', sign: () => eddsaJcs2022.createSignCryptosuite(), verify: () => eddsaJcs2022.createVerifyCryptosuite() },
  'ecdsa-rdfc-2019': { algs: ['p256', 'p384'], pkg: '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite', sign: () => ecdsaRdfc2019, verify: () => ecdsaRdfc2019 },
  'ecdsa-jcs-2019': { algs: ['p256', 'p384'], pkg: '@digitalbazaar/ecdsa-jcs-2019-cryptosuite', sign: () => ecdsaJcs2019.createSignCryptosuite(), verify: () => ecdsaJcs2019.createVerifyCryptosuite() },
  'ecdsa-sd-2023': { algs: ['p256'], pkg: '@digitalbazaar/ecdsa-sd-2023-cryptosuite', selective: true, sign: (mandatoryPointers) => ecdsaSd2023.createSignCryptosuite({ mandatoryPointers }), verify: () => ecdsaSd2023.createVerifyCryptosuite(),
    disclose: (selectivePointers) => ecdsaSd2023.createDiscloseCryptosuite({ selectivePointers }) },
};
/** bbs-2023 (./bbs.mjs), in the same shape; `selective` like ecdsa-sd-2023 (issue = base proof, then derive). */
export const BBS_SUITES = {
  [bbs.SUITE]: { algs: [bbs.ALG], pkg: bbs.PKG, selective: true, sign: bbs.signSuite, verify: bbs.verifySuite, disclose: bbs.discloseSuite },
};
/** The post-quantum suites (./pq.mjs), in the same shape; `pq` marks them. */
export const PQ_SUITES = Object.fromEntries(Object.entries(pq.PQ_SUITES).map(([name, { alg }]) => [name,
  { algs: [alg], pkg: '@noble/post-quantum', pq: true, sign: () => pq.cryptosuite(name), verify: () => pq.cryptosuite(name) }]));
/** Every suite the peer has, classical, post-quantum and BBS. */
export const ALL_SUITES = { ...SUITES, ...PQ_SUITES, ...BBS_SUITES };

/** The credential to secure: without a top-level `proof`, issued by `did`. */
export function unsecured(credential, did) {
  const { proof, ...rest } = credential; // eslint-disable-line no-unused-vars
  return { ...rest, issuer: typeof rest.issuer === 'object' && rest.issuer !== null ? { ...rest.issuer, id: did } : did };
}

/** The subject attributes disclosed: the first `n` names in code point order, without id/type. */
export function disclosedNames(credential, n = 5) {
  const subject = credential.credentialSubject;
  return Object.keys(subject).filter((k) => !STRUCTURAL.includes(k)).sort().slice(0, n);
}

/** The credential reduced to the disclosed subject attributes (plus subject id/type), issued by `did`. */
export function reduce(credential, names, did) {
  const subject = Object.fromEntries(Object.entries(credential.credentialSubject).filter(([k]) => names.includes(k) || STRUCTURAL.includes(k)));
  const { proof, ...rest } = credential; // eslint-disable-line no-unused-vars
  return { ...rest, issuer: did, credentialSubject: subject };
}

/** Adds `name`'s proof with `key` (from keys.didKey) to a shallow copy of `credential`. */
export async function issue(credential, name, key, { mandatoryPointers = ['/issuer'] } = {}) {
  const cryptosuite = ALL_SUITES[name].sign(mandatoryPointers);
  const suite = new DataIntegrityProof({ signer: key.signer, date: CREATED, cryptosuite });
  const doc = { ...credential, '@context': [].concat(credential['@context']) };
  return vc.issue({ credential: doc, suite, documentLoader });
}

/** Derives a proof of `name` (ecdsa-sd-2023 or bbs-2023) disclosing `selectivePointers` from a base proof. */
export async function derive(verifiableCredential, selectivePointers, name = 'ecdsa-sd-2023') {
  const suite = new DataIntegrityProof({ cryptosuite: ALL_SUITES[name].disclose(selectivePointers) });
  return vc.derive({ verifiableCredential, suite, documentLoader });
}

// vc.verifyCredential refuses a credential with `credentialStatus` unless given a status checker; the peers are
// offline and check proofs, not status lists, so this one checks nothing and says so in the result.
const checkStatus = async () => ({ verified: true, unchecked: 'credentialStatus not checked (offline, no status list)' });

/** vc.verifyCredential with `name`'s verify suite; returns the library's result ({verified, results, error}). */
export async function verify(credential, name, { now } = {}) {
  const suite = new DataIntegrityProof({ cryptosuite: ALL_SUITES[name].verify() });
  return vc.verifyCredential({ credential, suite, documentLoader, checkStatus, ...(now ? { now } : {}) });
}

/** The proof alone (jsonld-signatures, AssertionProofPurpose): no VC data model, issuer or validity checks. */
export async function verifyProofOnly(credential, name) {
  const suite = new DataIntegrityProof({ cryptosuite: ALL_SUITES[name].verify() });
  return jsigs.verify(credential, { suite, purpose: new jsigs.purposes.AssertionProofPurpose(), documentLoader });
}

/** Every error message in a vc.verifyCredential result, deduplicated, on one line each. */
export function errorsOf(result) {
  const out = [];
  const walk = (e) => {
    if (!e) return;
    if (Array.isArray(e)) return e.forEach(walk);
    if (e.errors) walk(e.errors);
    const msg = `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message ?? e}`.replace(/\s*\n\s*/g, ' ');
    if (!e.errors && !out.includes(msg)) out.push(msg);
    if (e.cause) walk(e.cause);
    if (e.details?.cause) walk(e.details.cause);
  };
  walk(result.error);
  for (const r of result.results ?? []) walk(r.error);
  return out;
}

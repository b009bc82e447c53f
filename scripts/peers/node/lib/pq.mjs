// The post-quantum Data Integrity cryptosuites of the W3C CCG "Quantum-Safe Cryptosuites" v0.3 (Final Report
// 2026-04-22) for the Node.js peers, as cryptosuite objects for @digitalbazaar/data-integrity's DataIntegrityProof:
// mldsa44-rdfc-2024, mldsa44-jcs-2024 (ML-DSA-44, FIPS 204), slhdsa128-rdfc-2024, slhdsa128-jcs-2024
// (SLH-DSA-SHA2-128s, FIPS 205), falcon512-rdfc-2024, falcon512-jcs-2024 (FALCON-512, NIST PQC round 3, the padded
// 666-byte signature: header byte 0x39, 40-byte nonce, compressed s2 zero-padded), all with @noble/post-quantum
// (the library the report's test vectors were made with). Every suite here is security category 1 or 2, so the hash
// (report §3 "Algorithms", table "Hashes for Signatures") is SHA-256 for the proof configuration and document hashes
// and is the hash passed to RDFC-1.0 (jsonld.js `canonizeOptions.messageDigestAlgorithm` to rdf-canonize). ML-DSA and SLH-DSA sign the pure
// (not pre-hash) variant with the empty context string, hedged: the per-signature randomness (ML-DSA `rnd`, SLH-DSA
// `opt_rand`, Falcon's 48-byte sampler seed) is derived from SHA-384("canonprof-peer-rnd-<alg>" || hash data) so the
// fixtures are reproducible; verification does not depend on it. Proof values are multibase base64url-no-pad (`u`);
// public keys are Multikey (report §2.1.1) with the multicodec varint headers ML-DSA-44 0x1210, SLH-DSA-SHA2-128s
// 0x1220, FALCON-512 0x122c, and their `did:key` is `did:key:<publicKeyMultibase>`, resolved here, offline.
// Secret keys are the libraries' (and the report's inputs/Keys*.json) encodings: ML-DSA-44 skEncode (2,560 bytes),
// SLH-DSA SK.seed||SK.prf||PK.seed||PK.root (64), Falcon-512 round-3 private key (1,281). Deterministic keys: the
// key-generation seed is SHA-384("canonprof-peer-<alg>-<role>") cut to the scheme's seed length (32 or 48 bytes).
import crypto from 'node:crypto';
import jsonld from 'jsonld';
import canonicalize from 'canonicalize';
import { ml_dsa44 } from '@noble/post-quantum/ml-dsa.js';
import { slh_dsa_sha2_128s } from '@noble/post-quantum/slh-dsa.js';
import { falcon512padded } from '@noble/post-quantum/falcon.js';

/** The signature algorithms: scheme, Multikey header, exact byte lengths, key-generation seed length, category, and
 * the JOSE `alg` where one is registered or drafted: ML-DSA-44 (RFC 9964), SLH-DSA-SHA2-128s
 * (draft-ietf-cose-sphincs-plus); none for FALCON-512 (draft-ietf-cose-falcon's FN-DSA-512 is FIPS 206 FN-DSA,
 * not the round-3 Falcon these suites sign with). */
export const ALGS = {
  'ml-dsa-44': { name: 'ML-DSA-44', jose: 'ML-DSA-44', scheme: ml_dsa44, multicodec: 0x1210, publicKey: 1312, secretKey: 2560, signature: 2420, seed: 32, rnd: 32, category: 2 },
  'slh-dsa-128s': { name: 'SLH-DSA-SHA2-128s', jose: 'SLH-DSA-SHA2-128s', scheme: slh_dsa_sha2_128s, multicodec: 0x1220, publicKey: 32, secretKey: 64, signature: 7856, seed: 48, rnd: 16, category: 1 },
  'falcon-512': { name: 'FALCON-512', scheme: falcon512padded, multicodec: 0x122c, publicKey: 897, secretKey: 1281, signature: 666, seed: 48, rnd: 48, category: 1 },
};

/** Report §3 "Hashes for Signatures": SHA-256 for categories 1–2, SHA-384 for 3–4, SHA-512 for 5. */
export function hashForCategory(category) {
  if (category <= 2) return 'sha256';
  return category <= 4 ? 'sha384' : 'sha512';
}

/** Suite name → signature algorithm and canonicalization scheme (report §3.2 ML-DSA, §3.3 SLH-DSA, §3.4 FALCON). */
export const PQ_SUITES = {
  'mldsa44-rdfc-2024': { alg: 'ml-dsa-44', canon: 'rdfc' },
  'mldsa44-jcs-2024': { alg: 'ml-dsa-44', canon: 'jcs' },
  'slhdsa128-rdfc-2024': { alg: 'slh-dsa-128s', canon: 'rdfc' },
  'slhdsa128-jcs-2024': { alg: 'slh-dsa-128s', canon: 'jcs' },
  'falcon512-rdfc-2024': { alg: 'falcon-512', canon: 'rdfc' },
  'falcon512-jcs-2024': { alg: 'falcon-512', canon: 'jcs' },
};
/** Suites of the report this peer does not implement, with the reason. */
export const UNSUPPORTED = {
  'sqisign1-rdfc-2024': 'SQIsign-I: @noble/post-quantum has no SQIsign, and no npm package implements it (none among the npm registry names)',
  'sqisign1-jcs-2024': 'SQIsign-I: @noble/post-quantum has no SQIsign, and no npm package implements it (none among the npm registry names)',
};

export const b64u = (bytes) => Buffer.from(bytes).toString('base64url');
const varint = (n) => { const out = []; while (n >= 0x80) { out.push((n & 0x7f) | 0x80); n >>>= 7; } out.push(n); return Buffer.from(out); };

/** Strict base64url without padding: the alphabet only, and the canonical encoding of what it decodes to. */
export function base64urlDecode(text, what) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Error(`${what} is not base64url without padding`);
  const bytes = Buffer.from(text, 'base64url');
  if (b64u(bytes) !== text) throw new Error(`${what} is not canonical base64url (trailing bits set or a dangling character)`);
  return bytes;
}

/** Report §2.1.1 Multikey: `u` + base64url(varint(multicodec) || raw public key). */
export function publicKeyMultibase(alg, publicKey) {
  return `u${b64u(Buffer.concat([varint(ALGS[alg].multicodec), Buffer.from(publicKey)]))}`;
}

/** Which algorithm a publicKeyMultibase names, and its raw key of exactly that algorithm's length. */
export function decodeMultikey(multibase) {
  if (typeof multibase !== 'string' || multibase[0] !== 'u') {
    throw new Error(`publicKeyMultibase must start with the base64url-no-pad multibase header 'u', not ${JSON.stringify(String(multibase).slice(0, 1))}`);
  }
  const bytes = base64urlDecode(multibase.slice(1), 'publicKeyMultibase');
  for (const [alg, a] of Object.entries(ALGS)) {
    const header = varint(a.multicodec);
    if (bytes.length >= header.length && bytes.subarray(0, header.length).equals(header)) {
      const key = bytes.subarray(header.length);
      if (key.length !== a.publicKey) throw new Error(`a ${a.name} public key (multicodec 0x${a.multicodec.toString(16)}) is ${a.publicKey} bytes, this one ${key.length}`);
      return { alg, publicKey: new Uint8Array(key) };
    }
  }
  throw new Error(`publicKeyMultibase has multicodec header 0x${bytes.subarray(0, 2).toString('hex')}, not one of ML-DSA-44 (0x9024), SLH-DSA-SHA2-128s (0xa024), FALCON-512 (0xac24)`);
}

/** The Multikey verification method and DID document of a post-quantum `did:key:u…` (offline). */
export function resolveDidKey(url) {
  const [did, fragment, ...more] = url.split('#');
  const multibase = did.slice('did:key:'.length);
  decodeMultikey(multibase); // throws on a wrong header or length
  if (more.length || (fragment !== undefined && fragment !== multibase)) throw new Error(`<${short(url)}> names no verification method of its DID`);
  const vm = { id: `${did}#${multibase}`, type: 'Multikey', controller: did, publicKeyMultibase: multibase };
  if (fragment !== undefined) return { '@context': 'https://w3id.org/security/multikey/v1', ...vm };
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did, verificationMethod: [vm], authentication: [vm.id], assertionMethod: [vm.id],
    capabilityDelegation: [vm.id], capabilityInvocation: [vm.id],
  };
}

/** The deterministic key pair of `alg` for `role`: { alg, publicKey, secretKey, publicKeyMultibase, did, vm }. */
export function keyPair(alg, role) {
  const a = ALGS[alg];
  if (!a) throw new Error(`unknown post-quantum algorithm ${alg}`);
  const seed = crypto.createHash('sha384').update(`canonprof-peer-${alg}-${role}`).digest().subarray(0, a.seed);
  const { publicKey, secretKey } = a.scheme.keygen(new Uint8Array(seed));
  return { ...fromKeys(alg, publicKey, secretKey), seed: new Uint8Array(seed) };
}

/** The key of `alg` for `role` as JOSE keys (RFC 9964 §6 / the AKP key type: `kty` AKP, `alg`, `pub`, private `priv`
 * = the key-generation seed) and a JWS signer / verifier: { alg, jwa, publicJwk, privateJwk, secretKey, publicKey }. */
export function joseKey(alg, role) {
  const a = ALGS[alg];
  if (!a?.jose) throw new Error(`${a?.name ?? alg} has no JOSE algorithm identifier`);
  const k = keyPair(alg, role);
  const publicJwk = { kty: 'AKP', alg: a.jose, pub: b64u(k.publicKey) };
  return { alg, jwa: a.jose, publicJwk, privateJwk: { ...publicJwk, priv: b64u(k.seed) }, secretKey: k.secretKey, publicKey: k.publicKey };
}

/** The algorithm of an AKP JWK, its public key checked for the exact length. */
export function fromJwk(jwk) {
  const entry = Object.entries(ALGS).find(([, a]) => a.jose && a.jose === jwk?.alg);
  if (jwk?.kty !== 'AKP' || !entry) throw new Error(`not an AKP JWK of ${Object.values(ALGS).filter((a) => a.jose).map((a) => a.jose).join(' or ')}`);
  const publicKey = base64urlDecode(jwk.pub, 'JWK pub');
  if (publicKey.length !== entry[1].publicKey) throw new Error(`a ${entry[1].name} public key is ${entry[1].publicKey} bytes, this JWK's pub ${publicKey.length}`);
  return { alg: entry[0], publicKey: new Uint8Array(publicKey) };
}

/** A key pair from raw keys (e.g. the report's inputs/Keys*.json), lengths checked. */
export function fromKeys(alg, publicKey, secretKey) {
  const a = ALGS[alg];
  if (publicKey.length !== a.publicKey) throw new Error(`${a.name} public key: ${publicKey.length} bytes, expected ${a.publicKey}`);
  if (secretKey && secretKey.length !== a.secretKey) throw new Error(`${a.name} secret key: ${secretKey.length} bytes, expected ${a.secretKey}`);
  const multibase = publicKeyMultibase(alg, publicKey);
  const did = `did:key:${multibase}`;
  return { alg, publicKey, secretKey, publicKeyMultibase: multibase, did, vm: `${did}#${multibase}` };
}

const rnd = (alg, data) => new Uint8Array(crypto.createHash('sha384').update(`canonprof-peer-rnd-${alg}`).update(data).digest().subarray(0, ALGS[alg].rnd));

/** Signs hash data with the algorithm's pure signature (empty context). Randomness derived from the data (see
 * above), or with `osRandom` the library's own (crypto.getRandomValues). The exchange timing takes the latter: ML-DSA
 * and Falcon sign by rejection sampling, and derived randomness fixes the number of rounds per message, so one
 * message would always cost, say, 4 rounds and another 1 (ML-DSA-44 expects about 4.25). */
export function sign(alg, secretKey, data, { osRandom = false } = {}) {
  return ALGS[alg].scheme.sign(data, secretKey, osRandom ? {} : { extraEntropy: rnd(alg, data) });
}

/** Verifies with the exact signature length of the parameter set first (a signature of another set is named). */
export function verify(alg, publicKey, data, signature) {
  const a = ALGS[alg];
  if (signature.length !== a.signature) {
    const other = Object.values(ALGS).find((x) => x.signature === signature.length);
    throw new Error(`a ${a.name} signature is ${a.signature} bytes, this one ${signature.length}${other ? ` (the length of a ${other.name} signature)` : ''}`);
  }
  return a.scheme.verify(signature, data, publicKey);
}

/** A DataIntegrityProof signer for `keys` ({ id, algorithm, sign({data}) }). */
export const signer = (keys, options = {}) => ({ id: keys.vm, algorithm: ALGS[keys.alg].name, sign: async ({ data }) => sign(keys.alg, keys.secretKey, data, options) });

const hash = (name, text) => new Uint8Array(crypto.createHash(name).update(text, 'utf8').digest());
const XSD_DATETIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** The canonicalization of `input` by `scheme` (RDFC-1.0 with `hashName`, or RFC 8785 JCS). */
export async function canonize(input, scheme, hashName, documentLoader) {
  if (scheme === 'jcs') return canonicalize(input);
  return jsonld.canonize(input, {
    format: 'application/n-quads', documentLoader, safe: true, base: null,
    canonizeOptions: { algorithm: 'RDFC-1.0', messageDigestAlgorithm: hashName },
  });
}

/** Report §3.1.2 Proof Configuration: the canonical proof configuration (checks type, cryptosuite, created). */
export async function proofConfiguration(proof, document, suite, documentLoader) {
  const { canon, alg } = PQ_SUITES[suite];
  const { proofValue, ...config } = proof; // eslint-disable-line no-unused-vars
  if (config.type !== 'DataIntegrityProof' || config.cryptosuite !== suite) {
    throw new Error(`INVALID_PROOF_CONFIGURATION: type ${config.type} / cryptosuite ${config.cryptosuite}, expected DataIntegrityProof / ${suite}`);
  }
  if (config.created !== undefined && !XSD_DATETIME.test(config.created)) throw new Error(`INVALID_PROOF_DATETIME: created ${config.created}`);
  config['@context'] = document['@context'];
  return canonize(config, canon, hashForCategory(ALGS[alg].category), documentLoader);
}

/** Report §3.1.3 Transformation: the canonical unsecured document. */
export async function transformation(document, suite, documentLoader) {
  const { canon, alg } = PQ_SUITES[suite];
  const { proof, ...unsecured } = document; // eslint-disable-line no-unused-vars
  return canonize(unsecured, canon, hashForCategory(ALGS[alg].category), documentLoader);
}

/** Report §3.1.1 Hashing: hash(canonical proof configuration) || hash(transformed document). */
export function hashing(transformed, canonicalProofConfig, suite) {
  const h = hashForCategory(ALGS[PQ_SUITES[suite].alg].category);
  return Buffer.concat([hash(h, canonicalProofConfig), hash(h, transformed)]);
}

/** A long DID URL shortened for one-line messages. */
const short = (id) => (typeof id === 'string' && id.length > 40 ? `${id.slice(0, 32)}…` : id);

/** The key a verification method (or, as in the report's vectors, a bare did:key DID document) holds. */
function keyOf(verificationMethod, suite) {
  let vm = verificationMethod;
  if (vm && !vm.publicKeyMultibase && Array.isArray(vm.verificationMethod) && vm.verificationMethod.length === 1
      && vm.id === `did:key:${vm.verificationMethod[0].publicKeyMultibase}`) vm = vm.verificationMethod[0];
  if (vm?.type !== 'Multikey') throw new Error(`verification method ${short(vm?.id)} is of type ${vm?.type}, not Multikey`);
  const { alg, publicKey } = decodeMultikey(vm.publicKeyMultibase);
  const wanted = PQ_SUITES[suite].alg;
  if (alg !== wanted) throw new Error(`verification method ${short(vm.id)} holds a ${ALGS[alg].name} key; ${suite} takes ${ALGS[wanted].name}`);
  return { id: vm.id, publicKey };
}

/** The cryptosuite object of `suite` for DataIntegrityProof (signing and verifying). */
export function cryptosuite(suite) {
  const s = PQ_SUITES[suite];
  if (!s) throw new Error(`${suite} is not one of ${Object.keys(PQ_SUITES).join(', ')}`);
  const a = ALGS[s.alg];
  return {
    name: suite,
    requiredAlgorithm: a.name,
    canonize: (input, { documentLoader } = {}) => canonize(input, s.canon, hashForCategory(a.category), documentLoader),
    async createVerifier({ verificationMethod }) {
      const { id, publicKey } = keyOf(verificationMethod, suite);
      return { id, algorithm: a.name, verify: async ({ data, signature }) => verify(s.alg, publicKey, data, signature) };
    },
    // Report §3.2–3.4 Create Proof steps 2–4 and Verify Proof steps 5–7 (a proof with a proofValue is being verified:
    // its multibase header must be `u`).
    async createVerifyData({ document, proof, documentLoader }) {
      if (proof.proofValue !== undefined && (typeof proof.proofValue !== 'string' || proof.proofValue[0] !== 'u')) {
        throw new Error(`proofValue must be multibase base64url-no-pad ('u'), not ${JSON.stringify(String(proof.proofValue).slice(0, 1))}`);
      }
      if (proof.proofValue !== undefined) base64urlDecode(proof.proofValue.slice(1), 'proofValue');
      const [config, transformed] = await Promise.all([
        proofConfiguration(proof, document, suite, documentLoader), transformation(document, suite, documentLoader)]);
      return hashing(transformed, config, suite);
    },
    // Report Create Proof step 6: proof.proofValue = base64url multibase of the signature.
    async createProofValue({ verifyData, dataIntegrityProof }) {
      return `u${b64u(await dataIntegrityProof.signer.sign({ data: verifyData }))}`;
    },
  };
}

// bbs-2023 (W3C Data Integrity BBS Cryptosuites v1.0) for the Node.js peers, with
// @digitalbazaar/bbs-2023-cryptosuite on @digitalbazaar/bls12-381-multikey and @digitalbazaar/bbs-signatures
// (ciphersuite BLS12-381-SHA-256): the deterministic BLS12-381 G2 did:key of a role, the pointers canonprof's
// exchange uses (mandatory `/issuer`, selective `/credentialSubject/<name>` for the 5 disclosed attributes, as for
// ecdsa-sd-2023 in src/exchange/disclosure.rs), and the base proof / derived proof / verify calls through
// @digitalbazaar/vc + DataIntegrityProof (lib/vcdm.mjs has the suite in its table; this file adds what is bbs-2023's
// own). What the libraries draw at random: the HMAC key of every base proof (di-sd-primitives createHmac) and the
// random scalars of every BBS proof (bbs-signatures ProofGen, WebCrypto getRandomValues) — the second is what makes
// two presentations of one credential unlinkable. BBS signing itself is deterministic.
import crypto from 'node:crypto';
import * as Bls12381Multikey from '@digitalbazaar/bls12-381-multikey';
import * as bbs2023 from '@digitalbazaar/bbs-2023-cryptosuite';

export const SUITE = 'bbs-2023';
/** The key family name in --alg and the reports. */
export const ALG = 'bls12-381';
export const CURVE = 'BLS12-381';
export const PKG = '@digitalbazaar/bbs-2023-cryptosuite';
/** The did:key multibase header of a BLS12-381 G2 public key (multicodec 0xeb01, base58btc). */
export const DID_KEY_HEADER = 'zUC7';
export const ALGORITHM = Bls12381Multikey.ALGORITHMS.BBS_BLS12381_SHA256;

/** The key-generation seed of `role`: SHA-256 of "canonprof-peer-bls12-381-<role>" (BBS KeyGen key_material). */
export const seed = (role) => crypto.createHash('sha256').update(`canonprof-peer-${ALG}-${role}`).digest();

/** The deterministic BLS12-381 G2 key pair of `role` as a Multikey controlled by its did:key:
 * { alg, keyPair, did, vm, signer, publicKey, secretKey }. */
export async function didKey(role) {
  const keyPair = await Bls12381Multikey.generateBbsKeyPair({ algorithm: ALGORITHM, seed: new Uint8Array(seed(role)) });
  return fromKeyPair(keyPair);
}

/** A did:key for raw key bytes (BBS SK scalar, 32 bytes; compressed G2 public key, 96 bytes), e.g. the vectors'. */
export async function fromRaw({ secretKey, publicKey }) {
  return fromKeyPair(await Bls12381Multikey.fromRaw({ algorithm: ALGORITHM, secretKey, publicKey }));
}

async function fromKeyPair(keyPair) {
  const { publicKeyMultibase } = await keyPair.export({ publicKey: true, includeContext: false });
  const did = `did:key:${publicKeyMultibase}`;
  keyPair.controller = did;
  keyPair.id = `${did}#${publicKeyMultibase}`;
  return { alg: ALG, jwa: 'BBS-BLS12-381-SHA-256', keyPair, did, vm: keyPair.id, signer: keyPair.signer(),
    publicKey: keyPair.publicKey, secretKey: keyPair.secretKey };
}

/** The Multikey import the offline loader's did:key driver uses for `zUC7…` keys. */
export const fromMultibase = Bls12381Multikey.from;

/** Mandatory pointers as canonprof's exchange (disclosure::mandatory_pointers): `/issuer` when there is one. */
export const mandatoryPointers = (credential) => (credential.issuer !== undefined ? ['/issuer'] : []);
/** Selective pointers as canonprof's exchange (disclosure::selective_pointers), RFC 6901 escaped. */
export const selectivePointers = (names) => names.map((n) => `/credentialSubject/${n.replace(/~/g, '~0').replace(/\//g, '~1')}`);

/** The cryptosuite objects lib/vcdm.mjs puts in its table. */
export const signSuite = (mandatory) => bbs2023.createSignCryptosuite({ mandatoryPointers: mandatory });
export const verifySuite = () => bbs2023.createVerifyCryptosuite();
export const discloseSuite = (selective, presentationHeader = new Uint8Array()) =>
  bbs2023.createDiscloseCryptosuite({ selectivePointers: selective, presentationHeader });

/** The proof value's mode from its CBOR tag (bbs-2023 §3.3.x serialize*ProofValue): 'base' (0xd95d02),
 * 'derived' (0xd95d03), or undefined for anything else (including the feature modes 0x04–0x0b). */
export function proofMode(proof) {
  const value = proof?.proofValue;
  if (typeof value !== 'string' || value[0] !== 'u') return undefined;
  let bytes;
  try { bytes = Buffer.from(value.slice(1), 'base64url'); } catch { return undefined; }
  if (bytes[0] !== 0xd9 || bytes[1] !== 0x5d) return undefined;
  return { 0x02: 'base', 0x03: 'derived' }[bytes[2]];
}

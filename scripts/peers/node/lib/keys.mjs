// Deterministic keys for the Node.js peers (exchange.mjs, interop.mjs): the secret key of `<alg>` for `<role>` is
// derived from SHA-256 (P-384: SHA-384) of "canonprof-peer-<alg>-<role>" — the Ed25519 seed, or the ECDSA scalar.
// One key comes in every form the libraries take: JWK (public, private), node:crypto KeyObject, Data Integrity
// Multikey key pair with its did:key and verification method id, and a Multikey signer. The post-quantum algorithms
// (ml-dsa-44, slh-dsa-128s, falcon-512) come from ./pq.mjs: a Multikey did:key (`did:key:u…`) and a signer only;
// bls12-381 (BBS, bbs-2023) from ./bbs.mjs: a BLS12-381 G2 Multikey did:key (`did:key:zUC7…`) and a BBS signer.
import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as EcdsaMultikey from '@digitalbazaar/ecdsa-multikey';
import * as pq from './pq.mjs';
import * as bbs from './bbs.mjs';

export const b64u = (bytes) => Buffer.from(bytes).toString('base64url');
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const CURVES = {
  p256: { crv: 'P-256', ecdh: 'prime256v1', hash: 'sha256', size: 32, jwa: 'ES256' },
  p384: { crv: 'P-384', ecdh: 'secp384r1', hash: 'sha384', size: 48, jwa: 'ES384' },
};

/** The secret bytes of `alg` (ed25519, p256, p384) for `role`. */
export function seed(alg, role) {
  return crypto.createHash(alg === 'p384' ? 'sha384' : 'sha256').update(`canonprof-peer-${alg}-${role}`).digest();
}

/** JWKs and KeyObjects of the deterministic key; `jwa` is the JOSE/COSE algorithm name (EdDSA, ES256, ES384). */
export function keyMaterial(alg, role) {
  const d = seed(alg, role);
  if (alg === 'ed25519') {
    const privateKey = crypto.createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, d]), format: 'der', type: 'pkcs8' });
    const privateJwk = privateKey.export({ format: 'jwk' });
    const publicJwk = { kty: 'OKP', crv: 'Ed25519', x: privateJwk.x };
    return { alg, jwa: 'EdDSA', seed: d, privateJwk, publicJwk, privateKey, publicKey: crypto.createPublicKey(privateKey) };
  }
  const c = CURVES[alg];
  if (!c) throw new Error(`unknown key algorithm ${alg}`);
  const ecdh = crypto.createECDH(c.ecdh);
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const publicJwk = { kty: 'EC', crv: c.crv, x: b64u(point.subarray(1, 1 + c.size)), y: b64u(point.subarray(1 + c.size)) };
  const privateJwk = { ...publicJwk, d: b64u(d) };
  const privateKey = crypto.createPrivateKey({ key: privateJwk, format: 'jwk' });
  return { alg, jwa: c.jwa, seed: d, privateJwk, publicJwk, privateKey, publicKey: crypto.createPublicKey(privateKey) };
}

/** The key as a Multikey key pair controlled by its did:key: { ...keyMaterial, keyPair, did, vm, signer }; a
 * post-quantum one signs with derived randomness, or with `osRandom` the library's (lib/pq.mjs `sign`). */
export async function didKey(alg, role, { osRandom = false } = {}) {
  if (alg === bbs.ALG) return bbs.didKey(role);
  if (pq.ALGS[alg]) {
    const keys = pq.keyPair(alg, role);
    return { ...keys, jwa: pq.ALGS[alg].name, signer: pq.signer(keys, { osRandom }) };
  }
  const m = keyMaterial(alg, role);
  const keyPair = alg === 'ed25519'
    ? await Ed25519Multikey.generate({ seed: m.seed })
    : await EcdsaMultikey.fromJwk({ jwk: { ...m.privateJwk, key_ops: ['sign'] }, secretKey: true });
  const did = `did:key:${keyPair.publicKeyMultibase}`;
  keyPair.controller = did;
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  return { ...m, keyPair, did, vm: keyPair.id, signer: keyPair.signer() };
}

/** A JOSE signer `(data) => base64url signature` with node:crypto (EdDSA, ES256/ES384 as IEEE P1363 r||s), or for an
 * AKP key (pq.joseKey) with @noble/post-quantum: pure ML-DSA / SLH-DSA, empty context, the library's randomness. */
export function joseSigner(m) {
  if (m.publicJwk.kty === 'AKP') return async (data) => b64u(pq.sign(m.alg, m.secretKey, Buffer.from(data), { osRandom: true }));
  const hash = m.alg === 'ed25519' ? null : CURVES[m.alg].hash;
  return async (data) => b64u(crypto.sign(hash, Buffer.from(data), { key: m.privateKey, dsaEncoding: 'ieee-p1363' }));
}

/** A JOSE verifier for a public JWK: `(data, signature) => boolean`, checking the JWS alg against the key. */
export function joseVerifier(jwk, alg) {
  if (jwk.kty === 'AKP') {
    const { alg: scheme, publicKey } = pq.fromJwk(jwk);
    if (alg && alg !== jwk.alg) throw new Error(`JWS alg ${alg} does not fit an AKP ${jwk.alg} key`);
    return async (data, signature) => {
      try { return pq.verify(scheme, publicKey, Buffer.from(data), pq.base64urlDecode(signature, 'JWS signature')); } catch { return false; }
    };
  }
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  const expected = jwk.kty === 'OKP' ? 'EdDSA' : { 'P-256': 'ES256', 'P-384': 'ES384' }[jwk.crv];
  if (alg && alg !== expected) throw new Error(`JWS alg ${alg} does not fit a ${jwk.kty}/${jwk.crv} key`);
  const hash = expected === 'EdDSA' ? null : expected === 'ES256' ? 'sha256' : 'sha384';
  return async (data, signature) =>
    crypto.verify(hash, Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
}

// SD-JWT VC with @sd-jwt/sd-jwt-vc for the Node.js peers. Issue: `iss`, `iat`, `vct`, `cnf.jwk` in the clear, every
// subject attribute a selectively disclosable top-level claim, 5 decoy digests, deterministic salts (a counter
// hashed with SHA-256, 128 bits each, restarted per issuance). Present: keep the disclosed claims, add a KB-JWT.
// Verify: the library's verify (issuer signature, claims rebuilt from the digests, KB-JWT signature with the
// holder's `cnf.jwk`, nonce, sd_hash) plus what it leaves out: the KB-JWT `aud`, the `typ` of the KB-JWT header,
// and that every disclosure is referenced by a digest the issuer signed (RFC 9901 verification: an unreferenced
// Disclosure means the SD-JWT MUST be rejected — the library silently drops it, so a disclosure altered in transit
// would otherwise pass, just without that claim).
// Signers: ES256 with @sd-jwt/crypto-nodejs; EdDSA with node:crypto (crypto-nodejs has no EdDSA); ML-DSA-44 (RFC
// 9964) and SLH-DSA-SHA2-128s (draft-ietf-cose-sphincs-plus) with AKP JWKs on @noble/post-quantum (lib/keys.mjs).
import crypto from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { ES256, digest } from '@sd-jwt/crypto-nodejs';
import { joseSigner, joseVerifier, b64u } from './keys.mjs';

export const NONCE = 'n-0S6_WzA2Mj';
export const AUDIENCE = 'https://verifier.example';
export const KB_IAT = 1767225700;
export const DECOYS = 5;

const signerFor = async (m) => (m.jwa === 'ES256' ? ES256.getSigner(m.privateJwk) : joseSigner(m));
export const verifierFor = async (jwk, alg) => (alg === 'ES256' ? ES256.getVerifier(jwk) : joseVerifier(jwk, alg));
const decodePart = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** A prepared issuer + holder pair: { issue(attributes), present(issued, names) }. */
export async function makeParty(issuer, holder) {
  let counter = 0;
  const saltGenerator = () => b64u(crypto.createHash('sha256').update(`canonprof-peer-salt-${counter++}`).digest().subarray(0, 16));
  const sdjwt = new SDJwtVcInstance({
    signer: await signerFor(issuer), signAlg: issuer.jwa,
    kbSigner: await signerFor(holder), kbSignAlg: holder.jwa,
    hasher: digest, hashAlg: 'sha-256', saltGenerator,
  });
  return {
    async issue(attributes) {
      counter = 0;
      const payload = { iss: 'https://issuer.example', iat: 1767225600, vct: 'https://credentials.example/person', cnf: { jwk: holder.publicJwk }, ...attributes };
      return sdjwt.issue(payload, { _sd: Object.keys(attributes), _sd_decoy: DECOYS });
    },
    async present(issued, names, kb = true) {
      const frame = Object.fromEntries(names.map((n) => [n, true]));
      return sdjwt.present(issued, frame, kb ? { kb: { payload: { iat: KB_IAT, aud: AUDIENCE, nonce: NONCE } } } : undefined);
    },
  };
}

// Every digest the issuer signed: `_sd` arrays and array elements {"...": digest}, in the payload and in the
// values of the disclosures (recursive disclosures).
function collectDigests(value, into) {
  if (Array.isArray(value)) {
    for (const v of value) {
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && typeof v['...'] === 'string') into.push(v['...']);
      else collectDigests(v, into);
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '_sd' && Array.isArray(v)) into.push(...v);
      else collectDigests(v, into);
    }
  }
  return into;
}

/** Strict verification; throws an Error whose `rejected` is true when a check failed (false: could not run). */
export async function verify(compact, { issuerJwk, issuerVerifier, keyBinding, disclosed = [], now }) {
  const fail = (message, rejected = true) => Object.assign(new Error(message), { rejected });
  const parts = compact.split('~');
  if (parts.length < 2) throw fail('not an SD-JWT (no ~)', false);
  const kbPart = parts[parts.length - 1];
  let header, payload;
  try { [header, payload] = parts[0].split('.').slice(0, 2).map(decodePart); } catch (e) { throw fail(`cannot decode the issuer-signed JWT: ${e.message}`, false); }
  const expectedAlg = issuerJwk.kty === 'AKP' ? issuerJwk.alg : issuerJwk.kty === 'OKP' ? 'EdDSA' : { 'P-256': 'ES256', 'P-384': 'ES384' }[issuerJwk.crv];
  if (header.alg !== expectedAlg) throw fail(`issuer JWT alg ${header.alg} does not fit the issuer key (${expectedAlg})`);
  if (keyBinding && kbPart === '') throw fail('no KB-JWT, but the manifest expects key binding');
  if (!keyBinding && kbPart !== '') throw fail('a KB-JWT is present, but the manifest says none (the compact form must end with ~)');
  let kbHeader;
  if (keyBinding) {
    try { kbHeader = decodePart(kbPart.split('.')[0]); } catch (e) { throw fail(`cannot decode the KB-JWT: ${e.message}`, false); }
    if (kbHeader.typ !== 'kb+jwt') throw fail(`KB-JWT typ is ${kbHeader.typ}, not kb+jwt`);
  }
  const sdjwt = new SDJwtVcInstance({
    hasher: digest, hashAlg: 'sha-256',
    verifier: issuerVerifier ?? await verifierFor(issuerJwk, header.alg),
    kbVerifier: async (data, signature, claims) => {
      const jwk = claims?.cnf?.jwk;
      if (!jwk) throw fail('no cnf.jwk for the KB-JWT');
      return (await verifierFor(jwk, kbHeader.alg))(data, signature);
    },
  });
  let result;
  try {
    result = await sdjwt.verify(compact, { ...(keyBinding ? { keyBindingNonce: keyBinding.nonce } : {}), ...(now ? { currentDate: now } : {}) });
  } catch (e) {
    throw fail(`${e.name ?? 'Error'}: ${e.message}`.replace(/\s*\n\s*/g, ' '), e.rejected ?? true);
  }
  if (keyBinding && result.kb?.payload?.aud !== keyBinding.aud) throw fail(`KB-JWT aud ${result.kb?.payload?.aud} is not ${keyBinding.aud}`);
  const alg = payload._sd_alg ?? 'sha-256';
  if (alg !== 'sha-256') throw fail(`_sd_alg ${alg} not supported`, false);
  const disclosures = parts.slice(1, -1);
  const decoded = disclosures.map((d) => { try { return decodePart(d); } catch { throw fail(`a disclosure is not base64url JSON: ${d.slice(0, 20)}…`); } });
  const signed = new Set(collectDigests([payload, ...decoded.map((d) => d[d.length - 1])], []));
  for (const [i, d] of disclosures.entries()) {
    const h = b64u(crypto.createHash('sha256').update(d, 'ascii').digest());
    if (!signed.has(h)) throw fail(`disclosure of ${JSON.stringify(decoded[i][1])} is not referenced by any digest the issuer signed (altered disclosure)`);
  }
  const missing = disclosed.filter((n) => !(n in result.payload));
  if (missing.length) throw fail(`disclosed claims missing after verification: ${missing.join(', ')}`);
  return result;
}

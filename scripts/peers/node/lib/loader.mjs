// The offline document loader of the Data Integrity peers: JSON-LD contexts from canonprof's bundle
// (../contexts.mjs, schemas-education/contexts/index.json) and did:key documents and verification methods from the
// @digitalbazaar/did-method-key driver (offline: it computes the DID document from the key), with the Ed25519
// (z6Mk), P-256 (zDna), P-384 (z82L) and BLS12-381 G2 (zUC7, bbs-2023: @digitalbazaar/bls12-381-multikey) Multikey
// handlers; post-quantum did:key (`did:key:u…`, ML-DSA-44,
// SLH-DSA-SHA2-128s, FALCON-512 Multikeys) by ./pq.mjs, which the driver cannot take (its headers are base58btc, and a
// base64url header's last character depends on the key). Any other URL is an error naming it. A did:key URL is
// resolved once per process and the result reused, as a deployed verifier's DID resolver caches (canonprof's exchange
// verifies with the key it prepared); what the library does with the document on every verify (key import) stays timed.
import * as DidKey from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as EcdsaMultikey from '@digitalbazaar/ecdsa-multikey';
import { documentLoader as contextLoader } from '../contexts.mjs';
import { resolveDidKey } from './pq.mjs';
import * as bbs from './bbs.mjs';

const driver = DidKey.driver();
driver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
driver.use({ multibaseMultikeyHeader: 'zDna', fromMultibase: EcdsaMultikey.from });
driver.use({ multibaseMultikeyHeader: 'z82L', fromMultibase: EcdsaMultikey.from });
driver.use({ multibaseMultikeyHeader: bbs.DID_KEY_HEADER, fromMultibase: bbs.fromMultibase });

export class UnresolvableError extends Error {}

const resolved = new Map();

export async function documentLoader(url) {
  if (url.startsWith('did:key:')) {
    let document = resolved.get(url);
    if (document === undefined) {
      try {
        document = url.startsWith('did:key:u') ? resolveDidKey(url) : await driver.get({ url });
      } catch (e) {
        throw new UnresolvableError(`cannot resolve <${url}> with the did:key driver: ${e.message}`);
      }
      resolved.set(url, document);
    }
    return { contextUrl: null, documentUrl: url, document };
  }
  if (url.startsWith('did:')) throw new UnresolvableError(`unsupported DID method in <${url}> (offline: did:key only)`);
  return contextLoader(url);
}

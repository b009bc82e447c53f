// mdoc (ISO/IEC 18013-5) with @auth0/mdl for the Node.js peers. Certificates: a P-256 IACA (self-signed, CA) and
// a DS certificate it issues for the issuer key, made with @peculiar/x509 (a dependency of @auth0/mdl; neither
// library generates certificates otherwise). Issue: MSO over the attributes in namespace org.iso.18013.5.1, signed
// by the DS key (ES256 or EdDSA), validity signed/validFrom 2026-01-01, validUntil 2027-01-01. Present: a
// DeviceResponse with the disclosed elements and a device signature over SessionTranscript [null, null,
// "canonprof-handover"]. Verify: @auth0/mdl's Verifier (DS chain to the IACA, MSO signature, every digest, device
// signature) — except that it checks the MSO validity against the wall clock and takes no verification time, so
// that one check is replaced by ours against `now`. The library's chain check (pkijs) also runs at the wall clock.
// Randomness the libraries force: the 32-byte `random` of each IssuerSignedItem and the ECDSA nonces.
import crypto from 'node:crypto';
import mdl from '@auth0/mdl';
import * as x509 from '@peculiar/x509';
import { keyMaterial } from './keys.mjs';

const { Document, DeviceResponse, MDoc, Verifier, parse } = mdl;
export const NAMESPACE = 'org.iso.18013.5.1';
export const DOC_TYPE = 'org.iso.18013.5.1.mDL';
export const NOW = '2026-06-01T00:00:00Z';
export const HANDOVER = 'canonprof-handover';
// The library writes the key's `kid` into the unprotected COSE header, as CBOR `undefined` (0xf7) when the key has
// none — not a bstr (RFC 9052 §3.1), which strict parsers (canonprof) refuse; so every key gets one.
const KID = { issuer: 'canonprof-peer-issuer', device: 'canonprof-peer-device' };
const subtle = crypto.webcrypto.subtle;
x509.cryptoProvider.set(crypto.webcrypto);

// CBOR by hand for the two small things the library does not export an encoder for.
const head = (major, n) => (n < 24 ? Buffer.from([(major << 5) | n]) : n < 256 ? Buffer.from([(major << 5) | 24, n])
  : Buffer.from([(major << 5) | 25, n >> 8, n & 255]));
const tstr = (s) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
/** SessionTranscript [null, null, handover] as CBOR. */
export const sessionTranscript = (handover = HANDOVER) => Buffer.concat([Buffer.from([0x83, 0xf6, 0xf6]), tstr(handover)]);
/** SessionTranscriptBytes = #6.24(bstr .cbor SessionTranscript), which the library's API takes. */
export const tag24 = (bytes) => Buffer.concat([Buffer.from([0xd8, 0x18]), head(2, bytes.length), bytes]);

const webKey = (jwk, usage) => subtle.importKey('jwk', jwk, jwk.kty === 'OKP' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: jwk.crv }, true, [usage]);

/** The IACA (P-256) and a DS certificate for `issuer`'s key: { iacaPem, dsPem }. */
export async function certificates(issuer) {
  const iaca = keyMaterial('p256', 'iaca');
  const signingAlgorithm = { name: 'ECDSA', hash: 'SHA-256' };
  const validity = { notBefore: new Date('2025-01-01T00:00:00Z'), notAfter: new Date('2030-01-01T00:00:00Z') };
  const keys = { privateKey: await webKey(iaca.privateJwk, 'sign'), publicKey: await webKey(iaca.publicJwk, 'verify') };
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01', name: 'C=DE, CN=canonprof peer IACA', ...validity, signingAlgorithm, keys,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  const ds = await x509.X509CertificateGenerator.create({
    serialNumber: '02', issuer: root.subject, subject: 'C=DE, CN=canonprof peer DS', ...validity, signingAlgorithm,
    publicKey: await webKey(issuer.publicJwk, 'verify'), signingKey: keys.privateKey,
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
  });
  return { iacaPem: root.toString('pem'), dsPem: ds.toString('pem') };
}

/** Issues the mdoc: the CBOR of an MDoc holding one IssuerSigned document. */
export async function issue(attributes, { issuer, device, dsPem }) {
  const document = await new Document(DOC_TYPE)
    .addIssuerNameSpace(NAMESPACE, attributes)
    .useDigestAlgorithm('SHA-256')
    .addValidityInfo({ signed: new Date('2026-01-01T00:00:00Z'), validFrom: new Date('2026-01-01T00:00:00Z'), validUntil: new Date('2027-01-01T00:00:00Z') })
    .addDeviceKeyInfo({ deviceKey: { ...device.publicJwk, alg: device.jwa } })
    .sign({ issuerPrivateKey: { ...issuer.privateJwk, alg: issuer.jwa }, issuerCertificate: dsPem, alg: issuer.jwa, kid: KID.issuer });
  return new MDoc([document]).encode();
}

/** The holder's DeviceResponse (CBOR) disclosing `names`, device-signed over `transcript`. */
export async function present(issued, names, { device, transcript = sessionTranscript() }) {
  const pd = {
    id: 'canonprof-request',
    input_descriptors: [{
      id: DOC_TYPE, format: { mso_mdoc: { alg: ['ES256', 'EdDSA'] } },
      constraints: { limit_disclosure: 'required', fields: names.map((n) => ({ path: [`$['${NAMESPACE}']['${n}']`], intent_to_retain: false })) },
    }],
  };
  const response = await DeviceResponse.from(parse(issued))
    .usingPresentationDefinition(pd)
    .usingSessionTranscriptBytes(tag24(transcript))
    .authenticateWithSignature({ ...device.privateJwk, alg: device.jwa, kid: KID.device }, device.jwa)
    .sign();
  return response.encode();
}

/** Verifies a DeviceResponse; throws an Error (`rejected` true when a check failed, false when it could not run). */
export async function verify(bytes, { iacaPem, transcript = sessionTranscript(), docType = DOC_TYPE, now = NOW, disclosed = [] }) {
  const fail = (message, rejected = true) => Object.assign(new Error(message), { rejected });
  const failures = [];
  const onCheck = (check) => {
    if (check.status !== 'FAILED' || check.id === 'MSO_VALIDITY_AT_VERIFICATION_TIME') return;
    failures.push(`${check.id}: ${check.reason ?? check.check}`);
  };
  let response;
  try {
    response = await new Verifier([iacaPem]).verify(bytes, { encodedSessionTranscript: tag24(transcript), onCheck });
  } catch (e) {
    throw fail(`${e.name ?? 'Error'}: ${e.message}`.replace(/\s*\n\s*/g, ' '), failures.length > 0 || e.name === 'MDLError');
  }
  if (failures.length) throw fail(failures.join('; '));
  if (response.documents.length !== 1) throw fail(`${response.documents.length} documents, expected 1`);
  const [document] = response.documents;
  const mso = document.issuerSigned.issuerAuth.decodedPayload;
  if (document.docType !== docType || mso.docType !== docType) throw fail(`docType ${document.docType} / MSO ${mso.docType} is not ${docType}`);
  const at = new Date(now), { validFrom, validUntil } = mso.validityInfo;
  if (!(validFrom <= at && at <= validUntil)) throw fail(`MSO not valid at ${now} (${validFrom.toISOString()} to ${validUntil.toISOString()})`);
  const got = (document.issuerSigned.nameSpaces[NAMESPACE] ?? []).map((item) => item.elementIdentifier);
  const missing = disclosed.filter((n) => !got.includes(n));
  if (missing.length) throw fail(`disclosed elements missing: ${missing.join(', ')}`);
  return response;
}

/** A tampered twin: the value of disclosed element `name` changed in its IssuerSignedItem (digest mismatch). */
export function tamper(bytes, name) {
  const response = parse(bytes);
  const items = response.documents[0].issuerSigned.nameSpaces[NAMESPACE];
  const i = items.findIndex((item) => item.elementIdentifier === name);
  const item = items[i], data = new Map(item.dataItem.data);
  const v = data.get('elementValue');
  data.set('elementValue', typeof v === 'string' ? `${v}-tampered` : typeof v === 'boolean' ? !v : typeof v === 'number' ? v + 1 : 'tampered');
  items[i] = new item.constructor(new mdl.DataItem({ data }));
  return response.encode();
}

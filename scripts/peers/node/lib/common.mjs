// What exchange.mjs and interop.mjs share: installed package versions, the implementation and lineage strings,
// the corpus paths, and the person-20 exchange constants.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../contexts.mjs';

export { root };
export const peerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The installed version of `pkg` (from its package.json under node_modules). */
export function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(peerDir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}
export const withVersion = (pkg) => `${pkg} ${version(pkg)}`;

export const PACKAGES = ['@digitalbazaar/vc', '@digitalbazaar/data-integrity', '@digitalbazaar/eddsa-rdfc-2022-cryptosuite',
  '@digitalbazaar/eddsa-jcs-2022-cryptosuite', '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite', '@digitalbazaar/ecdsa-jcs-2019-cryptosuite',
  '@digitalbazaar/ecdsa-sd-2023-cryptosuite', '@digitalbazaar/did-method-key', '@sd-jwt/sd-jwt-vc', '@sd-jwt/crypto-nodejs',
  '@auth0/mdl', '@peculiar/x509', '@noble/post-quantum', '@digitalbazaar/bbs-2023-cryptosuite', '@digitalbazaar/bls12-381-multikey',
  '@digitalbazaar/bbs-signatures'];
export const implementation = () => [`node ${process.version}`, ...PACKAGES.map(withVersion)].join('; ');
export const lineage = () => `${withVersion('jsonld')} (JSON-LD expansion/toRDF) + ${withVersion('rdf-canonize')} (RDFC-1.0), via `
  + `${withVersion('jsonld-signatures')} and ${withVersion('@digitalbazaar/di-sd-primitives')} (ecdsa-sd-2023, bbs-2023); `
  + `${withVersion('canonicalize')} for JCS — Digital Bazaar lineage`;

export const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
export const person20 = () => readJson(path.join(root, 'schemas-education/simple/person-20.json'));
/** Every corpus credential: [{ name, file }] of schemas-education/simple/*.json and edu/*.json. */
export function corpus() {
  return ['simple', 'edu'].flatMap((set) => fs.readdirSync(path.join(root, 'schemas-education', set)).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: path.basename(f, '.json'), file: path.join(root, 'schemas-education', set, f) })));
}
export const NOW = '2026-06-01T00:00:00Z';
export const oneLine = (e) => `${e?.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e?.message ?? e}`.replace(/\s*\n\s*/g, ' ');

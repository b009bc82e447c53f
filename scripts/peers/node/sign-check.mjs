// Digital Bazaar's verdict on what `canonprof sign` writes (docs/verify.md, "`canonprof sign`"): each FILE's Data
// Integrity proofs checked with jsonld-signatures + @digitalbazaar/data-integrity and the cryptosuite packages
// (AssertionProofPurpose: the proof alone, no VC data model or validity checks), did:key resolved offline; an
// ecdsa-sd-2023 base proof is first derived by the library (disclosing `--disclose POINTER`, default
// /credentialSubject), then the derived proof is verified. Prints `FILE: verified|NOT VERIFIED [errors]` per file.
// Usage: node sign-check.mjs [--disclose POINTER] FILE...
import fs from 'node:fs';
import jsigs from 'jsonld-signatures';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import * as V from './lib/vcdm.mjs';
import { documentLoader } from './lib/loader.mjs';

const args = process.argv.slice(2);
let disclose = '/credentialSubject';
const at = args.indexOf('--disclose');
if (at >= 0) disclose = args.splice(at, 2)[1];
if (args.length === 0 || args.some((a) => a.startsWith('--'))) {
  console.error('usage: node sign-check.mjs [--disclose POINTER] FILE...');
  process.exit(2);
}
let failed = 0;
for (const file of args) {
  let document = JSON.parse(fs.readFileSync(file, 'utf8'));
  const proofs = [].concat(document.proof);
  const names = [...new Set(proofs.map((p) => p.cryptosuite))];
  let note = '';
  if (names.includes('ecdsa-sd-2023')) {
    document = await V.derive(document, [disclose]);
    note = ` (derived by the library, disclosing ${disclose})`;
  }
  const suite = names.map((name) => new DataIntegrityProof({ cryptosuite: V.SUITES[name].verify() }));
  const result = await jsigs.verify(document, { suite, purpose: new jsigs.purposes.AssertionProofPurpose(), documentLoader });
  const results = result.results ?? [];
  const ok = result.verified && results.length === proofs.length && results.every((r) => r.verified);
  if (!ok) failed += 1;
  const errors = ok ? '' : ` ${JSON.stringify(V.errorsOf(result))}`;
  console.log(`${file}: ${ok ? 'verified' : 'NOT VERIFIED'} ${results.filter((r) => r.verified).length}/${proofs.length} proofs [${names.join(', ')}]${note}${errors}`);
}
process.exit(failed ? 1 : 0);

// Regenerates tests/data/expected/<set>-<name>.{rdfc.nq,jcs.json} for every credential in schemas-education/
// with jsonld.js + rdf-canonize (RDFC-1.0, no base IRI, safe mode, rdfDirection i18n-datatype) and the npm
// canonicalize package, serving the bundled contexts offline. Usage: npm ci && node regenerate-expected.mjs [--check]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsonld from 'jsonld';
import canonicalize from 'canonicalize';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contextsDir = path.join(root, 'schemas-education/contexts');
const index = JSON.parse(fs.readFileSync(path.join(contextsDir, 'index.json'), 'utf8')).contexts;
const documentLoader = async (url) => {
  const entry = index[url];
  if (!entry) throw new Error(`unknown context URL <${url}> (offline)`);
  const document = JSON.parse(fs.readFileSync(path.join(contextsDir, entry.file), 'utf8'));
  return { contextUrl: null, documentUrl: url, document };
};
const check = process.argv.includes('--check');
let differences = 0;
for (const set of ['simple', 'edu']) {
  for (const file of fs.readdirSync(path.join(root, 'schemas-education', set)).sort()) {
    const doc = JSON.parse(fs.readFileSync(path.join(root, 'schemas-education', set, file), 'utf8'));
    const stem = `${set}-${file.replace(/\.json$/, '')}`;
    const outputs = {
      [`${stem}.rdfc.nq`]: await jsonld.canonize(doc, {
        algorithm: 'RDFC-1.0', format: 'application/n-quads', safe: true, base: null,
        rdfDirection: 'i18n-datatype', documentLoader,
      }),
      [`${stem}.jcs.json`]: canonicalize(doc),
    };
    for (const [name, text] of Object.entries(outputs)) {
      const target = path.join(root, 'tests/data/expected', name);
      if (check) {
        const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
        console.log(`${same ? 'same' : 'DIFFERENT'} ${name}`);
        if (!same) differences++;
      } else {
        fs.writeFileSync(target, text);
        console.log(`wrote ${name}`);
      }
    }
  }
}
process.exit(differences ? 1 : 0);

// jsonld.js's verdict on JSON-LD documents, as the Data Integrity libraries canonicalize them: jsonld.canonize
// (jsonld.js 9 + rdf-canonize 5) with RDFC-1.0, safe mode, no base IRI and rdfDirection i18n-datatype (the options
// canonprof uses), contexts loaded offline from schemas-education/contexts/index.json (contexts.mjs, as peer.mjs).
// Prints, per file, the canonical N-Quads or one line `refused: <error name>: <message>[ (<code>)]`.
// Used to triage the differential fuzz target's findings (fuzz/regressions/jsonld_differential/).
// Usage: node verdict.mjs [--write] FILE...
//   without --write: `==> FILE <==` then the verdict, for each file;
//   with --write: the verdict goes to FILE with its extension replaced by `.verdict` (the replay test's sidecar).
import fs from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';
import { documentLoader } from './contexts.mjs';

const args = process.argv.slice(2);
const write = args.includes('--write');
const files = args.filter((a) => a !== '--write');
const fail = (message) => { console.error(`verdict.mjs: ${message}`); process.exit(2); };
for (const a of files) if (a.startsWith('--')) fail(`unknown option ${a} (known: --write)`);
if (files.length === 0) fail('usage: node verdict.mjs [--write] FILE...');

// What the error says, on one line: its name, message, and the JSON-LD error code or safe-mode event code.
function describe(error) {
  const details = error.details ?? {};
  const code = details.code ?? details.event?.code;
  const cause = details.cause?.message;
  let line = `${error.name ?? 'Error'}: ${error.message}`;
  if (code) line += ` (${code})`;
  if (cause && !line.includes(cause)) line += ` (cause: ${cause})`;
  return line.replace(/\s*\n\s*/g, ' ');
}

async function verdict(file) {
  try {
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    return await jsonld.canonize(document, {
      algorithm: 'RDFC-1.0',
      format: 'application/n-quads',
      documentLoader,
      safe: true,
      base: null,
      rdfDirection: 'i18n-datatype',
    });
  } catch (error) {
    return `refused: ${describe(error)}\n`;
  }
}

for (const file of files) {
  const text = await verdict(file);
  if (write) {
    fs.writeFileSync(path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.verdict`), text);
  } else {
    process.stdout.write(`==> ${file} <==\n${text}`);
  }
}

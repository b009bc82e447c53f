// The offline document loader both Node peers use: every context from canonprof's bundle
// (schemas-education/contexts/index.json), parsed once; any other URL fails, as canonprof never fetches.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const contextsDir = path.join(root, 'schemas-education/contexts');
const index = JSON.parse(fs.readFileSync(path.join(contextsDir, 'index.json'), 'utf8')).contexts;
const cache = new Map();

// jsonld.js documentLoader: { contextUrl, documentUrl, document } for a bundled URL.
export const documentLoader = async (url) => {
  const entry = index[url];
  if (!entry) throw new Error(`unknown context URL <${url}> (offline)`);
  if (!cache.has(url)) cache.set(url, JSON.parse(fs.readFileSync(path.join(contextsDir, entry.file), 'utf8')));
  return { contextUrl: null, documentUrl: url, document: cache.get(url) };
};

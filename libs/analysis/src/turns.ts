/**
 * Speaker turns as captions made by people mark them: '>>' before a new speaker's first words
 * (with their name: '>> ANNA:'), or the name in capitals and a colon opening a caption line
 * ('JEREMY: ...'), as captioning guides ask. Sentences are cut at the marks, and the marks belong
 * to no sentence.
 */
import type { JoinedText, Span } from './sentences';
import { LEAD } from './text';

/** A mark's character range in the joined text. */
interface Mark {
  from: number;
  to: number;
}

/**
 * A speaker's name before their words: one to three words of capital letters (a title's dot,
 * an apostrophe or a hyphen inside: 'DR. LEE', "O'BRIEN", 'JEAN-LUC'), a colon, then words that
 * are not all capitals. Captions in capitals throughout ('THE POINT IS: WE WON') have no way to
 * tell a name from the start of a sentence, so there only '>>' marks a turn.
 */
const NAME = String.raw`\p{Lu}[\p{Lu}.'’-]*\p{Lu}\.?(?: \p{Lu}[\p{Lu}.'’-]*\p{Lu}\.?){0,2}:`;
/** Words not all in capitals after it: a lower-case letter in one of the next two words. */
const SPOKEN_AFTER = String.raw`(?=\s+(?:\S+\s+)?\S*?\p{Ll})`;
/** Capitalised words before a colon that name no speaker ('NOTE:', 'BREAKING NEWS:'). */
const NOT_NAMES = /^(?:NOTE|NOTES|UPDATE|BREAKING|NEWS|BREAKING NEWS|WARNING|CAUTION|EDITOR'S NOTE|PS|P\.S\.|FYI|TIP|Q|A)$/;
/** '>>' after a space or at the start of the text, and the name that may follow it. */
const CHEVRONS = new RegExp(String.raw`(?<!\S)(>>+)(?:\s*(${NAME})${SPOKEN_AFTER})?`, 'gu');
const LINE_LABEL = new RegExp(String.raw`^\s*(${NAME})${SPOKEN_AFTER}`, 'u');

const names = (label: string | undefined) => label !== undefined && !NOT_NAMES.test(label.slice(0, -1));

/**
 * Where the captions say a new speaker starts: the marks' character ranges, in order. A name must
 * label two turns or more: one label alone ('AI: it will change...') is more likely words.
 */
export function turnMarks({ text, offsets, segments }: JoinedText): Mark[] {
  if (!text.includes('>>') && !text.includes(':')) return [];
  const chevrons = [...text.matchAll(CHEVRONS)];
  const lines = segments.flatMap((segment, i) => {
    const label = LINE_LABEL.exec(segment.text);
    return label && names(label[1]) ? [{ at: offsets[i]!, length: label[0].length, name: label[1]! }] : [];
  });
  const uses = new Map<string, number>();
  for (const name of [...chevrons.map((m) => m[2]), ...lines.map((l) => l.name)]) {
    if (names(name)) uses.set(name!, (uses.get(name!) ?? 0) + 1);
  }
  const recurs = (name: string | undefined) => (uses.get(name ?? '') ?? 0) >= 2;
  const marks: Mark[] = [
    // A word that is no name after '>>' stays a word: the mark is the chevrons alone.
    ...chevrons.map((m) => ({ from: m.index, to: m.index + (recurs(m[2]) ? m[0] : m[1]!).length })),
    ...lines.filter((l) => recurs(l.name)).map((l) => ({ from: l.at, to: l.at + l.length })),
  ];
  return marks.sort((a, b) => a.from - b.from).filter((mark, i, all) => i === 0 || mark.from >= all[i - 1]!.to);
}

/**
 * Sentences cut where a new speaker starts: a sentence never holds two speakers' words, the marks
 * belong to none, and the sentence after a mark opens a turn, with a sure start timed from its mark.
 */
export function atTurns(spans: Span[], text: string, marks: Mark[]): Span[] {
  if (marks.length === 0) return spans;
  const cut: Span[] = [];
  /** The first word from `at` on (`to` at most): past spaces and non-speech tags. */
  const wordFrom = (at: number, to: number) => Math.min(to, at + LEAD.exec(text.slice(at, to))![0].length);
  let m = 0;
  // Where the last mark passed ends: a mark may hold a sentence's end ('DR. LEE:').
  let markEnd = 0;
  let markFrom = 0;
  for (const span of spans) {
    let from = markEnd > span.from ? wordFrom(markEnd, span.to) : span.from;
    let turn = from > span.from;
    // A mark just before the span, with only spaces between: the span opens a turn.
    for (; m < marks.length && marks[m]!.to <= from; m++) {
      if (!text.slice(marks[m]!.to, from).trim()) [turn, markFrom] = [true, marks[m]!.from];
    }
    const piece = (to: number) => {
      const end = from + text.slice(from, to).trimEnd().length;
      if (end <= from) return;
      const first = from === span.from;
      cut.push({
        from,
        to: end,
        ...(first && span.forced ? { forced: true } : {}),
        ...(span.confidence !== undefined ? { confidence: first && !turn ? span.confidence : 1 } : {}),
        ...(turn ? { turn: true, timeFrom: markFrom } : {}),
      });
    };
    for (; m < marks.length && marks[m]!.from < span.to; m++) {
      piece(marks[m]!.from);
      [markFrom, markEnd] = [marks[m]!.from, marks[m]!.to];
      from = wordFrom(Math.max(from, markEnd), span.to);
      turn = true;
    }
    piece(span.to);
  }
  return cut;
}

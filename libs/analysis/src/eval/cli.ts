import { EvalDataMissing, readEvalSet } from './corpus';
import { evaluate, type CorpusRow, type QuoteReport } from './evaluate';

const fixed = (value: number | null, digits = 3) => (value === null ? '–' : value.toFixed(digits).replace(/^0\./, '.'));

function table(level: string, documents: number, rows: CorpusRow[]): string {
  const lines = [
    `### ${level} (${documents} documents)`,
    '',
    '| segmenter | Pk | WD | F1 ±3 | F1 ±15 s | topics (reference) | title ROUGE-L (first sentence) | ms / document |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.segmenter} | ${fixed(row.pk)} | ${fixed(row.windowDiff)} | ${fixed(row.f1Units)} | ${fixed(row.f1Seconds)} | ` +
        `${row.topics.toFixed(1)} (${row.referenceTopics.toFixed(1)}) | ` +
        (row.titleRouge === null ? '–' : `${fixed(row.titleRouge)} (${fixed(row.baselineRouge)}), ${row.titlesMatched} titles`) +
        ` | ${row.msPerDocument === null ? '–' : row.msPerDocument.toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}

function quotes(report: QuoteReport): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const s = report.seconds;
  return [
    `### Quotes of the local analyzer (${report.quotes}, TinyRec coarse and QMSum)`,
    '',
    `- start on a sentence boundary: ${percent(report.startsOnSentence)}; end on one: ${percent(report.endsOnSentence)}`,
    `- last 8-60 s (the Viral Cut): ${percent(report.within8to60s)}`,
    `- length in seconds: min ${s.min.toFixed(1)}, p10 ${s.p10.toFixed(1)}, median ${s.median.toFixed(1)}, p90 ${s.p90.toFixed(1)}, max ${s.max.toFixed(1)}`,
  ].join('\n');
}

/** `npm run -s eval -- ../shared/eval`: the analyzer against human topic boundaries. */
function main(argv: string[]): number {
  const dir = argv[0] ?? '../shared/eval';
  try {
    const result = evaluate(readEvalSet(dir));
    const out = [...result.tables.map((t) => table(t.level, t.documents, t.rows)), quotes(result.quotes)];
    process.stdout.write(`${out.join('\n\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof EvalDataMissing) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));

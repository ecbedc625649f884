import { parseArgs } from 'node:util';
import { analysisEnvSchema, argumentsProblem, ConfigError, missingKeyMessage, parseEnv } from '@findclips/config';
import { analysisProviders, isAnalysisProvider } from '@findclips/contracts';
import { createProviders } from '../providers/registry';
import { tfidfBaseline } from './baseline';
import { checkWritable, compareRuns, formatComparison, readSavedRun, savedRunOf, SavedRunError, writeSavedRun } from './compare';
import { EvalDataMissing, readEvalSet, type EvalDocument } from './corpus';
import { fixed } from './format';
import {
  equidistant,
  evaluate,
  localAnalyzer,
  noBoundaries,
  pipelineSegmenter,
  trueCountAnalyzer,
  levelsOf,
  selects,
  type CorpusRow,
  type LevelTable,
  type Segmenter,
} from './evaluate';

const USAGE = `Usage: npm run -s eval -- [DIR] [--provider local|openai|grok|gemini] [--only LEVEL ...] [--titles N]
       [--save FILE] [--against FILE]
DIR: the development set (default ../shared/eval). --provider scores that provider through the
worker's pipeline (its key and model from the environment, as the worker reads them); --only keeps
the levels whose name starts with LEVEL, or that come from the folder LEVEL, in any case (e.g. --only youtube --only tinyrec); --titles prints N of
each level's titles next to the reference's (every fourth chapter a topic starts within 30 s of).
--save writes each document's scores to FILE (JSON); --against compares this run with a run saved
so, document by document, each difference with its 95% interval (paired bootstrap).`;

/** Chapters a topic starts within this many seconds of are shown with its title. */
const TITLE_MATCH_SECONDS = 30;

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : '–');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1]! : null;
};

function topicsTable(rows: CorpusRow[]): string[] {
  const lines = [
    '| segmenter | Pk | WD | F1 ±3 | F1 ±30 s | topics / chapters (median) | longest topic (mean share; > 35% of a video > 20 min) | ms / document |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.segmenter} | ${fixed(row.pk)} | ${fixed(row.windowDiff)} | ${fixed(row.f1Units)} | ${fixed(row.f1Seconds)} | ` +
        `${row.topicRatio.toFixed(2)} (${row.topics.toFixed(1)} / ${row.referenceTopics.toFixed(1)}) | ` +
        `${percent(row.longestShare, 1)}; ${row.longVideos ? `${row.oversized} of ${row.longVideos}` : '–'} | ` +
        `${row.msPerDocument === null ? '–' : row.msPerDocument.toFixed(1)}${row.refused ? ` (${row.refused} refused)` : ''} |`,
    );
  }
  return lines;
}

function outputsTable(rows: CorpusRow[]): string[] {
  const withOutputs = rows.filter((r) => r.titles || r.quotes);
  if (!withOutputs.length) return [];
  const lines = [
    '| segmenter | title word F1 (first sentence) | title ROUGE-L (first sentence) | titles of 2-8 words; repeated | titles naming an action | quotes | 8-60 s; verbatim | start / end on a sentence | near-duplicate pairs | spread over the topic (median) | opening on a pronoun or segue | joining two speakers |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of withOutputs) {
    const t = row.titles;
    const q = row.quotes;
    lines.push(
      `| ${row.segmenter} | ` +
        (t
          ? `${fixed(t.f1)} (${fixed(t.baselineF1)}) | ${fixed(t.rouge)} (${fixed(t.baselineRouge)}) | ${percent(t.wellSized, t.count)}; ${t.duplicates} | ${t.actions} of ${t.readAsSpoken} |`
          : '– | – | – | – |') +
        (q
          ? ` ${q.quotes} | ${percent(q.within8to60s, q.quotes)}; ${percent(q.verbatim, q.quotes)} | ` +
            (q.sentenceKnown
              ? `${percent(q.startsOnSentence, q.judgedOnSentence)} / ${percent(q.endsOnSentence, q.judgedOnSentence)}`
              : '– (no punctuation)') +
            ` | ${q.nearDuplicatePairs} | ${fixed(median(q.spreads), 2)} | ${percent(q.leaningOpenings, q.quotes)} | ` +
            (q.speakersKnown ? `${percent(q.joiningSpeakers, q.speakersKnown)} of ${q.speakersKnown}` : '–') +
            ' |'
          : ' – | – | – | – | – | – | – |'),
    );
  }
  return lines;
}

function groupsTable(table: LevelTable): string[] {
  if (!table.groups.length) return [];
  const lines = [
    `By source (${table.groups[0]!.rows.map((r) => r.segmenter).join(' vs ')}):`,
    '',
    '| source | videos | Pk | F1 ±3 | F1 ±30 s | topics / chapters | title word F1 (first sentence) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { group, rows } of table.groups) {
    const both = (pick: (r: CorpusRow) => string) => rows.map(pick).join(' vs ');
    lines.push(
      `| ${group} | ${rows[0]!.documents} | ${both((r) => fixed(r.pk))} | ${both((r) => fixed(r.f1Units))} | ${both((r) => fixed(r.f1Seconds))} | ` +
        `${both((r) => r.topicRatio.toFixed(2))} | ${rows.find((r) => r.titles)?.titles ? `${fixed(rows.find((r) => r.titles)!.titles!.f1)} (${fixed(rows.find((r) => r.titles)!.titles!.baselineF1)})` : '–'} |`,
    );
  }
  return lines;
}

export function formatTables(tables: LevelTable[]): string {
  return tables
    .map((t) =>
      [
        `### ${t.level} (${t.documents} documents)`,
        '',
        ...topicsTable(t.rows),
        '',
        ...outputsTable(t.rows),
        '',
        ...groupsTable(t),
      ]
        .join('\n')
        .trim(),
    )
    .join('\n\n');
}

/** Up to `count` of the analyzer's titles next to the reference's, as a table per level. */
async function titleSamples(documents: EvalDocument[], only: string[] | undefined, analyzer: Segmenter, count: number) {
  const lines: string[] = [];
  for (const level of levelsOf(documents)) {
    if (only && !only.some((name) => selects(name, level))) continue;
    const matched: string[] = [];
    for (const { document, reference } of level.documents) {
      const { topics = [] } = await analyzer.run(document, reference);
      for (const chapter of reference) {
        const time = document.segments[chapter.startIndex]!.start;
        const topic = topics.find((t) => Math.abs(t.startTime - time) <= TITLE_MATCH_SECONDS);
        if (topic) matched.push(`| ${document.group ?? document.corpus} | ${chapter.title} | ${topic.title} |`);
      }
    }
    const shown = matched.filter((_, i) => i % 4 === 0).slice(0, count);
    lines.push(`### Titles: ${level.name}`, '', '| source | reference | ours |', '|---|---|---|', ...shown, '');
  }
  return lines.join('\n');
}

/** Where the CLI writes and what environment it reads: the process's own, or a caller's (tests). */
interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/**
 * `npm run -s eval -- ../shared/eval`: the analyzer against human topic boundaries. Answers the
 * process's exit code: 0, or 2 for what the caller gave wrong.
 */
export async function main(argv: string[], io: CliIo = process): Promise<number> {
  const { stdout, stderr } = io;
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        provider: { type: 'string' },
        only: { type: 'string', multiple: true },
        titles: { type: 'string' },
        save: { type: 'string' },
        against: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    stderr.write(`${argumentsProblem(error)}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.help) return (stdout.write(`${USAGE}\n`), 0);
  const name = args.values.provider ?? 'local';
  if (!isAnalysisProvider(name)) {
    stderr.write(`Unknown provider "${name}": use ${analysisProviders.join(', ')}\n`);
    return 2;
  }
  const titles = args.values.titles === undefined ? 0 : Number(args.values.titles);
  if (!Number.isInteger(titles) || titles < 0) {
    stderr.write(`--titles takes a whole number, not "${args.values.titles}"\n${USAGE}\n`);
    return 2;
  }
  try {
    let analyzer = localAnalyzer;
    if (name !== 'local') {
      const provider = createProviders(parseEnv('eval', analysisEnvSchema, io.env)).get(name);
      if (!provider) {
        stderr.write(`${missingKeyMessage(name)}\n`);
        return 2;
      }
      analyzer = pipelineSegmenter(provider);
    }
    // A saved run that cannot be read, or a place a run cannot be saved to, is said before the set is scored.
    const against = args.values.against;
    const saved = against === undefined ? undefined : readSavedRun(against);
    if (args.values.save !== undefined) checkWritable(args.values.save);
    const documents = readEvalSet(args.positionals[0] ?? '../shared/eval');
    // A name that keeps nothing (a typo, a folder not in the set) is said, not scored as an empty run.
    const levels = levelsOf(documents);
    const unmatched = (args.values.only ?? []).filter((name) => !levels.some((level) => selects(name, level)));
    if (unmatched.length) {
      stderr.write(
        `--only ${unmatched.join(', ')}: no such level or folder; the levels are ${levels.map((l) => l.name).join(', ')}\n`,
      );
      return 2;
    }
    const tables = await evaluate(documents, {
      segmenters: [noBoundaries, equidistant, trueCountAnalyzer, tfidfBaseline, analyzer],
      only: args.values.only,
    });
    stdout.write(`${formatTables(tables)}\n`);
    const run = saved || args.values.save !== undefined ? savedRunOf(tables, analyzer.name) : undefined;
    if (saved && run) stdout.write(`\n${formatComparison(compareRuns(saved, run), against!, saved, analyzer.name)}\n`);
    if (args.values.save !== undefined && run) writeSavedRun(args.values.save, run);
    if (titles) stdout.write(`\n${await titleSamples(documents, args.values.only, analyzer, titles)}`);
    return 0;
  } catch (error) {
    if (error instanceof EvalDataMissing || error instanceof ConfigError || error instanceof SavedRunError) {
      stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) void main(process.argv.slice(2)).then((code) => (process.exitCode = code));

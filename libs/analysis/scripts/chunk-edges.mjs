// How the merge of a long video's chunks (libs/analysis/src/chunks.ts) fares at their edges, on the
// development set's creators' chapters, through the pipeline an AI provider's answers go through.
// The model is a stand-in that reads perfectly but sees only its chunk: its topics are the chapters
// inside the chunk, a piece of a chapter under FOLD seconds at the chunk's edges folded into its
// neighbour (as a model gives no topic of a few lines). What is lost is lost at the edges only.
// Run after `npm run -s build`:
//   node libs/analysis/scripts/chunk-edges.mjs [EVAL_DIR] [--minutes 20] [--fold 30,90,180]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { evaluate } = require('../dist/eval/evaluate.js');
const { readEvalSet } = require('../dist/eval/corpus.js');
const { formatTables } = require('../dist/eval/cli.js');
const { analyzeTranscript } = require('../dist/pipeline.js');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { minutes: { type: 'string', default: '20' }, fold: { type: 'string', default: '30,90,180' } },
});
const minutes = Number(values.minutes);

/** A model that answers each chunk with the chapters inside it. */
function reader(document, reference, fold) {
  const starts = reference.map((chapter) => document.segments[chapter.startIndex].start);
  return {
    name: 'openai',
    model: 'chapters',
    maxChunkSeconds: minutes * 60,
    analyze: async ({ segments }) => {
      const from = segments[0].start;
      const to = segments.at(-1).end;
      const edges = [from, ...starts.filter((s) => s - from >= fold && to - s >= fold), to];
      const topics = edges.slice(1).map((end, i) => {
        const inside = segments.filter((s) => s.start >= edges[i] && s.end <= end);
        const middle = inside[Math.floor(inside.length / 2)] ?? segments[0];
        return {
          title: `Chapter at ${Math.round(edges[i])}`,
          startTime: edges[i],
          endTime: end,
          quotes: [{ content: middle.text, startTime: middle.start, endTime: middle.end }],
        };
      });
      return { topics };
    },
  };
}

const segmenter = (fold) => ({
  name: `chapters read in ${minutes}-minute chunks, pieces under ${fold} s folded`,
  run: async (document, reference) => {
    const { topics } = await analyzeTranscript({ segments: document.segments, provider: reader(document, reference, fold) });
    const unitAt = (time) =>
      Math.max(
        0,
        document.segments.findIndex((s) => s.end > time + 0.01),
      );
    const starts = [...new Set([0, ...topics.map((t) => unitAt(t.startTime))])].sort((a, b) => a - b);
    return { starts, topics };
  },
});

const documents = readEvalSet(positionals[0] ?? '../shared/eval');
const tables = await evaluate(documents, {
  segmenters: values.fold.split(',').map((fold) => segmenter(Number(fold))),
  only: ['podcasts', 'youtube'],
});
process.stdout.write(`${formatTables(tables)}\n`);

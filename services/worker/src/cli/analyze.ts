import { parseArgs } from 'node:util';
import { AnalysisError, analyzeTranscript, createProviders } from '@findclips/analysis';
import {
  analysisEnvSchema,
  argumentsProblem,
  missingKeyMessage,
  parseEnv,
  youtubeEnvSchema,
  ConfigError,
  type providerKeyVariables,
} from '@findclips/config';
import { analysisProviders, isAnalysisProvider } from '@findclips/contracts';
import { clock, exportAnalysis, exportFormats, isExportFormat } from '@findclips/exports';
import { descriptionChapters, YoutubeClient, YoutubeError } from '@findclips/youtube';
import { InputError, loadTranscript } from './transcript-input';

const USAGE = `Usage: npm run -s analyze -- INPUT [--provider local|openai|grok|gemini] [--format FORMAT | --json | --transcript]
INPUT: a YouTube link or video id, a .json transcript {"segments":[{"text","start","end"}]}, or a .srt/.vtt file.
--format ${exportFormats.join('|')} prints the analysis in that format (--json is --format json):
  chapters: YouTube chapters for a description (what had to change to meet YouTube's rules goes to stderr);
  markdown: notes with time links; srt, vtt: topics as chapter cues and quotes as cues.
--transcript prints the transcript as read, {"segments":[{"text","start","end"}]}, without analysing it.`;

/** Runs the analysis pipeline of the worker in this process, without any server. */
export async function runCli(argv: string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let args: ReturnType<
    typeof parseArgs<{
      options: {
        provider: { type: 'string' };
        json: { type: 'boolean' };
        format: { type: 'string' };
        transcript: { type: 'boolean' };
        help: { type: 'boolean' };
      };
      allowPositionals: true;
    }>
  >;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        provider: { type: 'string' },
        json: { type: 'boolean' },
        format: { type: 'string' },
        transcript: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    err(`${argumentsProblem(error)}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.help) return (out(`${USAGE}\n`), 0);
  const [input, ...extra] = args.positionals;
  if (!input) return (err(`${USAGE}\n`), 2);
  if (extra.length) return (err(`One INPUT at a time: unexpected ${extra.map((e) => `"${e}"`).join(', ')}\n${USAGE}\n`), 2);
  const { json, transcript: transcriptOnly, provider: asked } = args.values;
  if (args.values.format !== undefined && !isExportFormat(args.values.format)) {
    return (err(`Unknown format "${args.values.format}": use ${exportFormats.join(', ')}\n`), 2);
  }
  if (json && args.values.format !== undefined && args.values.format !== 'json') {
    return (err(`--json and --format ${args.values.format} ask for two formats: give one\n`), 2);
  }
  if (transcriptOnly && (json || args.values.format !== undefined || asked !== undefined)) {
    return (
      err('--transcript prints the transcript as read, without analysing it: it takes no --provider, --format or --json\n'),
      2
    );
  }
  const format = json ? 'json' : args.values.format;

  try {
    const env = parseEnv('analyze', analysisEnvSchema.extend(youtubeEnvSchema.shape));
    const youtube = () =>
      new YoutubeClient({ baseUrl: env.YOUTUBE_BASE_URL, proxyUrl: env.YOUTUBE_PROXY_URL, timeoutMs: env.YOUTUBE_TIMEOUT_MS });
    if (transcriptOnly) {
      const { segments } = await loadTranscript(input, youtube);
      out(`${JSON.stringify({ segments: segments.map(({ text, start, end }) => ({ text, start, end })) })}\n`);
      return 0;
    }
    const name = asked ?? env.ANALYSIS_DEFAULT_PROVIDER;
    if (!isAnalysisProvider(name)) return (err(`Unknown provider "${name}": use ${analysisProviders.join(', ')}\n`), 2);
    const provider = createProviders(env).get(name);
    if (!provider) return (err(`${missingKeyMessage(name as keyof typeof providerKeyVariables)}\n`), 2);

    const transcript = await loadTranscript(input, youtube);
    const result = await analyzeTranscript({
      segments: transcript.segments,
      durationSeconds: transcript.durationSeconds,
      chapters: descriptionChapters(transcript.description, transcript.durationSeconds),
      provider,
      concurrency: env.ANALYSIS_CHUNK_CONCURRENCY,
    });
    if (format) {
      const file = exportAnalysis(format, {
        title: transcript.title ?? input,
        youtubeId: transcript.videoId,
        topics: result.topics,
        durationSeconds: transcript.durationSeconds,
      });
      out(file.text);
      for (const note of file.notes) err(`${note}\n`);
    } else {
      if (transcript.title) out(`${transcript.title}\n\n`);
      result.topics.forEach((topic, i) => {
        out(`${i + 1}. ${topic.title}  [${clock(topic.startTime)}–${clock(topic.endTime)}]\n`);
        for (const quote of topic.quotes) out(`   “${quote.content}”  [${clock(quote.startTime)}–${clock(quote.endTime)}]\n`);
      });
      out(`\n${result.topics.length} topics by ${result.provider} (${result.model})\n`);
    }
    if (result.topics.length === 0) err('No topics: the transcript is too short to find any.\n');
    return 0;
  } catch (error) {
    if (
      error instanceof InputError ||
      error instanceof ConfigError ||
      error instanceof YoutubeError ||
      error instanceof AnalysisError
    ) {
      err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) {
  // A reader that stops early (`| head`) is no error of ours; a full disk is one line, not a stack.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`Cannot write the output: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? 0 : 1);
  });
  runCli(
    process.argv.slice(2),
    (text) => process.stdout.write(text),
    (text) => process.stderr.write(text),
  ).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

import { quoteText, type AnalysisOutput, type Topic } from '@findclips/contracts';
import { youtubeChapters } from './chapters';
import { analysisMarkdown } from './markdown';
import { analysisSrt, analysisVtt } from './subtitles';

export { youtubeChapters } from './chapters';
export { analysisMarkdown } from './markdown';
export { analysisSrt, analysisVtt } from './subtitles';
export { clock, youtubeAt } from './time';

/** What an analysis is exported from. */
export interface ExportSource {
  title: string;
  youtubeId?: string | null;
  topics: Topic[];
  durationSeconds?: number | null;
}

/** The contract's JSON of an analysis: topics and quotes without ids. */
const analysisJson = (topics: Topic[]): AnalysisOutput => ({
  topics: topics.map(({ title, startTime, endTime, quotes }) => ({
    title,
    startTime,
    endTime,
    quotes: quotes.map(({ content, startTime: start, endTime: end }) => ({ content, startTime: start, endTime: end })),
  })),
});

interface ExportFile {
  text: string;
  extension: string;
  mimeType: string;
  /** What had to change to fit the format's rules (YouTube chapters), for the person to read. */
  notes: string[];
}

type Exporter = (source: ExportSource) => ExportFile;

const exporters = {
  chapters: (source) => {
    const { text, notes } = youtubeChapters(source.topics, source.durationSeconds ?? undefined);
    return { text: `${text}\n`, extension: 'txt', mimeType: 'text/plain', notes };
  },
  markdown: (source) => ({ text: analysisMarkdown(source), extension: 'md', mimeType: 'text/markdown', notes: [] }),
  srt: (source) => ({ text: analysisSrt(source.topics), extension: 'srt', mimeType: 'application/x-subrip', notes: [] }),
  vtt: (source) => ({ text: analysisVtt(source.topics), extension: 'vtt', mimeType: 'text/vtt', notes: [] }),
  json: (source) => ({
    text: `${JSON.stringify(analysisJson(source.topics))}\n`,
    extension: 'json',
    mimeType: 'application/json',
    notes: [],
  }),
} satisfies Record<string, Exporter>;

export type ExportFormat = keyof typeof exporters;
export const exportFormats = Object.keys(exporters) as ExportFormat[];
export const isExportFormat = (name: string): name is ExportFormat => Object.hasOwn(exporters, name);

/** The analysis in one of the export formats, its quotes as the app shows them (no '[laughter]'). */
export const exportAnalysis = (format: ExportFormat, source: ExportSource): ExportFile =>
  exporters[format]({
    ...source,
    topics: source.topics.map((topic) => ({
      ...topic,
      // A quote of non-speech tags alone says nothing: left out of every format (SRT and WebVTT gave
      // it no cue already), so the JSON keeps its contract (a quote has words).
      quotes: topic.quotes.map((quote) => ({ ...quote, content: quoteText(quote.content) })).filter((quote) => quote.content),
    })),
  });

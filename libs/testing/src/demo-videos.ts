import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptSegment } from '@findclips/contracts';
import type { FakeYoutube } from './fake-youtube';
import { sampleTranscript } from './sample-transcripts';

/** A script we wrote for the demo: who says what, and the subjects it covers in order. */
interface DemoScript {
  title: string;
  channel: string;
  subjects: string[];
  paragraphs: { speaker: string; text: string }[];
}

const script = (name: string): DemoScript =>
  JSON.parse(readFileSync(join(__dirname, '..', 'demo', `${name}.json`), 'utf8')) as DemoScript;

/** Words per caption line, as YouTube cuts them. */
const LINE_WORDS = 12;

/**
 * A script as YouTube's captions of it would be: lines of about 12 words, each paragraph's words
 * spread evenly over the time its share of the video, a short pause between paragraphs and a longer
 * one when the speaker changes, the whole lasting `seconds`. A new speaker's first line opens with
 * '>>', as captions made by people mark a change of speaker.
 */
export function captionsOf(paragraphs: readonly DemoScript['paragraphs'][number][], seconds: number): TranscriptSegment[] {
  const PARAGRAPH_PAUSE = 0.6;
  const TURN_PAUSE = 1.2;
  const pauses = paragraphs.reduce(
    (sum, p, i) => sum + (i === 0 ? 0 : p.speaker === paragraphs[i - 1]!.speaker ? PARAGRAPH_PAUSE : TURN_PAUSE),
    0,
  );
  const words = paragraphs.reduce((sum, p) => sum + p.text.split(/\s+/).length, 0);
  const perWord = (seconds - pauses) / words;
  const segments: TranscriptSegment[] = [];
  let time = 0;
  paragraphs.forEach((paragraph, i) => {
    const turn = i > 0 && paragraph.speaker !== paragraphs[i - 1]!.speaker;
    if (i > 0) time += turn ? TURN_PAUSE : PARAGRAPH_PAUSE;
    const all = paragraph.text.split(/\s+/);
    for (let w = 0; w < all.length; w += LINE_WORDS) {
      const line = all.slice(w, w + LINE_WORDS);
      const end = time + line.length * perWord;
      segments.push({ text: `${turn && w === 0 ? '>> ' : ''}${line.join(' ')}`, start: round(time), end: round(end) });
      time = end;
    }
  });
  return segments;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** 3725.5 → '01:02:05,500', as SRT writes a time. */
const srtTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const part = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${part(Math.floor(ms / 3_600_000))}:${part(Math.floor(ms / 60_000) % 60)}:${part(Math.floor(ms / 1000) % 60)},${part(ms % 1000, 3)}`;
};

/**
 * A demo video's captions as an SRT file, what the CLI's sample is (`docs/samples/`): a newcomer
 * tries the CLI on it without YouTube.
 */
export function demoSrt(video: (typeof DEMO_VIDEOS)[number]): string {
  return captionsOf(video.paragraphs, video.minutes * 60)
    .map((segment, i) => `${i + 1}\n${srtTime(segment.start)} --> ${srtTime(segment.end)}\n${segment.text}\n`)
    .join('\n');
}

/** Where the CLI's sample lives in the repository, and the demo video it is made of. */
export const CLI_SAMPLE = { path: 'docs/samples/interview.srt', videoId: 'FCdemoPod01' } as const;
const talk = script('talk');
const interview = script('interview');
const panel = script('panel');

/**
 * The videos `npm run demo` serves: a talk, an interview and a panel we wrote ourselves (several
 * subjects each), no real YouTube content. The 3-hour one exists to be refused as too long, so its
 * captions are the three scripts in a row.
 */
export const DEMO_VIDEOS = [
  { id: 'FCdemoTalk1', title: talk.title, channel: talk.channel, minutes: 12, paragraphs: talk.paragraphs },
  { id: 'FCdemoPod01', title: interview.title, channel: interview.channel, minutes: 40, paragraphs: interview.paragraphs },
  { id: 'FCdemoPanel', title: panel.title, channel: panel.channel, minutes: 90, paragraphs: panel.paragraphs },
  {
    id: 'FCdemoMarat',
    title: 'The Long Table: a 3-hour food and cities marathon',
    channel: panel.channel,
    minutes: 180,
    paragraphs: [...talk.paragraphs, ...interview.paragraphs, ...panel.paragraphs],
  },
] as const;

/** The subjects each demo script covers, in order: what a good analysis finds. */
export const DEMO_SUBJECTS: Record<string, string[]> = {
  FCdemoTalk1: talk.subjects,
  FCdemoPod01: interview.subjects,
  FCdemoPanel: panel.subjects,
};

/**
 * A demo video's captions, then more talk up to `seconds` (the sample transcript at 3 words a
 * second): a transcript of the length people search, as the browser test and benchmark serve it.
 */
export function lengthenedCaptions(video: (typeof DEMO_VIDEOS)[number], seconds: number): TranscriptSegment[] {
  const own = video.minutes * 60;
  return [
    ...captionsOf(video.paragraphs, own),
    ...sampleTranscript(seconds - own, { wordsPerSecond: 3 }).map((s) => ({ ...s, start: s.start + own, end: s.end + own })),
  ];
}

/** Adds the demo videos to a fake YouTube; captions take `delayMs` so progress can be seen. */
export function addDemoVideos(youtube: FakeYoutube, delayMs = 1_500): void {
  for (const video of DEMO_VIDEOS) {
    youtube.addVideo({
      id: video.id,
      title: video.title,
      channel: video.channel,
      durationSeconds: video.minutes * 60,
      captionDelayMs: delayMs,
      tracks: [{ languageCode: 'en', segments: captionsOf(video.paragraphs, video.minutes * 60) }],
    });
  }
}

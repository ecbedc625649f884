import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysisOutputSchema } from '@findclips/contracts';
import { sampleTranscript, startFakeYoutube, type FakeYoutube } from '@findclips/testing';
import { descriptionChapters } from '@findclips/youtube';
import { runCli } from './analyze';
import { parseSubtitles } from './transcript-input';

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    argv,
    (t) => (stdout += t),
    (t) => (stderr += t),
  );
  return { code, stdout, stderr };
}

describe('npm run -s analyze', () => {
  let dir: string;
  let youtube: FakeYoutube;
  const segments = sampleTranscript(600);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'findclips-cli-'));
    youtube = await startFakeYoutube();
    process.env.YOUTUBE_BASE_URL = youtube.url;
  });
  afterAll(async () => {
    delete process.env.YOUTUBE_BASE_URL;
    await youtube.close();
  });

  it('prints only the analysis JSON for a .json transcript', async () => {
    const file = join(dir, 'talk.json');
    await writeFile(file, JSON.stringify({ segments }));
    const { code, stdout, stderr } = await run(file, '--provider', 'local', '--json');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const output = JSON.parse(stdout);
    expect(analysisOutputSchema.strict().parse(output)).toEqual(output);
    expect(Object.keys(output.topics[0]).sort()).toEqual(['endTime', 'quotes', 'startTime', 'title']);
    expect(Object.keys(output.topics[0].quotes[0]).sort()).toEqual(['content', 'endTime', 'startTime']);
    expect(stdout.trim().split('\n')).toHaveLength(1);
  });

  it('--format exports the same analysis as YouTube chapters, Markdown, SRT, WebVTT or JSON', async () => {
    const file = join(dir, 'talk-formats.json');
    await writeFile(file, JSON.stringify({ segments }));
    const json = JSON.parse((await run(file, '--provider', 'local', '--format', 'json')).stdout);
    const topics = analysisOutputSchema.parse(json).topics;

    const chapters = await run(file, '--provider', 'local', '--format', 'chapters');
    expect(chapters.code).toBe(0);
    // Read back as the worker reads a description: the chapters YouTube shows, one a topic.
    expect(descriptionChapters(chapters.stdout, topics.at(-1)!.endTime)).toEqual(
      topics.map((t, i) => ({ start: i === 0 ? 0 : Math.floor(t.startTime), title: t.title })),
    );

    const srt = await run(file, '--provider', 'local', '--format', 'srt');
    const cues = parseSubtitles(srt.stdout);
    const chapterCues = cues.filter((c) => c.text.startsWith('Chapter '));
    expect(chapterCues.map((c) => c.start)).toEqual(topics.map((t) => t.startTime));
    // Each quote in one or more cues of at most two lines.
    const quoteCues = cues.filter((c) => !c.text.startsWith('Chapter '));
    expect(quoteCues.length).toBeGreaterThanOrEqual(topics.reduce((n, t) => n + t.quotes.length, 0));
    expect(quoteCues.every((c) => c.text.split('\n').length <= 2)).toBe(true);

    const vtt = await run(file, '--provider', 'local', '--format', 'vtt');
    expect(vtt.stdout.startsWith('WEBVTT\n')).toBe(true);
    expect(parseSubtitles(vtt.stdout)).toHaveLength(cues.length);

    const markdown = await run(file, '--provider', 'local', '--format', 'markdown');
    // Titled by the file's name, not its path.
    expect(markdown.stdout.split('\n')[0]).toBe('# talk-formats');
    expect(markdown.stdout).toContain(`## 1. ${topics[0]!.title}`);
    expect(markdown.stdout.match(/^> /gm)!.length).toBeGreaterThanOrEqual(topics[0]!.quotes.length);

    expect(await run(file, '--format', 'docx')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown format "docx"'),
    });
  });

  it('reads a YouTube link through the configured YouTube', async () => {
    youtube.addVideo({ id: 'cliVideo001', title: 'CLI talk', durationSeconds: 610, tracks: [{ languageCode: 'en', segments }] });
    const { code, stdout } = await run('https://youtu.be/cliVideo001', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).topics.length).toBeGreaterThan(0);
    const human = await run('cliVideo001');
    expect(human.stdout).toMatch(/^CLI talk\n\n1\. .+ \[0:00–\d+:\d\d\]\n/);

    // A video whose creator chaptered it, in its description: those chapters are the topics.
    youtube.addVideo({
      id: 'cliVideo002',
      title: 'Chaptered talk',
      description: '0:00 Welcome\n3:00 Sleep\n7:00 Cities',
      durationSeconds: 610,
      tracks: [{ languageCode: 'en', segments }],
    });
    const chaptered = await run('cliVideo002', '--json');
    expect(analysisOutputSchema.parse(JSON.parse(chaptered.stdout)).topics.map((topic) => topic.title)).toEqual([
      'Welcome',
      'Sleep',
      'Cities',
    ]);
  });

  it('--transcript prints the transcript as read from YouTube, without analysing it', async () => {
    youtube.addVideo({
      id: 'cliTranscr1',
      tracks: [
        {
          languageCode: 'en',
          kind: 'asr',
          segments: [
            { text: "we don't stop here", start: 0, end: 4.5 },
            { text: 'and then go on', start: 3, end: 6 },
          ],
        },
      ],
    });
    const { code, stdout, stderr } = await run('https://www.youtube.com/watch?v=cliTranscr1', '--transcript');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({
      segments: [
        { text: "we don't stop here", start: 0, end: 3 },
        { text: 'and then go on', start: 3, end: 6 },
      ],
    });
  });

  it('reads .srt and .vtt files, times in seconds', async () => {
    expect(parseSubtitles('1\n00:01:02,500 --> 00:01:05,000\nHello <i>there</i>\nfriend.\n')).toEqual([
      { text: 'Hello there friend.', start: 62.5, end: 65 },
    ]);
    expect(parseSubtitles('WEBVTT\n\n00:00:01.000 --> 00:00:04.000 align:start\n<v Bob>Hi.</v>\n')).toEqual([
      { text: 'Hi.', start: 1, end: 4 },
    ]);
    const srt = segments.map((s, i) => `${i + 1}\n${stamp(s.start, ',')} --> ${stamp(s.end, ',')}\n${s.text}\n`).join('\n');
    const file = join(dir, 'talk.srt');
    await writeFile(file, srt);
    const { code, stdout } = await run(file, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).topics.at(-1).endTime).toBeCloseTo(segments.at(-1)!.end, 0);
  });

  it('explains what is wrong instead of failing obscurely', async () => {
    expect(await run()).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Usage:/) });
    expect(await run('nowhere.json')).toMatchObject({ code: 1, stderr: 'Cannot read nowhere.json: no such file\n' });
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"segments": [{"text": 1}]}');
    expect((await run(bad)).stderr).toMatch(/must be \{"segments"/);
    expect(await run('https://vimeo.com/1')).toMatchObject({ code: 1, stderr: expect.stringMatching(/valid YouTube URL/) });
    expect(await run('x.json', '--provider', 'openai')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/needs its API key/),
    });
    expect(await run('x.json', '--provider', 'nope')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Unknown provider/),
    });
  });
});

function stamp(seconds: number, separator: string) {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

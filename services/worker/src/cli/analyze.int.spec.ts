import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:buffer';
import { openSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysisOutputSchema } from '@findclips/contracts';
import { CLI_SAMPLE, sampleTranscript, startFakeYoutube, type FakeYoutube } from '@findclips/testing';
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

  it("analyses the repository's sample, the demo interview's captions, with no YouTube: several topics with quotes", async () => {
    const { code, stdout, stderr } = await run(join(__dirname, '..', '..', '..', '..', CLI_SAMPLE.path), '--json');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const { topics } = analysisOutputSchema.parse(JSON.parse(stdout));
    expect(topics.length).toBeGreaterThanOrEqual(5);
    expect(topics.every((topic) => topic.quotes.length > 0)).toBe(true);
    expect(topics.at(-1)!.endTime).toBeGreaterThan(35 * 60);
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
    // A name every object has is no format either.
    expect(await run(file, '--format', 'toString')).toMatchObject({
      code: 2,
      stderr: 'Unknown format "toString": use chapters, markdown, srt, vtt, json\n',
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
    // Its notes are titled by the video and their times link to it.
    const notes = await run('cliVideo002', '--format', 'markdown');
    expect(notes.stdout.split('\n').slice(0, 3)).toEqual([
      '# Chaptered talk',
      '',
      '<https://www.youtube.com/watch?v=cliVideo002&t=0s>',
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
    // A file's extension in capitals is read as well.
    const vtt = join(dir, 'TALK.VTT');
    await writeFile(vtt, `WEBVTT\n\n${srt.replace(/^\d+\n/gm, '').replace(/(\d),(\d)/g, '$1.$2')}`);
    expect((await run(vtt, '--json')).code).toBe(0);
    // Segments at the same moment, or of no length, as captions may have: read, not refused.
    const together = join(dir, 'together.json');
    const same = [
      { text: 'Hello there.', start: 0, end: 0 },
      { text: 'Hi.', start: 0, end: 1 },
    ];
    await writeFile(together, JSON.stringify({ segments: same }));
    expect(await run(together, '--json')).toMatchObject({ code: 0, stdout: '{"topics":[]}\n' });
  });

  it('--transcript prints the same times for the same captions as .srt, .vtt and from YouTube, to the millisecond', async () => {
    // Times whose seconds and milliseconds, added as floats, are no exact millisecond (108.355 read
    // as 108.35499999999999): the WebVTT reader printed them so, SubRip and YouTube did not.
    const said = [
      { text: 'So that we can update that highlight box.', start: 98.31, end: 108.355 },
      { text: "And you've doubled it.", start: 108.355, end: 108.96 },
      { text: 'In the morning.', start: 202.75, end: 207.67 },
    ];
    const srtFile = join(dir, 'times.srt');
    await writeFile(
      srtFile,
      said.map((s, i) => `${i + 1}\n${stamp(s.start, ',')} --> ${stamp(s.end, ',')}\n${s.text}\n`).join('\n'),
    );
    const vttFile = join(dir, 'times.vtt');
    await writeFile(
      vttFile,
      `WEBVTT\n\n${said.map((s) => `${stamp(s.start, '.')} --> ${stamp(s.end, '.')}\n${s.text}\n`).join('\n')}`,
    );
    youtube.addVideo({ id: 'cliTimes001', tracks: [{ languageCode: 'en', segments: said }] });
    const expected = { code: 0, stdout: `${JSON.stringify({ segments: said })}\n`, stderr: '' };
    expect(await run(srtFile, '--transcript')).toEqual(expected);
    expect(await run('cliTimes001', '--transcript')).toEqual(expected);
    expect(await run(vttFile, '--transcript')).toEqual(expected);
  });

  it('reads UTF-16 files with their byte order mark (Notepad\'s "Unicode") and UTF-8 with one, as plain UTF-8', async () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:03,000\r\nCafé, naïve — 東京\r\n';
    const utf16le = join(dir, 'le.srt');
    await writeFile(utf16le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]));
    const utf16be = join(dir, 'be.srt');
    await writeFile(utf16be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(srt, 'utf16le').swap16()]));
    const bom = join(dir, 'bom.json');
    await writeFile(bom, `\ufeff${JSON.stringify({ segments: [{ text: 'Café', start: 1, end: 3 }] })}`);
    for (const [file, text] of [
      [utf16le, 'Café, naïve — 東京'],
      [utf16be, 'Café, naïve — 東京'],
      [bom, 'Café'],
    ]) {
      expect(await run(file!, '--transcript')).toEqual({
        code: 0,
        stdout: `${JSON.stringify({ segments: [{ text, start: 1, end: 3 }] })}\n`,
        stderr: '',
      });
    }
  });

  it('stops quietly when its reader goes away (| head), and says in one line when the output cannot be written', async () => {
    const file = join(dir, 'long.json');
    await writeFile(file, JSON.stringify({ segments: sampleTranscript(7_200) }));
    const cli = join(__dirname, '../../dist/cli/analyze.js');
    const closed = spawn(process.execPath, [cli, file, '--transcript'], { stdio: ['ignore', 'pipe', 'pipe'] });
    closed.stdout.destroy();
    let stderr = '';
    closed.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => closed.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const full = spawnSync(process.execPath, [cli, file, '--transcript'], {
      stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'],
    });
    expect({ code: full.status, stderr: full.stderr.toString() }).toEqual({
      code: 1,
      stderr: 'Cannot write the output: ENOSPC: no space left on device, write\n',
    });
  });

  it('explains what is wrong instead of failing obscurely', async () => {
    expect(await run()).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Usage:/) });
    // Asked for, the usage is no error.
    expect(await run('--help')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage:/), stderr: '' });
    expect(await run('nowhere.json')).toMatchObject({ code: 1, stderr: 'Cannot read nowhere.json: no such file\n' });
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"segments": [{"text": 1}]}');
    expect(await run(bad)).toMatchObject({
      code: 1,
      stderr: `${bad}: segments.0.text must be text; a transcript is {"segments":[{"text","start","end"}, …]} with times in seconds\n`,
    });
    // A transcript out of time order, or with a segment ending before it starts, is refused as a subtitle file's cues are.
    const reversed = join(dir, 'reversed.json');
    await writeFile(reversed, JSON.stringify({ segments: segments.slice(0, 3).reverse() }));
    expect(await run(reversed)).toMatchObject({
      code: 1,
      stderr: `${reversed}: segments.1 starts before segments.0; segments must be in time order\n`,
    });
    const backwards = join(dir, 'backwards.json');
    await writeFile(backwards, JSON.stringify({ segments: [{ text: 'Hi', start: 5, end: 2 }] }));
    expect((await run(backwards)).stderr).toBe(`${backwards}: segments.0 ends before it starts\n`);
    // A list of segments without its object says what a transcript is, in the file's terms.
    const list = join(dir, 'list.json');
    await writeFile(list, JSON.stringify(segments.slice(0, 3)));
    expect(await run(list)).toMatchObject({
      code: 1,
      stderr: `${list}: not a transcript; a transcript is {"segments":[{"text","start","end"}, …]} with times in seconds\n`,
    });
    // A subtitle file's problem names the file, then the line.
    const reversedCue = join(dir, 'reversed-cue.srt');
    await writeFile(reversedCue, '1\n00:00:02,000 --> 00:00:01,000\nHi\n');
    expect(await run(reversedCue)).toMatchObject({ code: 1, stderr: `${reversedCue}: Line 2: this cue ends before it starts\n` });
    // Nothing said: refused. Too little said for a topic: the empty analysis, and why on stderr.
    const blank = join(dir, 'blank.json');
    await writeFile(blank, JSON.stringify({ segments: [{ text: ' \u200b ', start: 0, end: 5 }] }));
    expect(await run(blank)).toMatchObject({ code: 1, stderr: `${blank} has no words to analyse\n` });
    const music = join(dir, 'music.json');
    const tags = ['[Music]', '(applause)', '[Music]'].map((text, i) => ({ text, start: i * 100, end: i * 100 + 100 }));
    await writeFile(music, JSON.stringify({ segments: tags }));
    expect(await run(music)).toMatchObject({ code: 1, stderr: `${music} has no words to analyse\n` });
    const short = join(dir, 'short.json');
    await writeFile(short, JSON.stringify({ segments: [{ text: 'Hello there.', start: 0, end: 1 }] }));
    expect(await run(short, '--json')).toMatchObject({
      code: 0,
      stdout: '{"topics":[]}\n',
      stderr: 'No topics: the transcript is too short to find any.\n',
    });
    // --json and --format json ask for the same; chapters say on stderr why YouTube would not show them.
    expect(await run(short, '--json', '--format', 'json')).toMatchObject({ code: 0, stdout: '{"topics":[]}\n' });
    expect(await run(short, '--format', 'chapters')).toEqual({
      code: 0,
      stdout: '\n',
      stderr:
        'YouTube shows chapters only when there are at least 3; this video has 0.\nNo topics: the transcript is too short to find any.\n',
    });
    // A control character would reach the captions and notes written from it: named and refused.
    const bell = join(dir, 'bell.json');
    const rung = [
      { text: 'Hello.', start: 0, end: 5 },
      { text: 'Ding \u0007 dong.', start: 5, end: 9 },
    ];
    await writeFile(bell, JSON.stringify({ segments: rung }));
    expect(await run(bell, '--format', 'srt')).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${bell}: segments.1.text must not contain control characters\n`,
    });
    // Text that is not UTF-8, or not text, is refused rather than misread; a folder is named as one.
    const latin1 = join(dir, 'latin1.srt');
    await writeFile(latin1, Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n', 'latin1'));
    expect(await run(latin1)).toMatchObject({
      code: 1,
      stderr: `${latin1}: Line 3 is not UTF-8 text (another encoding, or not text at all): save it as UTF-8\n`,
    });
    const nul = join(dir, 'nul.srt');
    await writeFile(nul, '1\n00:00:01,000 --> 00:00:02,000\nHi\u0000\n');
    expect((await run(nul)).stderr).toBe(`${nul}: Line 3 holds a NUL byte: it is not a text file\n`);
    const folder = join(dir, 'folder.srt');
    await mkdir(folder);
    expect((await run(folder)).stderr).toBe(`Cannot read ${folder}: it is a folder\n`);
    // Options that contradict each other, or an extra INPUT, are named.
    expect(await run(bad, '--json', '--format', 'srt')).toMatchObject({
      code: 2,
      stderr: '--json and --format srt ask for two formats: give one\n',
    });
    for (const format of [['--json'], ['--format', 'srt']]) {
      expect(await run(bad, '--transcript', ...format)).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^--transcript prints the transcript as read, without analysing it/),
      });
    }
    expect(await run(bad, '--transcript', '--provider', 'local')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^--transcript prints the transcript as read, without analysing it: it takes no --provider/),
    });
    expect(await run(bad, 'other.srt')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^One INPUT at a time: unexpected "other.srt"\n/),
    });
    expect(await run('https://vimeo.com/1')).toMatchObject({ code: 1, stderr: expect.stringMatching(/valid YouTube URL/) });
    expect(await run('x.json', '--provider', 'openai')).toMatchObject({
      code: 2,
      stderr: 'The openai provider needs its API key in the environment: set OPENAI_API_KEY (see README).\n',
    });
    // An unknown option is named in our words (Node's would say to put it after the '--' already typed).
    expect(await run('x.json', '--bogus')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Unknown option --bogus\nUsage:/),
    });
    expect(await run('x.json', '--provider', 'nope')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Unknown provider/),
    });
  });

  it('refuses a file too large for any text Node can hold (512 MB) as too large, not as another encoding', async () => {
    const huge = join(dir, 'huge.srt');
    // A sparse file a byte over what one string holds: nothing written to the disk.
    await writeFile(huge, '');
    await truncate(huge, constants.MAX_STRING_LENGTH + 1);
    try {
      const { code, stdout, stderr } = await run(huge);
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
      // Until now: '{file}: Line 1 is not UTF-8 text (another encoding, …)', having read it all (a
      // real file's: a line past its end).
      expect(stderr).toBe(
        `${huge} is too large to read: ${Math.ceil(statSync(huge).size / 2 ** 20)} MB; a transcript file is at most 512 MB\n`,
      );
    } finally {
      await rm(huge);
    }
  }, 60_000);
});

function stamp(seconds: number, separator: string) {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

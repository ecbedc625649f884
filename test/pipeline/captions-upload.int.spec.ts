import { sentencesOf } from '@findclips/analysis';
import {
  captionsMessages,
  videoAnalysisResponseSchema,
  videoMessages,
  videoTranscriptSchema,
  type Topic,
} from '@findclips/contracts';
import { clock } from '@findclips/exports';
import { CachedYoutubeDataEntity } from '@findclips/db';
import { sampleTranscript } from '@findclips/testing';
import { CAPTIONS_UPLOADS_PER_WINDOW } from '../../services/gateway/src/app';
import { startPipeline, type Pipeline } from './harness';

/** One sample segment a line, as a person would paste a video page's timed text. */
const timedText = (seconds: number) =>
  sampleTranscript(seconds)
    .map((segment) => `${clock(segment.start)} ${segment.text}`)
    .join('\n');

const srt = (seconds: number) =>
  sampleTranscript(seconds)
    .map((segment, i) => {
      const time = (value: number) => new Date(Math.round(value * 1000)).toISOString().slice(11, 23).replace('.', ',');
      return `${i + 1}\n${time(segment.start)} --> ${time(segment.end)}\n${segment.text}\n`;
    })
    .join('\n');

/**
 * A video without captions on YouTube is not the end: a member uploads an .srt or .vtt file or
 * pastes timed text, the same pipeline analyses it as their private analysis, and the analysis and
 * its shared page say where the transcript came from.
 */
describe('captions a member brings', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline();
  });
  afterAll(() => p.close());

  /** A video without captions on YouTube, as long as the sample captions of `seconds` run. */
  const uncaptioned = (seconds: number) =>
    p.addVideo(seconds, { tracks: [], durationSeconds: Math.ceil(sampleTranscript(seconds).at(-1)!.end) });

  const privateAnalysis = (videoId: string, userId: number, after = 0) =>
    p.nextEvent(videoId, 'VIDEO_ANALYZED', undefined, { userId, after });

  it('analyses a video without captions from an uploaded .srt file, and says so down to the shared page', async () => {
    const videoId = uncaptioned(600);
    const { browser, user } = await p.member();
    // Without captions the video is refused as before...
    const refused = await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(422);
    expect(refused.body.errorType).toBe('NO_TRANSCRIPT');

    // ...until the member brings them.
    const upload = await browser
      .post(`/api/user-videos/${videoId}/transcript`)
      .send({ text: srt(600), name: 'talk.srt' })
      .expect(202);
    expect(upload.body).toEqual({ videoId, status: 'pending' });
    await privateAnalysis(videoId, user.id);

    // Captions brought may be in any language: none is said of them, even once YouTube has its own.
    await p.gateway.dataSource.getRepository(CachedYoutubeDataEntity).update({ youtubeId: videoId }, { language: 'fr' });
    const mine = videoAnalysisResponseSchema.strict().parse((await browser.get(`/api/user-videos/${videoId}`).expect(200)).body);
    expect(mine).toMatchObject({
      transcriptSource: 'upload',
      transcriptName: 'talk.srt',
      title: `Sample ${videoId}`,
      language: null,
    });
    expect(mine.analyzedTopics.length).toBeGreaterThan(1);
    expect(mine.analyzedTopics.every((topic) => topic.endTime <= sampleTranscript(600).at(-1)!.end + 0.5)).toBe(true);

    // The transcript the member reads along is theirs, with an ETag; nobody else's to read.
    const transcript = await browser.get(`/api/user-videos/${videoId}/transcript`).expect(200);
    expect(videoTranscriptSchema.parse(transcript.body).segments).toEqual(
      sampleTranscript(600).map(({ text, start, end }) => ({ text, start, end })),
    );
    await browser.get(`/api/user-videos/${videoId}/transcript`).set('If-None-Match', transcript.headers.etag!).expect(304);
    await p.gateway.request().get(`/api/videos/${videoId}/transcript`).expect(404);
    const stranger = await (await p.member()).browser.get(`/api/user-videos/${videoId}/transcript`).expect(404);
    expect(stranger.body.message).toBe(captionsMessages.noneUploaded);

    // Moving a start goes to a sentence of the uploaded captions (YouTube has none for this video).
    const [first, second] = mine.analyzedTopics as [Topic, Topic];
    // (All but its earliest quote, which leaves the end of the first topic free: a topic keeps one.)
    const earliest = [...first.quotes].sort((a, b) => a.endTime - b.endTime)[0]!;
    for (const quote of first.quotes.filter((q) => q.id !== earliest.id)) {
      await browser
        .patch(`/api/user-videos/${videoId}`)
        .send({ action: 'removeQuote', topicId: first.id, quoteId: quote.id })
        .expect(200);
    }
    const moved = await browser
      .patch(`/api/user-videos/${videoId}`)
      .send({ action: 'moveStart', topicId: second.id, direction: 'earlier' })
      .expect(200);
    const starts = sentencesOf(sampleTranscript(600)).map((sentence) => Math.round(sentence.start * 100) / 100);
    expect(starts).toContain(moved.body.analyzedTopics[1].startTime);
    expect(moved.body.analyzedTopics[1].startTime).toBeLessThan(second.startTime);

    // New captions replace the analysis: the edits go only with the member's consent.
    const again = await browser.post(`/api/user-videos/${videoId}/transcript`).send({ text: srt(600), name: 'talk-v2.srt' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(videoMessages.editsWouldBeLost);

    const shared = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: (await browser.get(`/api/user-videos/${videoId}`)).body.analyzedTopics })
      .expect(201);
    const page = (await p.gateway.request().get(`/api/shared/${shared.body.shareId}`).expect(200)).body;
    expect(page).toMatchObject({ transcriptSource: 'upload', language: null });
  });

  it('refuses new captions while an analysis of the video runs, which would never read them', async () => {
    const videoId = uncaptioned(300);
    const { browser, user } = await p.member('openai');
    p.openai.latencyMs = 3_000;
    try {
      await browser
        .post(`/api/user-videos/${videoId}/transcript`)
        .send({ text: srt(300), name: 'first.srt' })
        .expect(202);
      const during = await browser
        .post(`/api/user-videos/${videoId}/transcript`)
        .send({ text: timedText(300) })
        .expect(409);
      expect(during.body).toEqual({ message: captionsMessages.analysisRunning, errorType: 'CONFLICT' });
      await privateAnalysis(videoId, user.id);
    } finally {
      p.openai.latencyMs = 0;
    }
    // The captions kept are the ones analysed; once it has finished, new ones are welcome.
    expect((await browser.get(`/api/user-videos/${videoId}`).expect(200)).body.transcriptName).toBe('first.srt');
    await browser
      .post(`/api/user-videos/${videoId}/transcript`)
      .send({ text: timedText(300) })
      .expect(202);
  });

  it('takes one of two uploads sent together for a video, and refuses the other', async () => {
    const videoId = uncaptioned(300);
    const { browser, user } = await p.member('openai');
    p.openai.latencyMs = 2_000;
    try {
      const names = ['one.srt', 'two.srt'];
      const answers = await Promise.all(
        names.map((name) => browser.post(`/api/user-videos/${videoId}/transcript`).send({ text: srt(300), name })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
      await privateAnalysis(videoId, user.id);
      const taken = names[answers.findIndex((answer) => answer.status === 202)];
      expect((await browser.get(`/api/user-videos/${videoId}`).expect(200)).body.transcriptName).toBe(taken);
    } finally {
      p.openai.latencyMs = 0;
    }
  });

  it("says which language YouTube's captions analysed are in, down to the shared page, as a tag ('iw' is 'he')", async () => {
    // Hebrew, which YouTube still codes by its old 'iw'.
    const videoId = p.addVideo(300, { tracks: [{ languageCode: 'iw', segments: sampleTranscript(300) }] });
    const { browser } = await p.member();
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const analysis = videoAnalysisResponseSchema
      .strict()
      .parse((await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body);
    expect(analysis).toMatchObject({ transcriptSource: 'youtube', language: 'he' });
    /** The shared page of the analysis at `read` (the first share made, then updated). */
    const share = async (read: string) => {
      const topics = (await browser.get(read).expect(200)).body.analyzedTopics;
      const made = await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics });
      expect([200, 201]).toContain(made.status);
      return (await p.gateway.request().get(`/api/shared/${made.body.shareId}`).expect(200)).body;
    };
    expect(await share(`/api/cached-videos/${videoId}`)).toMatchObject({ transcriptSource: 'youtube', language: 'he' });

    // YouTube's captions read again in another language (its default track changed): the share
    // says the language its topics were made from.
    await p.gateway.dataSource.getRepository(CachedYoutubeDataEntity).update({ youtubeId: videoId }, { language: 'ar' });
    const [made] = (await browser.get('/api/analysis/shares-map').expect(200)).body as { shareId: string }[];
    expect((await p.gateway.request().get(`/api/shared/${made!.shareId}`).expect(200)).body.language).toBe('he');

    // None is said of captions whose language YouTube does not give.
    const unknown = p.addVideo(300, { tracks: [{ languageCode: 'und', segments: sampleTranscript(300) }] });
    await browser.post(`/api/videos/transcript?videoId=${unknown}`).send({}).expect(202);
    await p.nextEvent(unknown, 'VIDEO_ANALYZED');
    expect((await browser.get(`/api/cached-videos/${unknown}`).expect(200)).body.language).toBeNull();
  });

  it('reads pasted timed text and WebVTT the same way, and a re-analysis reads them again', async () => {
    const videoId = uncaptioned(300);
    const { browser, user } = await p.member();
    await browser
      .post(`/api/user-videos/${videoId}/transcript`)
      .send({ text: timedText(300) })
      .expect(202);
    await privateAnalysis(videoId, user.id);
    const mine = (await browser.get(`/api/user-videos/${videoId}`).expect(200)).body;
    expect(mine).toMatchObject({ transcriptSource: 'upload', transcriptName: 'pasted text' });
    expect(mine.analyzedTopics.length).toBeGreaterThan(0);
    const events = p.events.length;
    await browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true }).expect(202);
    await privateAnalysis(videoId, user.id, events);
    expect(p.events.slice(events).map((e) => e.type)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    expect((await browser.get(`/api/user-videos/${videoId}`).expect(200)).body.transcriptSource).toBe('upload');

    const vttVideo = uncaptioned(300);
    const vtt = `WEBVTT\n\n${srt(300).replace(/(\d\d),(\d\d\d)/g, '$1.$2')}`;
    await browser.post(`/api/user-videos/${vttVideo}/transcript`).send({ text: vtt, name: 'talk.vtt' }).expect(202);
    await privateAnalysis(vttVideo, user.id);
    const fromVtt = (await browser.get(`/api/user-videos/${vttVideo}/transcript`).expect(200)).body;
    expect(fromVtt.segments).toEqual(sampleTranscript(300).map(({ text, start, end }) => ({ text, start, end })));
    // A video with captions on YouTube says they came from there.
    const captioned = p.addVideo(300);
    await browser.post(`/api/videos/transcript?videoId=${captioned}`).send({}).expect(202);
    await p.nextEvent(captioned, 'VIDEO_ANALYZED');
    const share = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: captioned, topics: (await browser.get(`/api/cached-videos/${captioned}`)).body.analyzedTopics })
      .expect(201);
    expect((await p.gateway.request().get(`/api/shared/${share.body.shareId}`).expect(200)).body.transcriptSource).toBe(
      'youtube',
    );
  });

  it("refuses a member's caption files past 20 a window before reading them; another member's are still read", async () => {
    const videoId = uncaptioned(300);
    const { browser } = await p.member();
    const send = (who: typeof browser, text: string) => who.post(`/api/user-videos/${videoId}/transcript`).send({ text });
    for (let i = 0; i < CAPTIONS_UPLOADS_PER_WINDOW; i++) await send(browser, '').expect(400);
    // Each 8 MB file costs the gateway's loop its reading: the next is refused unread, however good.
    const refused = await send(browser, timedText(240)).expect(429);
    expect(refused.body).toEqual({
      message: 'Too many caption files sent. Please try again in 15 minutes.',
      errorType: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const { browser: other } = await p.member();
    await send(other, timedText(240)).expect(202);
  });

  it("takes captions held up to 30 s past the video's end (a last cue left on screen), not more", async () => {
    const { browser } = await p.member();
    const upTo = (end: number) =>
      `1\n00:00:00,000 --> ${new Date(end * 1000).toISOString().slice(11, 23).replace('.', ',')}\nHello there.\n`;
    const within = p.addVideo(300, { tracks: [], durationSeconds: 300 });
    await browser
      .post(`/api/user-videos/${within}/transcript`)
      .send({ text: upTo(320) })
      .expect(202);
    const past = p.addVideo(300, { tracks: [], durationSeconds: 300 });
    const refused = await browser
      .post(`/api/user-videos/${past}/transcript`)
      .send({ text: upTo(331) })
      .expect(400);
    expect(refused.body.message).toBe(captionsMessages.pastTheEnd(300));
  });

  it('refuses bad captions with a 4xx naming the line, and stores nothing', async () => {
    const videoId = uncaptioned(300);
    const { browser } = await p.member();
    const send = (body: object) => browser.post(`/api/user-videos/${videoId}/transcript`).send(body);
    expect(
      (
        await send({
          text: '1\n00:00:01,000 --> 00:00:04,000\nFine.\n\n2\n00:00:05,000 -> 00:00:09\nBroken.\n\n3\nx --> y\n',
        }).expect(400)
      ).body,
    ).toEqual({
      errorType: 'VALIDATION_ERROR',
      field: 'text',
      message: 'Line 10: a cue\'s times must read like "00:01:02,500 --> 00:01:05,000"',
    });
    // SubRip its parser cannot read (a stray line before the times) is the person's mistake too.
    expect((await send({ text: '1\nstray line\n00:00:01,000 --> 00:00:04,000\nHi.\n' }).expect(400)).body.message).toBe(
      'Line 2: not SubRip we can read: each cue is its number, then its times ("00:01:02,500 --> 00:01:05,000"), then its text',
    );
    expect((await send({ text: 'Just words, no times.' }).expect(400)).body.message).toBe(
      'Line 1: each line of timed text starts with its time, like "1:02 Welcome back"',
    );
    expect((await send({ text: '' }).expect(400)).body.message).toBe(captionsMessages.textRequired);
    expect((await send({ text: '0:00 Hi\n2:00:31 Past two hours' }).expect(422)).body.message).toBe(captionsMessages.tooLong);
    // Captions may run 30 s past the two hours (a video of 2:00:00 whose last words end after it);
    // these are refused only for running past this video's end.
    const length = Math.ceil(sampleTranscript(300).at(-1)!.end);
    expect((await send({ text: '0:00 Hi\n2:00:30 At the edge' }).expect(400)).body.message).toBe(
      captionsMessages.pastTheEnd(length),
    );
    // A last line said within the two hours is not past them for the time its words are guessed to take (here, past this video's end).
    const paragraph = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    expect((await send({ text: `0:00 Hi\n1:59:50 ${paragraph}` }).expect(400)).body.message).toBe(
      captionsMessages.pastTheEnd(Math.ceil(sampleTranscript(300).at(-1)!.end)),
    );
    expect(
      (await send({ text: `0:00 Hi\n${Math.floor(length / 60) + 2}:00 Past the end of the video` }).expect(400)).body.message,
    ).toBe(captionsMessages.pastTheEnd(length));
    expect((await send({ text: 'x'.repeat(2_000_001) }).expect(400)).body.message).toBe(captionsMessages.tooLarge);
    const huge = await send({ text: 'x'.repeat(8_500_000) }).expect(413);
    expect(huge.body.message).toBe('The request body is too large (8 MB at most)');
    // A video with captions on YouTube is analysed from those.
    const captioned = await browser
      .post(`/api/user-videos/${p.addVideo(300)}/transcript`)
      .send({ text: '0:00 Hi' })
      .expect(409);
    expect(captioned.body.message).toBe(captionsMessages.hasCaptions);
    // Said before the file is read (reading 2 million characters held the gateway 0.5 s for a
    // refusal): a file that could not be read is refused for the video's captions all the same.
    const unreadFile = await browser
      .post(`/api/user-videos/${p.addVideo(300)}/transcript`)
      .send({ text: 'no time in any of these words' })
      .expect(409);
    expect(unreadFile.body.message).toBe(captionsMessages.hasCaptions);
    // Every other route keeps its 100 kB limit.
    expect(
      (
        await browser
          .patch(`/api/user-videos/${videoId}`)
          .send({ action: 'x'.repeat(110_000) })
          .expect(413)
      ).body.message,
    ).toBe('The request body is too large (100 kB at most)');
    await p.gateway.browser().post(`/api/user-videos/${videoId}/transcript`).send({ text: '0:00 Hi' }).expect(401);
    // Nobody's 2 MB body is read before they are known to be a member: a visitor's is not even parsed.
    const unread = await p.gateway
      .request()
      .post(`/api/User-Videos/${videoId}/transcript/`)
      .set('content-type', 'application/json')
      .send(`{"text": "${'x'.repeat(2_000_000)}`)
      .expect(401);
    expect(unread.body.message).not.toMatch(/JSON/);
    // Nothing was stored or queued.
    await browser.get(`/api/user-videos/${videoId}/transcript`).expect(404);
    expect(p.events.filter((e) => e.videoId === videoId)).toEqual([]);
    expect((await browser.get(`/api/user-videos/${videoId}`).expect(404)).body.message).toBe(videoMessages.notFound);
  });
});

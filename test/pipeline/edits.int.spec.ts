import {
  captionsMessages,
  editMessages,
  historyVideoSchema,
  videoAnalysisResponseSchema,
  videoMessages,
  type Quote,
  type Topic,
} from '@findclips/contracts';
import { captionsOf, DEMO_VIDEOS, until } from '@findclips/testing';
import { z } from 'zod';
import { startPipeline, type Pipeline } from './harness';

/**
 * A member edits their analysis before sharing it (rename, remove topics and quotes, move a start
 * by one sentence): the edits are theirs alone, survive reload, history and sharing, can be
 * undone, and a re-analysis discards them only when the member says so.
 */
describe("editing a member's analysis", () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline();
  });
  afterAll(() => p.close());

  /** A member with a finished analysis of a new 5-minute video, as they read it. */
  async function analysed() {
    const videoId = p.addVideo(300);
    const member = await p.member();
    await member.browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const topics: Topic[] = (await member.browser.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
    expect(topics.length).toBeGreaterThan(2);
    return { ...member, videoId, topics };
  }
  const read = (response: { body: unknown }) => videoAnalysisResponseSchema.strict().parse(response.body);

  it('renames, removes and moves; the edits survive reload, show in history and can be shared', async () => {
    const { browser, videoId, topics } = await analysed();
    const [first, second] = topics as [Topic, Topic];
    // Nothing of their own before the first edit: the dashboard reads the shared analysis.
    await browser.get(`/api/user-videos/${videoId}`).expect(404);

    const edit = (body: object) => browser.patch(`/api/user-videos/${videoId}`).send(body);
    const renamed = read(await edit({ action: 'rename', topicId: second.id, title: '  Why cities add bus lanes ' }).expect(200));
    expect(renamed.analyzedTopics[1]!.title).toBe('Why cities add bus lanes');
    expect(renamed).toMatchObject({ isUserSpecific: true, editedAt: expect.any(String) });

    // Quotes go, but for one a topic: the first topic keeps its earliest, which leaves the end of it
    // free for the second to move into, and the second its latest, which leaves its start free.
    const kept = [
      [...first.quotes].sort((a, b) => a.endTime - b.endTime)[0]!,
      [...second.quotes].sort((a, b) => b.startTime - a.startTime)[0]!,
    ];
    for (const [i, topic] of [first, second].entries()) {
      for (const quote of topic.quotes) {
        if (quote.id !== kept[i]!.id) await edit({ action: 'removeQuote', topicId: topic.id, quoteId: quote.id }).expect(200);
      }
      // Each topic keeps one or more quotes.
      const last = await edit({ action: 'removeQuote', topicId: topic.id, quoteId: kept[i]!.id }).expect(409);
      expect(last.body.message).toBe(editMessages.lastQuote);
    }
    let mine = read(await browser.get(`/api/user-videos/${videoId}`).expect(200));
    expect(mine.analyzedTopics.slice(0, 2).map((t) => t.quotes.map((q) => q.id))).toEqual(kept.map((q) => [q.id]));

    // Moving the second topic's start one sentence earlier, then one later: the first topic follows.
    const earlier = read(await edit({ action: 'moveStart', topicId: second.id, direction: 'earlier' }).expect(200));
    const moved = earlier.analyzedTopics[1]!.startTime;
    expect(moved).toBeLessThan(second.startTime);
    expect(moved).toBeGreaterThan(first.startTime);
    expect(earlier.analyzedTopics[0]!.endTime).toBe(moved);
    const later = read(await edit({ action: 'moveStart', topicId: second.id, direction: 'later' }).expect(200));
    expect(later.analyzedTopics[1]!.startTime).toBeGreaterThan(moved);
    expect(later.analyzedTopics[1]!.startTime).toBeLessThan(second.endTime);
    expect(later.analyzedTopics[0]!.endTime).toBe(later.analyzedTopics[1]!.startTime);
    // Sentence starts both ways: one sentence earlier again is where the first move went.
    const back = read(await edit({ action: 'moveStart', topicId: second.id, direction: 'earlier' }).expect(200));
    expect(back.analyzedTopics[1]!.startTime).toBe(moved);

    // A topic removed by mistake comes back alone, with the title it had; the other edits stay.
    const third = topics[2]!;
    await edit({ action: 'rename', topicId: third.id, title: 'Renamed, then removed' }).expect(200);
    await edit({ action: 'removeTopic', topicId: third.id }).expect(200);
    const restored = read(
      await edit({
        action: 'restoreTopic',
        topicId: third.id,
        title: 'Renamed, then removed',
        startTime: third.startTime,
        endTime: third.endTime,
        quoteIds: third.quotes.map((quote) => quote.id),
      }).expect(200),
    );
    expect(restored.analyzedTopics[2]).toEqual({ ...third, title: 'Renamed, then removed' });
    expect(restored.analyzedTopics[1]!.title).toBe('Why cities add bus lanes');
    expect((await edit({ action: 'restoreTopic', topicId: third.id }).expect(409)).body.message).toBe(editMessages.notRemoved);

    const removed = read(await edit({ action: 'removeTopic', topicId: topics.at(-1)!.id }).expect(200));
    expect(removed.analyzedTopics).toHaveLength(topics.length - 1);
    mine = read(await browser.get(`/api/user-videos/${videoId}`).expect(200));
    expect(mine.analyzedTopics).toEqual(removed.analyzedTopics);
    const [card] = z.array(historyVideoSchema).parse((await browser.get('/api/videos').expect(200)).body);
    expect(card).toMatchObject({ youtubeId: videoId, topicCount: topics.length - 1 });

    // Everyone else still reads the analysis as it was made.
    expect((await p.gateway.browser().get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics).toEqual(topics);

    // Shared (and shared again): the page shows the edited topics.
    const shared = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: mine.analyzedTopics, title: 'Edited' })
      .expect(201);
    const page = (await p.gateway.request().get(`/api/shared/${shared.body.shareId}`).expect(200)).body;
    expect(page.sharedTopics[1].title).toBe('Why cities add bus lanes');
    const lastEdit = read(await edit({ action: 'rename', topicId: first.id, title: 'The opening' }).expect(200));
    mine = read(await browser.get(`/api/user-videos/${videoId}`).expect(200));
    await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics: mine.analyzedTopics }).expect(200);
    expect((await p.gateway.request().get(`/api/shared/${shared.body.shareId}`).expect(200)).body.sharedTopics[0].title).toBe(
      'The opening',
    );

    // Undoing every edit restores the analysis as it was made.
    const undone = read(await browser.delete(`/api/user-videos/${videoId}/edits`).expect(200));
    expect(undone).toMatchObject({ analyzedTopics: topics, editedAt: null, isUserSpecific: false });
    // Its time orders it after the last edit, so the tab shows it over that edit's late answer.
    expect(undone.editsUndoneAt! > lastEdit.editedAt!).toBe(true);
    await browser.get(`/api/user-videos/${videoId}`).expect(404);
  });

  it('brings a removed quote back into its place, alone, and not once its topic has moved past it', async () => {
    // A guest's analysis of the demo's talk, by the built-in analyzer (which quotes a topic more
    // than once), that a member then opens from a link.
    const talk = DEMO_VIDEOS[0];
    const videoId = p.addVideo(talk.minutes * 60, {
      tracks: [{ languageCode: 'en', segments: captionsOf(talk.paragraphs, talk.minutes * 60) }],
    });
    await p.gateway.browser().post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const { browser } = await p.member();
    const topics: Topic[] = (await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
    const topic = topics.find((t) => t.quotes.length > 1)!;
    expect(topic).toBeDefined();
    const edit = (body: object) => browser.patch(`/api/user-videos/${videoId}`).send(body);
    const [first, second] = topic.quotes as [Quote, Quote];
    await edit({ action: 'rename', topicId: topic.id, title: 'Renamed before' }).expect(200);
    await edit({ action: 'removeQuote', topicId: topic.id, quoteId: first.id }).expect(200);
    const restored = read(await edit({ action: 'restoreQuote', topicId: topic.id, quoteId: first.id }).expect(200));
    expect(restored.analyzedTopics.find((t) => t.id === topic.id)).toEqual({ ...topic, title: 'Renamed before' });
    const again = await edit({ action: 'restoreQuote', topicId: topic.id, quoteId: first.id }).expect(409);
    expect(again.body.message).toBe(editMessages.quoteNotRemoved);

    // Its topic now starts after it (after its first sentence, which starts where the quote does,
    // to the hundredth): the quote has no place to come back to.
    await edit({ action: 'removeQuote', topicId: topic.id, quoteId: first.id }).expect(200);
    let start = topic.startTime;
    while (start <= first.startTime + 1) {
      const moved = read(await edit({ action: 'moveStart', topicId: topic.id, direction: 'later' }).expect(200));
      start = moved.analyzedTopics.find((t) => t.id === topic.id)!.startTime;
    }
    expect(start).toBeLessThanOrEqual(second.startTime);
    const outside = await edit({ action: 'restoreQuote', topicId: topic.id, quoteId: first.id }).expect(409);
    expect(outside.body.message).toBe(editMessages.quoteOutsideTopic);
    const unknown = await edit({ action: 'restoreQuote', topicId: topic.id, quoteId: 'no-such-quote' }).expect(404);
    expect(unknown.body).toMatchObject({ errorType: 'NOT_FOUND', message: editMessages.quoteNotMade });
  });

  it("puts an analysis a link opened in the member's history once they edit or share it, where it stands", async () => {
    const { videoId, topics } = await analysed();
    const cards = async (browser: Awaited<ReturnType<Pipeline['member']>>['browser']) =>
      z
        .array(historyVideoSchema)
        .parse((await browser.get('/api/videos').expect(200)).body)
        .map((card) => card.youtubeId);
    // Another member opens the analysis from a link (no submission): nothing in their history yet.
    const editor = await p.member();
    expect(await cards(editor.browser)).toEqual([]);
    await editor.browser
      .patch(`/api/user-videos/${videoId}`)
      .send({ action: 'rename', topicId: topics[0]!.id, title: 'Mine now' });
    expect(await cards(editor.browser)).toEqual([videoId]);

    // A third shares it as it is; a video they processed since stays on top (sharing moves nothing).
    const sharer = await p.member();
    const shared = await sharer.browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201);
    expect(await cards(sharer.browser)).toEqual([videoId]);
    const later = p.addVideo(300);
    await sharer.browser.post(`/api/videos/transcript?videoId=${later}`).send({}).expect(202);
    await sharer.browser.post('/api/analysis/share').send({ youtubeId: videoId, topics, title: 'Again' }).expect(200);
    expect(await cards(sharer.browser)).toEqual([later, videoId]);
    // Its card is where the share is managed.
    const map = (await sharer.browser.get('/api/analysis/shares-map').expect(200)).body;
    expect(map).toEqual([{ shareId: shared.body.shareId, youtubeId: videoId }]);
  });

  it("refuses captions for a video YouTube captions as such, before asking to discard the member's edits", async () => {
    const { browser, videoId, topics } = await analysed();
    await browser
      .patch(`/api/user-videos/${videoId}`)
      .send({ action: 'rename', topicId: topics[0]!.id, title: 'Mine' })
      .expect(200);
    // Asked to confirm first, the member who did would then be refused all the same.
    const refused = await browser
      .post(`/api/user-videos/${videoId}/transcript`)
      .send({ text: '0:00 Hi\n0:05 There' })
      .expect(409);
    expect(refused.body.message).toBe(captionsMessages.hasCaptions);
  });

  it('answers a bad edit with a 4xx that says what is wrong, and only to the member who can read it', async () => {
    const { browser, videoId, topics } = await analysed();
    const edit = (body: unknown) => browser.patch(`/api/user-videos/${videoId}`).send(body as object);
    expect((await edit({ action: 'fly', topicId: topics[0]!.id }).expect(400)).body).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      message: editMessages.unknownAction,
    });
    // No object at all is said as every route says it (it was named an unknown action).
    for (const body of ['null', '[]', '"rename"']) {
      const refused = await browser.patch(`/api/user-videos/${videoId}`).set('content-type', 'application/json').send(body);
      expect([refused.status, refused.body]).toEqual([
        400,
        { errorType: 'VALIDATION_ERROR', field: 'body', message: 'The request body must be a JSON object' },
      ]);
    }
    for (const title of ['   ', '\u200B', '\u202E', '\u3164\u3164']) {
      expect((await edit({ action: 'rename', topicId: topics[0]!.id, title }).expect(400)).body).toMatchObject({
        field: 'title',
        message: editMessages.titleRequired,
      });
    }
    expect((await edit({ action: 'rename', topicId: topics[0]!.id, title: 'x'.repeat(121) }).expect(400)).body.message).toBe(
      'A title must be at most 120 characters',
    );
    expect((await edit({ action: 'rename', topicId: topics[0]!.id, title: 'Bad\u0000title' }).expect(400)).body.field).toBe(
      'title',
    );
    expect((await edit({ action: 'moveStart', topicId: topics[0]!.id, direction: 'sideways' }).expect(400)).body.field).toBe(
      'direction',
    );
    expect((await edit({ action: 'rename', topicId: 'no-such-topic', title: 'New' }).expect(404)).body.message).toBe(
      editMessages.topicNotFound,
    );
    expect((await edit({ action: 'moveStart', topicId: topics[0]!.id, direction: 'earlier' }).expect(409)).body.message).toBe(
      editMessages.noEarlier,
    );
    for (const topic of topics.slice(1)) await edit({ action: 'removeTopic', topicId: topic.id }).expect(200);
    expect((await edit({ action: 'removeTopic', topicId: topics[0]!.id }).expect(409)).body.message).toBe(editMessages.lastTopic);

    // A guest, a stranger and an unknown video.
    await p.gateway.browser().patch(`/api/user-videos/${videoId}`).send({ action: 'removeTopic', topicId: 'x' }).expect(401);
    const stranger = await p.member();
    expect((await stranger.browser.get(`/api/user-videos/${videoId}`).expect(404)).body.message).toBe(
      videoMessages.noneOfYourOwn,
    );
    await browser.patch(`/api/user-videos/${p.addVideo()}`).send({ action: 'removeTopic', topicId: 'x' }).expect(404);
    await browser.patch('/api/user-videos/not-an-id').send({ action: 'removeTopic', topicId: 'x' }).expect(400);
  });

  it('asks before a re-analysis discards the edits, then replaces them with the new analysis', async () => {
    const { browser, user, videoId, topics } = await analysed();
    await browser
      .patch(`/api/user-videos/${videoId}`)
      .send({ action: 'rename', topicId: topics[0]!.id, title: 'Mine' })
      .expect(200);
    const refused = await browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true }).expect(409);
    expect(refused.body).toEqual({ errorType: 'CONFLICT', message: videoMessages.editsWouldBeLost });
    // Refused, the edits are still there.
    expect(read(await browser.get(`/api/user-videos/${videoId}`).expect(200)).analyzedTopics[0]!.title).toBe('Mine');

    await browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true, discardEdits: true }).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', undefined, { userId: user.id });
    const fresh = read(await browser.get(`/api/user-videos/${videoId}`).expect(200));
    expect(fresh).toMatchObject({ editedAt: null, isUserSpecific: true, userAnalysisUpdatedAt: expect.any(String) });
    expect(fresh.analyzedTopics.map((t) => t.title)).not.toContain('Mine');
    // No edits left: the next re-analysis needs no confirmation.
    await browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true }).expect(202);
  });

  it('an edit and a re-analysis sent together: one is refused, so no edit is lost without the member agreeing', async () => {
    const { browser, user, videoId, topics } = await analysed();
    // The member's turn on the video held for a moment, as a slow request would: the edit waits for it first.
    const holder = p.gateway.dataSource.createQueryRunner();
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await holder.query(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1::int::oid`,
            [user.id],
          )
        )[0].n,
      );
    try {
      await holder.query('SELECT pg_advisory_lock($1, hashtext($2))', [user.id, videoId]);
      // (A request is sent once `then` is called: each is sent here, not awaited yet.)
      const edit = browser
        .patch(`/api/user-videos/${videoId}`)
        .send({ action: 'rename', topicId: topics[0]!.id, title: 'Mine' })
        .then((r) => r);
      await until(async () => (await waiting()) === 1, 5_000, 'the edit waiting its turn');
      let answered = false;
      const reanalysis = browser
        .post('/api/videos/analyze')
        .send({ videoId, forceReanalyze: true })
        .then((r) => ((answered = true), r));
      await until(async () => answered || (await waiting()) === 2, 5_000, 'the re-analysis answered or waiting its turn');
      await holder.query('SELECT pg_advisory_unlock($1, hashtext($2))', [user.id, videoId]);
      const [edited, queued] = await Promise.all([edit, reanalysis]);
      expect([edited.status, queued.status]).toEqual([200, 409]);
      expect(queued.body.message).toBe(videoMessages.editsWouldBeLost);
      expect(read(await browser.get(`/api/user-videos/${videoId}`).expect(200)).analyzedTopics[0]!.title).toBe('Mine');
    } finally {
      await holder.release();
    }
  });

  it('an edit that cannot have its turn within 5 s answers 503, giving its connection back, and works once the turn is free', async () => {
    const { browser, user, videoId, topics } = await analysed();
    const holder = p.gateway.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, hashtext($2))', [user.id, videoId]);
      const rename = () =>
        browser.patch(`/api/user-videos/${videoId}`).send({ action: 'rename', topicId: topics[0]!.id, title: 'Mine' });
      const waited = await rename().expect(503);
      expect(waited.body).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        errorType: 'SERVICE_UNAVAILABLE',
      });
      await holder.query('SELECT pg_advisory_unlock($1, hashtext($2))', [user.id, videoId]);
      expect(read(await rename().expect(200)).analyzedTopics[0]!.title).toBe('Mine');
    } finally {
      await holder.release();
    }
  });
});

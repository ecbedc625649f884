// A share's readers, whose topics the gateway keeps in memory, while its owner shares it again.
import type { Topic } from '@findclips/contracts';
import { Shares } from '@findclips/db';
import { buildUser } from '@findclips/testing';
import { randomUUID } from 'node:crypto';
import { startOneConnectionGateway } from '../test/harness';
import { SharedTopics } from './read-share';

const topic = (id: string, title: string, startTime: number): Topic => ({
  id,
  title,
  startTime,
  endTime: startTime + 60,
  quotes: [{ id: `${id}q`, content: `${title} carry more people than cars.`, startTime: startTime + 5, endTime: startTime + 20 }],
});
const buses = [topic('t1', 'Buses', 0), topic('t2', 'Trams', 60)];
const bikes = [topic('t3', 'Bikes', 120)];

describe("a share's topics, kept in memory by the gateway", () => {
  let one: Awaited<ReturnType<typeof startOneConnectionGateway>>;
  let shares: Shares;
  beforeAll(async () => {
    one = await startOneConnectionGateway();
    shares = new Shares(one.dataSource);
  });
  afterAll(() => one.close());

  const youtubeId = () => `k${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  /** What a visitor reads: the share's topics, and the titles of the page's key moments. */
  const visit = async (shareId: string) => {
    const read = await one.gw.request().get(`/api/shared/${shareId}`);
    const page = await one.gw.request().get(`/shared/${shareId}`);
    const moments = [...page.text.matchAll(/"@type":"Clip","name":"([^"]+)"/g)].map((m) => m[1]);
    return { status: [read.status, page.status], titles: read.body.sharedTopics?.map((t: Topic) => t.title), moments };
  };

  it('shows what is shared now once shared again, removed or made private, though read before', async () => {
    const { id: userId } = await buildUser(one.dataSource);
    const video = youtubeId();
    const { share } = await shares.upsert(
      { userId },
      { youtubeId: video, topics: buses, transcriptSource: 'youtube', language: null },
    );
    expect(await visit(share.shareId)).toEqual({ status: [200, 200], titles: ['Buses', 'Trams'], moments: ['Buses', 'Trams'] });
    await shares.upsert({ userId }, { youtubeId: video, topics: bikes, transcriptSource: 'youtube', language: null });
    expect(await visit(share.shareId)).toEqual({ status: [200, 200], titles: ['Bikes'], moments: ['Bikes'] });
    // Shared again with the first topics: the same as before, read again.
    await shares.upsert({ userId }, { youtubeId: video, topics: buses, transcriptSource: 'youtube', language: null });
    expect(await visit(share.shareId)).toEqual({ status: [200, 200], titles: ['Buses', 'Trams'], moments: ['Buses', 'Trams'] });

    await one.dataSource.query('UPDATE shared_analysis SET is_public = false WHERE share_id = $1', [share.shareId]);
    expect(await visit(share.shareId)).toEqual({ status: [404, 404], titles: undefined, moments: [] });
    await shares.upsert({ userId }, { youtubeId: video, topics: buses, transcriptSource: 'youtube', language: null });
    expect((await visit(share.shareId)).status).toEqual([200, 200]);
    expect(await shares.remove(userId, share.shareId)).toBe(true);
    expect(await visit(share.shareId)).toEqual({ status: [404, 404], titles: undefined, moments: [] });
  });

  it('answers the topics shared at that moment when the share is shared again between its two reads', async () => {
    const { id: userId } = await buildUser(one.dataSource);
    const video = youtubeId();
    const { share } = await shares.upsert(
      { userId },
      { youtubeId: video, topics: buses, transcriptSource: 'youtube', language: null },
    );

    // A visitor's first read (the share, its topics' MD5) waits for the busy connection; the
    // owner's new topics are written between that read and the read of the topics.
    const { freed } = await one.hold();
    const reading = one.gw.request().get(`/api/shared/${share.shareId}`).then();
    await one.waiting(1, "the visitor's read of the share");
    const written = shares.upsert({ userId }, { youtubeId: video, topics: bikes, transcriptSource: 'youtube', language: null });
    await freed;
    await written;
    const raced = await reading;
    expect([raced.status, raced.body.sharedTopics]).toEqual([200, bikes]);
  });

  it('answers 503, not "not found", for a share shared again during each of its two reads', async () => {
    const { id: userId } = await buildUser(one.dataSource);
    const video = youtubeId();
    const share = (topics: Topic[]) =>
      shares.upsert({ userId }, { youtubeId: video, topics, transcriptSource: 'youtube', language: null });
    const { share: made } = await share(buses);

    // The owner's two new shares each take their turn on the connection between the visitor's
    // read of the share and the read of its topics.
    const { freed } = await one.hold();
    const reading = one.gw.request().get(`/api/shared/${made.shareId}`).then();
    await one.waiting(1, "the visitor's read of the share");
    const written = share(bikes).then(() => share(buses));
    await freed;
    await written;
    const raced = await reading;
    expect([raced.status, raced.body]).toEqual([
      503,
      { message: 'The service is temporarily unavailable. Please try again shortly.', errorType: 'SERVICE_UNAVAILABLE' },
    ]);
    // Once the owner is done, the share reads as shared last.
    expect((await one.gw.request().get(`/api/shared/${made.shareId}`).expect(200)).body.sharedTopics).toEqual(buses);
  });

  it('says the topics changed, rather than failing, when they are pushed out of memory while being read', async () => {
    const { id: userId } = await buildUser(one.dataSource);
    const kept = await shares.upsert(
      { userId },
      { youtubeId: youtubeId(), topics: buses, transcriptSource: 'youtube', language: null },
    );
    const changed = await shares.upsert(
      { userId },
      { youtubeId: youtubeId(), topics: bikes, transcriptSource: 'youtube', language: null },
    );
    const [keptShare, changedShare] = [
      (await shares.findPublic(kept.share.shareId))!,
      (await shares.findPublic(changed.share.shareId))!,
    ];
    // Room for the first share's topics only: kept, they push out the second's read, still running.
    const room = 4 * (await new SharedTopics(shares).read(keptShare))!.json.length;
    const memory = new SharedTopics(shares, { maxBytes: room });
    // On the one connection the first read is answered first; the second share was shared again
    // since its MD5 was read.
    const [first, second] = await Promise.allSettled([
      memory.read(keptShare),
      memory.read({ ...changedShare, topicsTag: '0'.repeat(32) }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { topics: buses } });
    expect(second).toEqual({ status: 'fulfilled', value: undefined });
  });
});

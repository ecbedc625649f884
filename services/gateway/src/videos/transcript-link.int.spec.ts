// POST /api/videos/transcript with the link the member pasted: refused unless it names the video asked for.
import { videoMessages, youtubeLinkMessages } from '@findclips/contracts';
import { sampleTranscript, startFakeYoutube, strongPassword, uniqueEmail, type FakeYoutube } from '@findclips/testing';
import { startTestGateway, type TestGateway } from '../test/harness';

describe('a member submitting the link they pasted', () => {
  let youtube: FakeYoutube;
  let gw: TestGateway;
  beforeAll(async () => {
    youtube = await startFakeYoutube();
    gw = await startTestGateway({ YOUTUBE_BASE_URL: youtube.url });
  });
  afterAll(async () => {
    await gw.close();
    await youtube.close();
  });

  async function member() {
    const browser = gw.browser();
    await browser
      .post('/api/register')
      .send({ email: uniqueEmail('link'), password: strongPassword() })
      .expect(201);
    return browser;
  }

  it.each([
    ['not a YouTube link', 'https://vimeo.com/123', youtubeLinkMessages.invalidUrl.description],
    [
      'a YouTube link without a video id',
      'https://www.youtube.com/channel/UC1234567890',
      youtubeLinkMessages.noVideoId.description,
    ],
    ['a link to another video', 'https://youtu.be/dQw4w9WgXcQ', videoMessages.otherVideo],
  ])('is refused %s, naming the field, before YouTube is asked', async (_what, youtubeUrl, message) => {
    const browser = await member();
    const before = youtube.counts.player;
    const res = await browser.post('/api/videos/transcript?videoId=linkVideo01').send({ youtubeUrl }).expect(400);
    expect(res.body).toMatchObject({ message, field: 'youtubeUrl' });
    expect(youtube.counts.player).toBe(before);
  });

  it('is taken when the link, as pasted from a sentence, names the video asked for', async () => {
    youtube.addVideo({ id: 'linkVideo02', tracks: [{ languageCode: 'en', segments: sampleTranscript(20) }] });
    const browser = await member();
    const res = await browser
      .post('/api/videos/transcript?videoId=linkVideo02')
      .send({ youtubeUrl: '(https://www.youtube.com/watch?v=linkVideo02&t=42s).' });
    expect(res.status).toBeLessThan(300);
  });
});

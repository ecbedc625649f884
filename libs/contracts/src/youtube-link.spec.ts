import { parseYoutubeLink, youtubeLinkMessages } from './youtube-link';

const ID = 'dQw4w9WgXcQ';

describe('parseYoutubeLink', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `http://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}#comments`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}?si=abc`,
    `https://www.youtube.com/embed/${ID}?start=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?feature=shared`,
    `https://www.youtube.com/v/${ID}`,
    `https://www.youtube.com/v/${ID}&hl=en_US&fs=1`,
    `  HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}  `,
    // Copied from a sentence or a message: its punctuation, quotes, brackets, an invisible space.
    `https://youtu.be/${ID}.`,
    `https://www.youtube.com/watch?v=${ID},`,
    `(https://youtu.be/${ID})`,
    `"https://youtu.be/${ID}"`,
    `“https://youtu.be/${ID}”.`,
    `<https://www.youtube.com/watch?v=${ID}>`,
    `\u200Bhttps://youtu.be/${ID}\uFEFF`,
    `HTTPS://YOUTU.BE/${ID}`,
    `[https://youtu.be/${ID}]`,
    `https://www.youtube.com/watch?v=${ID}?`,
    `« https://youtu.be/${ID} »`,
    `https://www.youtube.com//watch?v=${ID}`,
  ])('reads the id from %s', (link) => {
    expect(parseYoutubeLink(link)).toEqual({ ok: true, videoId: ID });
  });

  it('reads a pasted text of a million characters, each end gone through once', () => {
    // (A regular expression for the same went back over each end at every position: 5 s for
    // 100,000 characters, hours for these; the test would never finish.)
    expect(parseYoutubeLink(`https://youtu.be/${ID}${'.'.repeat(1_000_000)}x`).ok).toBe(false);
    expect(parseYoutubeLink(`${'('.repeat(1_000_000)}https://youtu.be/${ID}${')'.repeat(1_000_000)}`)).toEqual({
      ok: true,
      videoId: ID,
    });
  });

  it.each([
    'https://vimeo.com/123',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'not a link',
    '',
  ])('refuses %p as not a YouTube link', (link) => {
    expect(parseYoutubeLink(link)).toEqual({ ok: false, reason: 'invalidUrl', ...youtubeLinkMessages.invalidUrl });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
    'https://www.youtube.com/',
    'https://www.youtube.com/channel/UC1234567890',
    'https://youtu.be/',
    'https://www.youtube.com/shorts/bad$chars!!',
    'https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
    'https://www.youtube.com/embed/live_stream?channel=UCx0sYbCqOb8TBPRdmBHs5If',
    // A YouTube link with no path, or whose v= is on no watch page.
    'youtube.com',
    'https://youtu.be',
    'https://www.youtube.com?v=dQw4w9WgXcQ',
    'https://www.youtube.com/results?v=dQw4w9WgXcQ',
    // Only the old Flash /v/ form carries its parameters in the path.
    'https://www.youtube.com/embed/dQw4w9WgXcQ&autoplay=1',
  ])('refuses %p as having no 11-character video id', (link) => {
    expect(parseYoutubeLink(link)).toEqual({ ok: false, reason: 'noVideoId', ...youtubeLinkMessages.noVideoId });
  });
});

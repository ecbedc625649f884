import { API_ANSWER_TIMEOUT_MS } from '@findclips/contracts';
import { storageKeys } from '../lib/storage';
import { historyEntry, takePendingLink } from './use-submit-video';

const sent = {
  videoId: 'dQw4w9WgXcQ',
  url: 'https://youtu.be/dQw4w9WgXcQ',
  who: 'member:7',
  at: 1_000_000,
  entry: historyEntry(),
};
const store = (link: unknown) => sessionStorage.setItem(storageKeys.pendingLink, JSON.stringify(link));

describe('a link left unanswered by a reload', () => {
  it('is sent again by who sent it while the page would still wait for its answer, once', () => {
    store(sent);
    expect(takePendingLink('member:7', sent.at + API_ANSWER_TIMEOUT_MS)).toEqual({ videoId: sent.videoId, url: sent.url });
    expect(takePendingLink('member:7', sent.at + 1)).toBeNull();
  });

  it('is not sent by anyone else: another member, or a guest after the member signed out', () => {
    for (const who of ['member:8', 'guest']) {
      store(sent);
      expect([who, takePendingLink(who, sent.at + 1)]).toEqual([who, null]);
      expect(sessionStorage.getItem(storageKeys.pendingLink)).toBeNull();
    }
  });

  it('is not sent on another history entry than the one it was sent from: the person moved on meanwhile', () => {
    store(sent);
    window.history.pushState({ key: 'another', idx: 1 }, '', '/?video=jNQXAC9IVRw');
    try {
      expect(takePendingLink('member:7', sent.at + 1)).toBeNull();
      expect(sessionStorage.getItem(storageKeys.pendingLink)).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
    store({ ...sent, entry: undefined });
    expect(takePendingLink('member:7', sent.at + 1)).toBeNull();
  });

  it('is not sent on a page opened afresh at the same address (typed, a bookmark), only on one reloaded or returned to', () => {
    store(sent);
    expect(takePendingLink('member:7', sent.at + 1, sent.entry, 'navigate')).toBeNull();
    for (const arrival of ['reload', 'back_forward']) {
      store(sent);
      expect([arrival, takePendingLink('member:7', sent.at + 1, sent.entry, arrival)]).toEqual([
        arrival,
        { videoId: sent.videoId, url: sent.url },
      ]);
    }
  });

  it('is forgotten once its answer would no longer have been waited for, or when its time is from a clock set back', () => {
    store(sent);
    expect(takePendingLink('member:7', sent.at + API_ANSWER_TIMEOUT_MS + 1)).toBeNull();
    store(sent);
    expect(takePendingLink('member:7', sent.at - 60_000)).toBeNull();
  });

  it('is never what a tampered or broken value makes it', () => {
    for (const bad of [
      { ...sent, videoId: 'not an id!' },
      { ...sent, url: 42 },
      { ...sent, at: '1000000' },
      'text',
      null,
      [sent],
    ]) {
      store(bad);
      expect(takePendingLink('member:7', sent.at + 1)).toBeNull();
    }
    sessionStorage.setItem(storageKeys.pendingLink, '{broken');
    expect(takePendingLink('member:7', sent.at + 1)).toBeNull();
  });
});

import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_QUOTE_ALLOWANCE, useGuestQuotes } from './dashboard/guest-quotes';
import { guestAnalysed, lastGuestVideo, recordGuestAnalysis, rememberLastGuestVideo } from './dashboard/guest-videos';
import { useViewMode } from './dashboard/use-view-mode';
import { VideoHeader } from './dashboard/video-header';
import { rememberUser, removeStored, scopedKey, storageKeys } from './lib/storage';
import { member, renderWithApp } from './test/render';

describe('local storage keys', () => {
  it('scopes keys as {userId}{key} for the signed-in user and uses the bare key otherwise', () => {
    expect(scopedKey(storageKeys.viewMode)).toBe('viewMode');
    rememberUser(member);
    expect(scopedKey(storageKeys.viewMode)).toBe('42viewMode');
    expect(scopedKey(storageKeys.lastVideoId)).toBe('42lastProcessedVideoId');
    rememberUser(null);
    expect(scopedKey(storageKeys.viewMode)).toBe('viewMode');
  });

  it("remembers a member's view mode under their own key", () => {
    rememberUser(member);
    const first = renderHook(() => useViewMode());
    expect(first.result.current[0]).toBe('edit');
    act(() => first.result.current[1]('watch'));
    expect(localStorage.getItem('42viewMode')).toBe('"watch"');
    expect(localStorage.getItem('viewMode')).toBeNull();
    expect(renderHook(() => useViewMode()).result.current[0]).toBe('watch');

    rememberUser(null);
    expect(renderHook(() => useViewMode()).result.current[0]).toBe('edit');
  });

  it('switches Edit and Watch from the video header and keeps the choice', async () => {
    const user = userEvent.setup();
    function Header({ pending }: { pending: boolean }) {
      const [mode, setMode] = useViewMode();
      return (
        <VideoHeader
          youtubeId="dQw4w9WgXcQ"
          title="A talk"
          thumbnailUrl="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
          isDemo={false}
          isGuest
          viewMode={mode}
          onViewMode={setMode}
          canShare
          onShare={() => undefined}
          menuDisabled={false}
          onClear={() => undefined}
          reanalyze="never"
          onReanalyze={() => undefined}
          exportSource={null}
          exportPending={pending}
        />
      );
    }
    const pendingView = renderWithApp(<Header pending />, { user: null });
    expect(screen.getByRole('img', { name: 'A talk' })).toBeInTheDocument();
    expect(screen.getByText('Shared Guest Analysis')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeDisabled();
    // An analysis on its way: 'Export' holds its place, unusable, so the buttons after it do not move.
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    // Nothing on its way and nothing to export (the demo, an analysis without topics): no 'Export'.
    pendingView.unmount();
    renderWithApp(<Header pending={false} />, { user: null });
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(screen.getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('viewMode')).toBe('"watch"');
  });

  it("keeps a guest's videos for that guest only: a new guest id in the browser starts without them", () => {
    document.cookie = 'gid=firstGuest0000000000a; path=/';
    recordGuestAnalysis('dQw4w9WgXcQ');
    rememberLastGuestVideo('dQw4w9WgXcQ');
    expect(guestAnalysed('dQw4w9WgXcQ')).toBe(true);
    expect(lastGuestVideo()).toBe('dQw4w9WgXcQ');
    // An account took this guest's videos, and the server gave the browser a new guest id.
    document.cookie = 'gid=nextGuest00000000000b; path=/';
    expect(guestAnalysed('dQw4w9WgXcQ')).toBe(false);
    expect(lastGuestVideo()).toBeNull();
    document.cookie = 'gid=; path=/; max-age=0';
  });

  it('remembers for the page the videos a guest analysed when the browser refuses to store them (private modes, a full quota)', () => {
    // Safari's private mode and a full quota refuse every write; reads still answer.
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      recordGuestAnalysis('dQw4w9WgXcQ');
      // What Share Clips asks: the guest may share the video they have just analysed.
      expect(guestAnalysed('dQw4w9WgXcQ')).toBe(true);
    } finally {
      setItem.mockRestore();
      removeStored(storageKeys.guestVideoCache);
    }
  });

  it("sees what another tab stored after this page's own write was refused", () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      recordGuestAnalysis('dQw4w9WgXcQ');
    } finally {
      setItem.mockRestore();
    }
    try {
      // Room made meanwhile, another tab records the guest's next video: the browser tells this page.
      const stored = JSON.stringify({ analysed: ['dQw4w9WgXcQ', 'jNQXAC9IVRw'] });
      localStorage.setItem(storageKeys.guestVideoCache, stored);
      window.dispatchEvent(
        new StorageEvent('storage', { key: storageKeys.guestVideoCache, newValue: stored, storageArea: localStorage }),
      );
      expect(guestAnalysed('jNQXAC9IVRw')).toBe(true);
      // And this page's next record keeps it.
      recordGuestAnalysis('9bZkp7q19f0');
      expect(JSON.parse(localStorage.getItem(storageKeys.guestVideoCache)!).analysed).toEqual([
        'dQw4w9WgXcQ',
        'jNQXAC9IVRw',
        '9bZkp7q19f0',
      ]);
    } finally {
      removeStored(storageKeys.guestVideoCache);
    }
  });

  it('gives a guest 4 quote clips per video, counted in local storage, and members no limit', () => {
    const guest = renderHook(() => useGuestQuotes('dQw4w9WgXcQ', true));
    for (let i = 0; i < GUEST_QUOTE_ALLOWANCE; i++) {
      expect(guest.result.current.canPlay(`q${i}`)).toBe(true);
      act(() => guest.result.current.use(`q${i}`));
    }
    expect(GUEST_QUOTE_ALLOWANCE).toBe(4);
    expect(guest.result.current.canPlay('q9')).toBe(false);
    expect(guest.result.current.canPlay('q1')).toBe(true);
    expect(JSON.parse(localStorage.getItem('guestQuoteUsage')!)).toEqual({ dQw4w9WgXcQ: ['q0', 'q1', 'q2', 'q3'] });
    expect(renderHook(() => useGuestQuotes('otherVideo1', true)).result.current.canPlay('q9')).toBe(true);
    // An id that is also a word every object has.
    const constructor = renderHook(() => useGuestQuotes('constructor', true));
    expect(constructor.result.current.left).toBe(GUEST_QUOTE_ALLOWANCE);
    act(() => constructor.result.current.use('q1'));
    expect(constructor.result.current.left).toBe(GUEST_QUOTE_ALLOWANCE - 1);
    expect(renderHook(() => useGuestQuotes('dQw4w9WgXcQ', false)).result.current.canPlay('q9')).toBe(true);
  });

  it.each([
    ['null', 'null'],
    ['a number for a video', '{"dQw4w9WgXcQ":5,"otherVideo1":["q1"]}'],
    ['a list', '["q1"]'],
    ['a list holding a number', '{"dQw4w9WgXcQ":["q1",3]}'],
    ['text', '"q1"'],
  ])('counts clips anew, without breaking the page, when the stored count is %s', (_what, stored) => {
    localStorage.setItem('guestQuoteUsage', stored);
    const guest = renderHook(() => useGuestQuotes('dQw4w9WgXcQ', true));
    expect(guest.result.current.left).toBe(GUEST_QUOTE_ALLOWANCE);
    expect(guest.result.current.canPlay('q1')).toBe(true);
    act(() => guest.result.current.use('q1'));
    expect(guest.result.current.left).toBe(GUEST_QUOTE_ALLOWANCE - 1);
    const written = JSON.parse(localStorage.getItem('guestQuoteUsage')!);
    expect(written.dQw4w9WgXcQ).toEqual(['q1']);
    // A member's page reads the same key: it opens too.
    expect(renderHook(() => useGuestQuotes('dQw4w9WgXcQ', false)).result.current.canPlay('q9')).toBe(true);
  });

  it('counts in one tab the quote clips a guest played in another, as soon as that tab writes them', () => {
    localStorage.removeItem('guestQuoteUsage');
    const [first, second] = [0, 1].map(() => renderHook(() => useGuestQuotes('dQw4w9WgXcQ', true)));
    for (let i = 0; i < GUEST_QUOTE_ALLOWANCE; i++) act(() => first!.result.current.use(`q${i}`));
    expect(first!.result.current.left).toBe(0);
    // The browser tells the other tabs (never the one that wrote) that the key changed.
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'guestQuoteUsage' })));
    expect(second!.result.current.left).toBe(0);
    expect(second!.result.current.canPlay('q9')).toBe(false);
    expect(second!.result.current.canPlay('q2')).toBe(true);
  });
});

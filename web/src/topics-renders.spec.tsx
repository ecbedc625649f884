import type { Topic } from '@findclips/contracts';

/**
 * A long analysis (a two-hour podcast: 70 topics of 5 quotes) stays quick to use: opening or
 * closing one clip, or the Full Topic player, works on the topic it belongs to, not on all 350
 * quotes of the page (each click re-rendered every card: 0.4-1.4 s of main thread in Chromium).
 * Counted as React DevTools counts renders: the quote cards a commit rendered again.
 */
type Fiber = { type?: { name?: string } | null; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };
const seen = new WeakSet<object>();
let rendered = 0;
const count = (fiber: Fiber | null) => {
  for (let at = fiber; at; at = at.sibling) {
    if (at.type?.name === 'QuoteCard' && at.memoizedProps && !seen.has(at.memoizedProps as object)) {
      seen.add(at.memoizedProps as object);
      rendered++;
    }
    count(at.child);
  }
};
(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => count(root.current),
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
};
// A React that sees the hook: loaded again, after it (the test setup loaded one before).
jest.resetModules();
/* eslint-disable @typescript-eslint/no-require-imports */
const { screen, within, act } = require('@testing-library/react') as typeof import('@testing-library/react');
const userEvent = (require('@testing-library/user-event') as typeof import('@testing-library/user-event')).default;
const { TopicsEdit } = require('./dashboard/topics-edit') as typeof import('./dashboard/topics-edit');
const { renderWithApp } = require('./test/render') as typeof import('./test/render');
/* eslint-enable @typescript-eslint/no-require-imports */

const long: Topic[] = Array.from({ length: 70 }, (_, t) => ({
  id: `topic-${t}`,
  title: `Topic ${t + 1}`,
  startTime: t * 100,
  endTime: t * 100 + 90,
  quotes: Array.from({ length: 5 }, (_, q) => ({
    id: `quote-${t}-${q}`,
    content: `Words of quote ${q + 1} of topic ${t + 1}.`,
    startTime: t * 100 + q * 15 + 2,
    endTime: t * 100 + q * 15 + 12,
  })),
}));

it('opening and closing one clip of a 70-topic analysis renders that topic’s quotes again, not all 350', async () => {
  const user = userEvent.setup();
  renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={long} isGuest={false} />, { user: null });
  const topic40 = within(document.getElementById('topic-40')!);
  await act(async () => undefined);
  rendered = 0;
  await user.click(topic40.getAllByRole('button', { name: 'Play clip' })[0]!);
  expect(screen.getByRole('button', { name: 'Close clip' })).toBeInTheDocument();
  await user.click(topic40.getAllByRole('button', { name: 'Play clip' })[1]!);
  await user.click(screen.getByRole('button', { name: 'Close clip' }));
  await user.click(topic40.getByRole('button', { name: 'Play Full Topic' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  // Three changes of the clip open in topic 40 (its five cards each time at most), none elsewhere.
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThanOrEqual(15);
});

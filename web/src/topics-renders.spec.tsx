import { countQuoteCardRenders, longTopics } from './test/quote-card-renders';

/**
 * A long analysis (a two-hour podcast: 70 topics of 5 quotes) stays quick to use: opening or
 * closing one clip, or the Full Topic player, works on the topic it belongs to, not on all 350
 * quotes of the page (each click re-rendered every card: 0.4-1.4 s of main thread in Chromium).
 * Counted as React DevTools counts renders: the quote cards a commit rendered again.
 */
const renders = countQuoteCardRenders();
// A React that sees the hook: loaded again, after it (the test setup loaded one before).
jest.resetModules();
/* eslint-disable @typescript-eslint/no-require-imports */
const { screen, within, act } = require('@testing-library/react') as typeof import('@testing-library/react');
const userEvent = (require('@testing-library/user-event') as typeof import('@testing-library/user-event')).default;
const { TopicsEdit } = require('./dashboard/topics-edit') as typeof import('./dashboard/topics-edit');
const { renderWithApp } = require('./test/render') as typeof import('./test/render');
/* eslint-enable @typescript-eslint/no-require-imports */

// jsdom renders a page of 350 quote cards in seconds (as in shared-renders.spec.tsx): beside the rest
// of the suite, this test took over Jest's 30 s.
it('opening and closing one clip of a 70-topic analysis renders that topic’s quotes again, not all 350', async () => {
  const user = userEvent.setup();
  renderWithApp(<TopicsEdit youtubeId="FCdemoTalk1" topics={longTopics} isGuest={false} />, { user: null });
  const topic40 = within(document.getElementById('topic-40')!);
  await act(async () => undefined);
  renders.total = 0;
  await user.click(topic40.getAllByRole('button', { name: 'Play clip' })[0]!);
  expect(screen.getByRole('button', { name: 'Close clip' })).toBeInTheDocument();
  await user.click(topic40.getAllByRole('button', { name: 'Play clip' })[1]!);
  await user.click(screen.getByRole('button', { name: 'Close clip' }));
  await user.click(topic40.getByRole('button', { name: 'Play Full Topic' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  // Three changes of the clip open in topic 40 (its five cards each time at most), none elsewhere.
  expect(renders.total).toBeGreaterThan(0);
  expect(renders.total).toBeLessThanOrEqual(15);
}, 90_000);

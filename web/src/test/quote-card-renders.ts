import type { Topic } from '@findclips/contracts';

type Fiber = { type?: { name?: string } | null; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };

/** The quote cards React rendered since the counts were last set to 0: in all, and the most in one commit. */
interface QuoteCardRenders {
  total: number;
  mostInOneCommit: number;
}

/**
 * Counts the quote cards each commit renders, as React DevTools counts renders (its hook, which
 * React reads when it loads): call it before loading React, so in a test file that has loaded one,
 * then `jest.resetModules()` and `require` what the test renders.
 */
export function countQuoteCardRenders(): QuoteCardRenders {
  const counts: QuoteCardRenders = { total: 0, mostInOneCommit: 0 };
  const seen = new WeakSet<object>();
  const cards = (fiber: Fiber | null): number => {
    let found = 0;
    for (let at = fiber; at; at = at.sibling) {
      if (at.type?.name === 'QuoteCard' && at.memoizedProps && !seen.has(at.memoizedProps as object)) {
        seen.add(at.memoizedProps as object);
        found++;
      }
      found += cards(at.child);
    }
    return found;
  };
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      const rendered = cards(root.current);
      counts.total += rendered;
      counts.mostInOneCommit = Math.max(counts.mostInOneCommit, rendered);
    },
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
  return counts;
}

/** A long analysis, as a two-hour podcast gives: 70 topics of 5 quotes. */
export const longTopics: Topic[] = Array.from({ length: 70 }, (_, t) => ({
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

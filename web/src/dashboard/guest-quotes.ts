import { useCallback, useEffect, useMemo, useState } from 'react';
import { readStored, storageKeys, writeStored } from '../lib/storage';

/** A guest may open the clips of 4 quotes per video. */
export const GUEST_QUOTE_ALLOWANCE = 4;

type Usage = Record<string, string[]>;

/** The clips opened so far, as stored; a value not of that shape (edited, another version's) counts as none. */
function readUsage(): Usage {
  const stored = readStored<unknown>(storageKeys.guestQuoteUsage, {});
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const quoteIds = (value: unknown) => Array.isArray(value) && value.every((id) => typeof id === 'string');
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => quoteIds(value))) as Usage;
}

/** The guest's quote allowance for one video, kept in local storage; members are unlimited. */
export function useGuestQuotes(videoId: string, isGuest: boolean) {
  const [usage, setUsage] = useState(readUsage);
  // Clips played in another tab count here too, as soon as that tab writes them (or clears them).
  useEffect(() => {
    const reread = (event: StorageEvent) => {
      if (event.key === storageKeys.guestQuoteUsage || event.key === null) setUsage(readUsage());
    };
    window.addEventListener('storage', reread);
    return () => window.removeEventListener('storage', reread);
  }, []);
  // Own keys only: an id may be a word an object has already ('constructor').
  const used = useMemo(() => (Object.hasOwn(usage, videoId) ? usage[videoId]! : []), [usage, videoId]);

  const canPlay = useCallback(
    (quoteId: string) => !isGuest || used.includes(quoteId) || used.length < GUEST_QUOTE_ALLOWANCE,
    [isGuest, used],
  );
  const use = useCallback(
    (quoteId: string) => {
      if (!isGuest) return;
      const stored = readUsage();
      const list = Object.hasOwn(stored, videoId) ? stored[videoId]! : [];
      if (list.includes(quoteId) || list.length >= GUEST_QUOTE_ALLOWANCE) return;
      const next = { ...stored, [videoId]: [...list, quoteId] };
      writeStored(storageKeys.guestQuoteUsage, next);
      setUsage(next);
    },
    [isGuest, videoId],
  );
  return { canPlay, use, left: isGuest ? Math.max(0, GUEST_QUOTE_ALLOWANCE - used.length) : Infinity };
}

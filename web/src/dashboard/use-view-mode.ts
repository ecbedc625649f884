import { useState } from 'react';
import { readStored, scopedKey, storageKeys, writeStored } from '../lib/storage';

export type ViewMode = 'edit' | 'watch';

const storedMode = (key: string): ViewMode => (readStored<string>(key, 'edit') === 'watch' ? 'watch' : 'edit');

/**
 * Edit or Watch, remembered in local storage under the user's key, read again when the person
 * changes (another member signed in in another tab): `who` names them (their id, null for nobody).
 */
export function useViewMode(who: number | string | null = null): [ViewMode, (mode: ViewMode) => void] {
  const [shown, setShown] = useState(() => ({ who, mode: storedMode(scopedKey(storageKeys.viewMode)) }));
  if (shown.who !== who) setShown({ who, mode: storedMode(scopedKey(storageKeys.viewMode)) });
  const change = (next: ViewMode) => {
    writeStored(scopedKey(storageKeys.viewMode), next);
    setShown({ who, mode: next });
  };
  return [shown.who === who ? shown.mode : storedMode(scopedKey(storageKeys.viewMode)), change];
}

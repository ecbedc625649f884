import { useState } from 'react';
import { readStored, scopedKey, storageKeys, writeStored } from '../lib/storage';

export type ViewMode = 'edit' | 'watch';

/** Edit or Watch, remembered in local storage under the user's key. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() =>
    readStored<string>(scopedKey(storageKeys.viewMode), 'edit') === 'watch' ? 'watch' : 'edit',
  );
  const change = (next: ViewMode) => {
    writeStored(scopedKey(storageKeys.viewMode), next);
    setMode(next);
  };
  return [mode, change];
}

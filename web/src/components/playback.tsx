import { createContext, useContext, useState, type ReactNode } from 'react';

// Two contexts: the players only report, so they do not re-render each time the second changes.
const ReportTime = createContext<(seconds: number | null) => void>(() => undefined);
const PlayingSecond = createContext<number | null>(null);

/** Where a page's players report the second they play, for what follows along (the transcript). */
export function PlaybackProvider({ children }: { children: ReactNode }) {
  const [second, setSecond] = useState<number | null>(null);
  return (
    <ReportTime.Provider value={setSecond}>
      <PlayingSecond.Provider value={second}>{children}</PlayingSecond.Provider>
    </ReportTime.Provider>
  );
}

/** Reports the playing second (null when a player closes). */
export const useReportTime = () => useContext(ReportTime);

/** The second the last reporting player is at; null when none plays. */
export const usePlayingSecond = () => useContext(PlayingSecond);

import { createContext, useContext, useRef, useState, type ReactNode } from 'react';

// Two contexts: the players only report, so they do not re-render each time the second changes.
const ReportTime = createContext<(seconds: number | null) => void>(() => undefined);
const PlayingSecond = createContext<number | null>(null);

/** A player on the page, as the others see it: it can be told to pause. */
export interface PagePlayer {
  pause(): void;
}

/** The page's players: one plays at a time. */
interface Players {
  add(player: PagePlayer): void;
  remove(player: PagePlayer): void;
  /** `player` starts playing: every other player pauses. */
  plays(player: PagePlayer): void;
  /** Whether `player` is the last that started (or was opened to start). */
  isLast(player: PagePlayer): boolean;
}

/** Outside a provider (a lone player): nothing else to pause. */
const lone: Players = { add: () => undefined, remove: () => undefined, plays: () => undefined, isLast: () => true };
const PlayersContext = createContext<Players>(lone);

/**
 * Where a page's players report the second they play, for what follows along (the transcript),
 * and how they keep to one playing at a time (a Viral Cut and a full topic, a search moment and
 * the transcript's).
 */
export function PlaybackProvider({ children }: { children: ReactNode }) {
  const [second, setSecond] = useState<number | null>(null);
  const players = useRef<Players>(null);
  if (!players.current) {
    const all = new Set<PagePlayer>();
    let last: PagePlayer | null = null;
    players.current = {
      add: (player) => void all.add(player),
      remove: (player) => void all.delete(player),
      plays: (player) => {
        last = player;
        all.forEach((other) => other !== player && other.pause());
      },
      isLast: (player) => last === player,
    };
  }
  return (
    <PlayersContext.Provider value={players.current}>
      <ReportTime.Provider value={setSecond}>
        <PlayingSecond.Provider value={second}>{children}</PlayingSecond.Provider>
      </ReportTime.Provider>
    </PlayersContext.Provider>
  );
}

/** Reports the playing second (null when a player closes). */
export const useReportTime = () => useContext(ReportTime);

/** The second the last reporting player is at; null when none plays. */
export const usePlayingSecond = () => useContext(PlayingSecond);

/** The page's players, to join while mounted and to tell when playing starts. */
export const usePagePlayers = () => useContext(PlayersContext);

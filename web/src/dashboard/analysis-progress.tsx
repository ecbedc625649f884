import { CheckCircle2, Loader2, WifiOff } from 'lucide-react';
import { Card } from '../components/ui';
import { useOnline } from '../lib/online';
import { DONE_TEXT, useAnalysisProgress } from './use-progress';

/** Where an analysis waiting in line stands, in words. */
const queuePlaceText = (ahead: number) =>
  ahead === 0
    ? 'Next in line: your analysis starts as soon as one running ends.'
    : `Waiting in line: ${ahead === 1 ? '1 analysis' : `${ahead} analyses`} ahead of yours. It starts as soon as a place frees.`;

/**
 * The bar and status of a running analysis of `videoId` (counted from its start in this tab), and,
 * while it waits in line, how many analyses are before it (a user 300th in line saw the bar stop
 * at 85% for four minutes, told it was being analysed: a stranger's queue audit).
 */
export function AnalysisProgress({
  running,
  done,
  videoId,
  ahead = null,
}: {
  running: boolean;
  done: boolean;
  videoId: string | null;
  /** Analyses waiting before it in line (`useQueuePlace`); null when it does not wait, or nobody said. */
  ahead?: number | null;
}) {
  const { progress, status } = useAnalysisProgress(running, done, videoId);
  const online = useOnline();
  return (
    <Card className="p-6">
      <div className="mb-3 flex items-center gap-2 text-sm font-medium text-slate-700">
        {done ? (
          <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
        ) : (
          <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden />
        )}
        {/* Read out by the dashboard's announcement, not every 3 s as it turns. */}
        <span>{done ? DONE_TEXT : status}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${progress}%` }} />
      </div>
      {!done && ahead !== null && <p className="mt-3 text-sm text-slate-700">{queuePlaceText(ahead)}</p>}
      {/* The wait's hint goes once the clips are ready; offline, it says what that means for the wait. */}
      {!done &&
        (online ? (
          <p className="mt-3 text-xs text-slate-500">
            Long videos take a little longer. Results appear here as soon as they are ready.
          </p>
        ) : (
          <p role="status" className="mt-3 flex items-center gap-1.5 text-xs font-medium text-amber-700">
            <WifiOff className="h-3.5 w-3.5 shrink-0" aria-hidden />
            You are offline. The analysis goes on without you; its clips show here once you are back online.
          </p>
        ))}
    </Card>
  );
}

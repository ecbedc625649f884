import { AnalysisError } from '@findclips/analysis';
import { YoutubeError } from '@findclips/youtube';
import { OUTAGE_WAITS, outageWait } from './analysis.job';

/** PostgreSQL refusing the connection, as node-postgres reports it. */
const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** A job on its first attempt that has waited out `waited` outages. */
const job = (waited: number, attemptsMade = 0) => ({ attemptsStarted: attemptsMade + waited + 1, attemptsMade });

describe('waiting for our database', () => {
  it('waits twice as long each time from 2 s, 30 s at most', () => {
    expect([0, 1, 2, 3, 4, 10, OUTAGE_WAITS - 1].map((waited) => outageWait(job(waited), away())?.delayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    // Counted from the starts that neither failed nor are this one: a retried attempt's wait starts again at 2 s.
    expect(outageWait(job(0, 2), away())).toEqual({ delayMs: 2_000, waited: 0 });
  });

  it(`counts the outage as an attempt once it was waited out ${OUTAGE_WAITS} times (about 10 minutes)`, () => {
    expect(outageWait(job(OUTAGE_WAITS - 1), away())).not.toBeNull();
    expect(outageWait(job(OUTAGE_WAITS), away())).toBeNull();
  });

  it("waits for nothing else: a bug of ours, the analysis's own failure, YouTube's", () => {
    expect(outageWait(job(0), new TypeError("Cannot read properties of undefined (reading 'topics')"))).toBeNull();
    // (Its words are those of a connection cut: still the provider's, not our database's.)
    expect(outageWait(job(0), new AnalysisError('PROVIDER_ERROR', 'Connection terminated unexpectedly', true))).toBeNull();
    expect(outageWait(job(0), new YoutubeError('YOUTUBE_UNREACHABLE', 'abcdefghijk'))).toBeNull();
  });
});

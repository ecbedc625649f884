import { AsyncLocalStorage } from 'node:async_hooks';
import { describeIssues, type AnalysisOutput, type TranscriptSegment } from '@findclips/contracts';
import { AnalysisError, providerFailure } from '../errors';
import { answerToOutput, modelAnswerSchema, type ModelAnswer } from '../prompt';

/** One answer of a model: its text, or why it stopped without a usable one (e.g. RECITATION). */
export interface Reply {
  text: string | null | undefined;
  problem?: string;
}

/** The turn a repair answers: what the model said and what was wrong with it. */
export interface Repair {
  previous: string;
  problem: string;
}

/** What a model's answer was wrong about, or the parsed answer. */
export function parseAnswer(text: string | null | undefined): { answer: ModelAnswer } | { problem: string } {
  if (!text) return { problem: 'the answer was empty' };
  let json: unknown;
  try {
    // (Trimmed rather than matched: '\s*```$' was tried from each space of a long run.)
    json = JSON.parse(
      text
        .trim()
        .replace(/^```(?:json)?/, '')
        .replace(/```$/, '')
        .trim(),
    );
  } catch {
    return { problem: 'the answer was not valid JSON' };
  }
  const result = modelAnswerSchema.safeParse(json);
  if (result.success) return { answer: result.data };
  return {
    problem: describeIssues(result.error, json)
      .map((p) => `${p.field}: ${p.message}`)
      .join('; '),
  };
}

const check = (reply: Reply) => (reply.problem ? { problem: reply.problem } : parseAnswer(reply.text));

/** What a first answer quoting nothing is told (grounding drops a topic without a quote). */
const NOTHING_QUOTED = 'no topic had a quote; give the topics of these lines, each with 1 to 3 quotes';

/**
 * Asks once, and once more when the answer is not usable: the repair carries the previous answer
 * and what was wrong with it. The answer's line numbers become topics over `segments`.
 * An answer quoting nothing is valid JSON, but asked again too: taken at once, a model that skimmed
 * a long part made an empty analysis, "No topics were found", kept for good (a stranger's audit of
 * long videos). A second such answer is taken, and so is the first when the second is not usable:
 * lines of music or silence hold nothing to quote.
 */
export async function withRepair(
  ask: (repair?: Repair) => Promise<Reply>,
  segments: TranscriptSegment[],
): Promise<AnalysisOutput> {
  const reply = await ask();
  const first = check(reply);
  if ('answer' in first && first.answer.topics.some((topic) => topic.quotes.length > 0))
    return answerToOutput(first.answer, segments);
  const problem = 'answer' in first ? NOTHING_QUOTED : first.problem;
  const second = check(await ask({ previous: reply.text ?? '', problem }));
  if ('answer' in second) return answerToOutput(second.answer, segments);
  // Asked again to quote lines it found nothing in, a model may answer nothing usable (Gemini stops
  // for reciting a song's words): its first answer stands, no topics, not a failed analysis.
  if ('answer' in first) return answerToOutput(first.answer, segments);
  throw new AnalysisError('INVALID_OUTPUT', `The AI provider answered twice with invalid output (${second.problem}).`);
}

/** The last HTTP status a provider answered within one `withDeadline` call, and the wait a 429 asked for. */
const answered = new AsyncLocalStorage<{ status?: number; retryAfterMs?: number }>();

/**
 * The wait an answer asks for: OpenAI's `retry-after-ms`, else `retry-after` in seconds or as an
 * HTTP date (RFC 9110), as the OpenAI SDK reads them; undefined without one.
 */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const after = headers?.get('retry-after');
  if (!after) return undefined;
  const seconds = Number(after);
  const wait = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(after) - Date.now();
  return Number.isFinite(wait) && wait >= 0 ? Math.ceil(wait) : undefined;
}

/**
 * `fetch` for an SDK whose calls go through `withDeadline`: it notes each answer's status, so that a
 * call still waiting at the deadline after a 429 is reported as too many requests, not a time-out.
 * An answer `final` calls permanent (a 429 that says the quota is used up) is passed on with
 * `x-should-retry: false`, the header by which the provider itself tells its SDK not to retry.
 */
export const notingFetch =
  (final: (status: number, body: string) => boolean): typeof fetch =>
  async (input, init) => {
    const call = answered.getStore();
    // A request under way has no answer yet (a retry after a 429 that hangs is a time-out).
    if (call) call.status = undefined;
    const response = await fetch(input, init);
    if (call) {
      call.status = response.status;
      call.retryAfterMs = response.status === 429 ? retryAfterMs(response.headers) : undefined;
    }
    if (response.status < 400) return response;
    const body = await response.clone().text();
    if (!final(response.status, body)) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };

/**
 * One provider call limited to `timeoutMs` (PROVIDER_TIMEOUT_MS) whatever the SDK does, and still
 * cancelled with `outer`: past the limit it fails as the provider's time-out, worth retrying, or as
 * too many requests when the provider's last answer was a 429 whose wait the SDK was sitting out.
 */
export async function withDeadline<T>(
  provider: string,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  // An SDK's own waits (the Retry-After of a 429, which it obeys) do not heed the signal: the call
  // is not waited for past it, so that a worker's slot is not held for as long as a provider asks.
  const stopped = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  const noted: { status?: number; retryAfterMs?: number } = {};
  try {
    return await Promise.race([answered.run(noted, () => call(signal)), stopped]);
  } catch (error) {
    if (!deadline.aborted || outer?.aborted) throw error;
    if (noted.status === 429)
      throw providerFailure(provider, { kind: 'status', status: 429, retryAfterMs: noted.retryAfterMs }, error);
    throw providerFailure(provider, { kind: 'timeout', timeoutMs }, error);
  }
}

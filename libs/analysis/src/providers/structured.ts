import { analysisOutputSchema, describeIssues, type AnalysisOutput } from '@findclips/contracts';
import { AnalysisError, providerFailure } from '../errors';
import { repairPrompt } from '../prompt';

/** What a provider's answer was wrong about, or the parsed output. */
export function parseAnswer(text: string | null | undefined): { output: AnalysisOutput } | { problem: string } {
  if (!text) return { problem: 'the answer was empty' };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { problem: 'the answer was not valid JSON' };
  }
  const result = analysisOutputSchema.safeParse(json);
  if (result.success) return { output: result.data };
  return {
    problem: describeIssues(result.error, json)
      .map((p) => `${p.field}: ${p.message}`)
      .join('; '),
  };
}

/** Asks once, and once more with the problem named when the answer does not match the schema. */
export async function withRepair(ask: (repair?: string) => Promise<string | null | undefined>): Promise<AnalysisOutput> {
  const first = parseAnswer(await ask());
  if ('output' in first) return first.output;
  const second = parseAnswer(await ask(repairPrompt(first.problem)));
  if ('output' in second) return second.output;
  throw new AnalysisError('INVALID_OUTPUT', `The AI provider answered twice with invalid output (${second.problem}).`);
}

/**
 * One provider call limited to `timeoutMs` (PROVIDER_TIMEOUT_MS) whatever the SDK does, and still
 * cancelled with `outer`: past the limit it fails as the provider's time-out, worth retrying.
 */
export async function withDeadline<T>(
  provider: string,
  timeoutMs: number,
  outer: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    return await call(outer ? AbortSignal.any([outer, deadline]) : deadline);
  } catch (error) {
    if (deadline.aborted && !outer?.aborted) throw providerFailure(provider, { kind: 'timeout', timeoutMs }, error);
    throw error;
  }
}

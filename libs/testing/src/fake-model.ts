/** How the fake model answers one call. */
type FakeModelBehaviour =
  | 'ok'
  /** Line numbers outside the part it was given, reversed spans, quotes too long and too short. */
  | 'inventive'
  /** Text that is not JSON. */
  | 'invalid-json'
  /** Valid JSON with no topic at all (`{"topics": []}`), as a model that skims a long part may answer. */
  | 'no-topics'
  /** Topics as asked, but none with a quote (`"quotes": []`), which the schema's arrays allow. */
  | 'no-quotes'
  /**
   * Topics by subject, as a model reads them: one per run of lines that name the same subject
   * first ('Pricing: …'), titled by it, wherever the part it was given starts and ends.
   */
  | 'subjects'
  /** The answer stops at the output limit: `finish_reason: 'length'`, Gemini's MAX_TOKENS. */
  | 'cut-off'
  /** Gemini stops the answer for reciting its input (RECITATION). */
  | 'recitation'
  /** The provider's content filter stops the answer (`content_filter`, Gemini's candidate-level SAFETY). */
  | 'content-filter'
  /** Gemini stops for a reason of its own (OTHER). */
  | 'other'
  /** Gemini stops: it does not take the prompt's language (LANGUAGE). */
  | 'language'
  /** Gemini answers with its thought summary first (a thinking model with includeThoughts). */
  | 'thoughts'
  /** An HTTP 429 with the provider's error body (Gemini's asks to wait 2.5 s in its RetryInfo). */
  | 'rate-limit'
  /** The same 429 asking to wait 30 s (OpenAI's `retry-after: 30`, which its SDK obeys; Gemini's RetryInfo '30s'). */
  | 'rate-limit-wait'
  /** The account has no quota or credit left: OpenAI's 429, xAI's 403; Gemini's 429 for its daily quota. */
  | 'insufficient-quota'
  /** Gemini's 429 for a billing account past its monthly spending cap (a pause until the next cycle). */
  | 'spend-cap'
  /** An HTTP 500. */
  | 'server-error'
  /** No answer at all until the server closes. */
  | 'hang'
  /**
   * Gemini ends its answer (STOP) with no parts at all, `content: {role: 'model'}`, as it
   * intermittently does (github.com/BerriAI/litellm/issues/24442,
   * github.com/google-gemini/deprecated-generative-ai-python/issues/744); OpenAI and xAI end it
   * (`finish_reason: 'stop'`) with empty content (github.com/chenyme/grok2api/issues/512).
   */
  | 'empty'
  /** The provider's safety system refuses the prompt. */
  | 'blocked'
  /** Gemini blocks the prompt for a reason it does not give (`promptFeedback.blockReason: 'OTHER'`). */
  | 'blocked-other'
  /**
   * The provider refuses the prompt under its usage policy with an HTTP error, not a stop reason:
   * OpenAI's 400 `invalid_prompt` (reasoning models), xAI's 403 "Content violates usage guidelines".
   */
  | 'usage-policy';

interface Line {
  number: number;
  start: number;
  end: number;
  text: string;
}

/** The "L12 [63.0-68.5] text" lines of our prompt. */
function parseNumberedLines(prompt: string): Line[] {
  return [...prompt.matchAll(/^L(\d+) \[(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)\] (.*)$/gm)].map((m) => ({
    number: Number(m[1]),
    start: Number(m[2]),
    end: Number(m[3]),
    text: m[4]!,
  }));
}

/**
 * A deterministic stand-in for a model: up to three contiguous topics over the lines it was
 * given, each with one quote of three lines from its middle, by line number as our schema asks.
 * `inventive` adds what a careless model would.
 */
export function fakeAnalysis(prompt: string, behaviour: FakeModelBehaviour): string {
  if (behaviour === 'invalid-json') return 'Sure! Here are the topics: {"topics": [';
  const lines = parseNumberedLines(prompt);
  if (lines.length === 0 || behaviour === 'no-topics') return JSON.stringify({ topics: [] });
  if (behaviour === 'subjects') return JSON.stringify({ topics: bySubject(lines) });
  const parts = Math.min(3, Math.max(1, Math.floor(lines.length / 6)));
  const size = Math.floor(lines.length / parts);
  const topics = Array.from({ length: parts }, (_, k) => {
    const slice = lines.slice(k * size, k === parts - 1 ? lines.length : (k + 1) * size);
    const middle = Math.floor(slice.length / 2);
    const quoted = slice.slice(middle, middle + 3);
    const quotes = behaviour === 'no-quotes' ? [] : [{ startLine: quoted[0]!.number, endLine: quoted.at(-1)!.number }];
    if (behaviour === 'inventive') {
      quotes.push({ startLine: quoted.at(-1)!.number, endLine: quoted[0]!.number }); // reversed
      quotes.push({ startLine: slice[0]!.number, endLine: slice[0]!.number + 40 }); // minutes long
    }
    return {
      title: `Topic ${k + 1}: ${slice[0]!.text.split(' ').slice(0, 4).join(' ')}`,
      startLine: behaviour === 'inventive' && k === 0 ? 0 : slice[0]!.number,
      endLine: behaviour === 'inventive' && k === parts - 1 ? slice.at(-1)!.number + 500 : slice.at(-1)!.number,
      quotes,
    };
  });
  return JSON.stringify({ topics });
}

/** A topic per run of lines naming the same subject first, quoting three lines from its middle. */
function bySubject(lines: Line[]) {
  const runs: Line[][] = [];
  const subjectOf = (line: Line) => /^(\w+):/.exec(line.text)?.[1];
  for (const line of lines) {
    const run = runs.at(-1);
    if (run && subjectOf(run[0]!) === subjectOf(line)) run.push(line);
    else runs.push([line]);
  }
  return runs.map((run) => {
    const quoted = run.slice(Math.floor(run.length / 2), Math.floor(run.length / 2) + 3);
    return {
      title: `${subjectOf(run[0]!) ?? 'Other'} explained`,
      startLine: run[0]!.number,
      endLine: run.at(-1)!.number,
      quotes: [{ startLine: quoted[0]!.number, endLine: quoted.at(-1)!.number }],
    };
  });
}

/** A queue of behaviours: each call takes the next one, then `ok` once the queue is empty. */
export class Script {
  private queue: FakeModelBehaviour[] = [];
  constructor(private fallback: FakeModelBehaviour = 'ok') {}
  next(): FakeModelBehaviour {
    return this.queue.shift() ?? this.fallback;
  }
  then(...behaviours: FakeModelBehaviour[]) {
    this.queue.push(...behaviours);
    return this;
  }
  always(behaviour: FakeModelBehaviour) {
    this.queue = [];
    this.fallback = behaviour;
    return this;
  }
}

/** Every object of a JSON schema is closed and requires all its properties, as strict structured output demands. */
export function strictSchemaProblem(schema: unknown, context: string[] = []): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as {
    type?: string;
    properties?: Record<string, unknown>;
    required?: string[];
    additionalProperties?: unknown;
    items?: unknown;
  };
  const where = `In context=(${context.map((c) => `'${c}'`).join(', ')}${context.length === 1 ? ',' : ''})`;
  if (node.type === 'object') {
    if (node.additionalProperties !== false)
      return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(node.properties ?? {});
    const missing = keys.filter((key) => !node.required?.includes(key));
    if (missing.length)
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
    for (const key of keys) {
      const problem = strictSchemaProblem(node.properties![key], [...context, 'properties', key]);
      if (problem) return problem;
    }
  }
  if (node.items) return strictSchemaProblem(node.items, [...context, 'items']);
  return null;
}

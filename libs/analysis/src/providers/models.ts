/**
 * What each model takes. Reasoning models reject `temperature` (OpenAI answers 400 "Unsupported
 * value: 'temperature' does not support 0.2 with this model"), take a reasoning effort instead,
 * and count their thinking in the output limit; Gemini 3 thinks by `thinkingLevel` and is meant
 * to run at its default temperature, Gemini 2.5 by `thinkingBudget`. Sources and dates: README.
 */

/** Output limit of one call: a chunk's topics take 1-3k tokens, the rest is room for thinking. */
export const MAX_OUTPUT_TOKENS = 8_192;

/** Parameters of a chat completion (OpenAI, xAI) that depend on the model. */
interface ChatModelParams {
  temperature?: number;
  reasoning_effort?: 'low';
}

const OPENAI_REASONING = /^(?:o\d|gpt-5|gpt-6|gpt-7)/;
/**
 * xAI models that take `reasoning_effort`: grok-3-mini and grok-4.3 to 4.9 (not grok-4.20, which
 * came between 4.1 and 4.3 and rejects it, like the fast models).
 */
const XAI_EFFORT = /^grok-(?:3-mini|4\.[3-9](?!\d))/;

export function chatModelParams(provider: 'openai' | 'grok', model: string): ChatModelParams {
  if (provider === 'openai') return OPENAI_REASONING.test(model) ? { reasoning_effort: 'low' } : { temperature: 0.2 };
  if (XAI_EFFORT.test(model)) return { reasoning_effort: 'low' };
  // Grok's non-reasoning models take a temperature; its other reasoning models take neither.
  return /non-reasoning/.test(model) ? { temperature: 0.2 } : {};
}

/** Gemini's generation settings that depend on the model. */
interface GeminiModelConfig {
  temperature?: number;
  thinkingConfig: { thinkingLevel: 'LOW' } | { thinkingBudget: number };
}

export function geminiModelConfig(model: string): GeminiModelConfig {
  const version = Number(/^gemini-(\d+(?:\.\d+)?)/.exec(model)?.[1] ?? 3);
  return version >= 3
    ? { thinkingConfig: { thinkingLevel: 'LOW' } }
    : { temperature: 0.2, thinkingConfig: { thinkingBudget: 1_024 } };
}

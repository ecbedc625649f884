import { z } from 'zod';
import { analysisProviders } from '@findclips/contracts';
import { envInt, envOptional, envOptionalUrl, envUrl } from './env';

/**
 * A provider's model: stored with each analysis it makes, in 100 characters (`analysis_model`), so a
 * longer name is refused at start-up (it failed every analysis after the provider was paid).
 */
const modelName = (fallback: string) =>
  z.string().min(1).max(100, 'must be at most 100 characters (stored with each analysis)').default(fallback);

/** AI providers and the analysis pipeline (worker and CLI). */
export const analysisEnvSchema = z.object({
  /** The provider for guests, and for members whose provider has no key: local needs none. */
  ANALYSIS_DEFAULT_PROVIDER: z.enum(analysisProviders).default('local'),
  /** OpenAI key; without it, members who chose OpenAI get the default provider. */
  OPENAI_API_KEY: envOptional(),
  /** OpenAI API base URL (tests point it at a fake). */
  OPENAI_BASE_URL: envUrl('https://api.openai.com/v1', ['https:', 'http:']),
  /** OpenAI chat model: OpenAI's named successor of gpt-4.1-mini (shut down 2027-01-14). */
  OPENAI_MODEL: modelName('gpt-6-luna'),
  /** OpenAI moderation model for the content policy. */
  OPENAI_MODERATION_MODEL: z.string().min(1).default('omni-moderation-latest'),
  /** xAI key for Grok. */
  XAI_API_KEY: envOptional(),
  /** xAI API base URL (OpenAI-compatible). */
  XAI_BASE_URL: envUrl('https://api.x.ai/v1', ['https:', 'http:']),
  /** Grok model: where xAI sends the models it retired on 2026-05-15. */
  XAI_MODEL: modelName('grok-4.3'),
  /** Gemini key. */
  GEMINI_API_KEY: envOptional(),
  /** Gemini API base URL (tests point it at a fake). */
  GEMINI_BASE_URL: envOptionalUrl(['https:', 'http:']),
  /** Gemini model: the newest stable Flash (gemini-2.5-flash is shut down). */
  GEMINI_MODEL: modelName('gemini-3.8-flash'),
  /** Time limit of one provider call, in milliseconds. */
  PROVIDER_TIMEOUT_MS: envInt(120_000, 100, 600_000),
  /** Retries of one provider call (408, 429, 5xx; 409 too in OpenAI's SDK) before the job itself is retried. */
  PROVIDER_MAX_RETRIES: envInt(2, 0, 10),
  /** Transcript chunks analysed at once for one video. */
  ANALYSIS_CHUNK_CONCURRENCY: envInt(4, 1, 16),
});

export type AnalysisEnv = z.output<typeof analysisEnvSchema>;

/** The variable holding each AI provider's key (the built-in analyzer needs none). */
export const providerKeyVariables = {
  openai: 'OPENAI_API_KEY',
  grok: 'XAI_API_KEY',
  gemini: 'GEMINI_API_KEY',
} as const satisfies Record<string, keyof AnalysisEnv>;

/** What a person is told when an AI provider they asked for has no key. */
export const missingKeyMessage = (provider: keyof typeof providerKeyVariables) =>
  `The ${provider} provider needs its API key in the environment: set ${providerKeyVariables[provider]} (see README).`;

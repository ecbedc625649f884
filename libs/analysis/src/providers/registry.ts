import type { AnalysisEnv } from '@findclips/config';
import type { AnalysisProviderName } from '@findclips/contracts';
import type { AnalysisProvider } from '../provider';
import { geminiProvider } from './gemini.provider';
import { localProvider } from './local.provider';
import { openAiCompatibleProvider } from './openai.provider';

/** Every provider that can run with this environment: `local` always, the others when keyed. */
export function createProviders(env: AnalysisEnv): Map<AnalysisProviderName, AnalysisProvider> {
  const providers = new Map<AnalysisProviderName, AnalysisProvider>([['local', localProvider]]);
  const common = { timeoutMs: env.PROVIDER_TIMEOUT_MS, maxRetries: env.PROVIDER_MAX_RETRIES };
  if (env.OPENAI_API_KEY) {
    providers.set(
      'openai',
      openAiCompatibleProvider({
        name: 'openai',
        apiKey: env.OPENAI_API_KEY,
        baseURL: env.OPENAI_BASE_URL,
        model: env.OPENAI_MODEL,
        moderationModel: env.OPENAI_MODERATION_MODEL,
        ...common,
      }),
    );
  }
  if (env.XAI_API_KEY) {
    providers.set(
      'grok',
      openAiCompatibleProvider({
        name: 'grok',
        apiKey: env.XAI_API_KEY,
        baseURL: env.XAI_BASE_URL,
        model: env.XAI_MODEL,
        ...common,
      }),
    );
  }
  if (env.GEMINI_API_KEY) {
    providers.set(
      'gemini',
      geminiProvider({
        apiKey: env.GEMINI_API_KEY,
        baseUrl: env.GEMINI_BASE_URL,
        model: env.GEMINI_MODEL,
        timeoutMs: env.PROVIDER_TIMEOUT_MS,
        maxRetries: env.PROVIDER_MAX_RETRIES,
      }),
    );
  }
  return providers;
}

/** The requested provider when it is configured, else the default one, else `local`. */
export function pickProvider(
  providers: Map<AnalysisProviderName, AnalysisProvider>,
  requested: AnalysisProviderName | null | undefined,
  fallback: AnalysisProviderName,
): AnalysisProvider {
  return (requested && providers.get(requested)) || providers.get(fallback) || providers.get('local')!;
}

/** The environment variable that names each provider's model, for messages to operators. */
const MODEL_VARIABLE: Partial<Record<AnalysisProviderName, string>> = {
  openai: 'OPENAI_MODEL',
  grok: 'XAI_MODEL',
  gemini: 'GEMINI_MODEL',
};

/** How a start-up check of one provider's model ended. */
interface ModelCheck {
  provider: AnalysisProviderName;
  model: string;
  /** `missing`: the provider's model list lacks it; `unknown`: the list could not be read. */
  outcome: 'ok' | 'missing' | 'unknown';
  message: string;
}

/**
 * Asks every keyed provider's model list whether its configured model exists, so that a retired
 * model is reported once at start-up, in words an operator can act on, not by every job failing.
 */
export async function checkModels(
  providers: Map<AnalysisProviderName, AnalysisProvider>,
  timeoutMs: number,
): Promise<ModelCheck[]> {
  const keyed = [...providers.values()].filter((p) => p.checkModel);
  return Promise.all(
    keyed.map(async (provider): Promise<ModelCheck> => {
      const variable = MODEL_VARIABLE[provider.name] ?? 'its model';
      try {
        const problem = await provider.checkModel!(AbortSignal.timeout(timeoutMs));
        return problem
          ? {
              provider: provider.name,
              model: provider.model,
              outcome: 'missing',
              // Not always a failure: xAI answers the names it retired on 2026-05-15 by grok-4.3, at its price.
              message: `${variable}: ${problem}; ${provider.name} analyses will fail, or be answered by another model at its price, until ${variable} names a current model (see README)`,
            }
          : {
              provider: provider.name,
              model: provider.model,
              outcome: 'ok',
              message: `${variable} ${provider.model} is available`,
            };
      } catch (error) {
        return {
          provider: provider.name,
          model: provider.model,
          outcome: 'unknown',
          message: `${variable}: could not read the ${provider.name} model list (${error instanceof Error ? error.message : String(error)})`,
        };
      }
    }),
  );
}

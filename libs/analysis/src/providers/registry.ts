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

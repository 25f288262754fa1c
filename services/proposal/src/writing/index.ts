import { createAiProvider } from '@valueproof/ai'
import type { ProposalSettings } from '../config.ts'
import { createBuiltinWriter } from './builtin/index.ts'
import { createOpenAiWriter } from './openai/index.ts'
import type { ProposalWriter } from './types.ts'

export * from './types.ts'
export { detectLanguage } from './language.ts'

/** The OpenAI-compatible writer when a key is configured (as for calculator generation), otherwise the built-in one. */
export function createWriter(
  config: Pick<ProposalSettings, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_TIMEOUT_MS'>,
): ProposalWriter {
  if (config.OPENAI_API_KEY === '') return createBuiltinWriter()
  return createOpenAiWriter(
    createAiProvider({
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
    }),
  )
}

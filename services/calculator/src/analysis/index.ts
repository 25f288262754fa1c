import { createAiProvider } from '@valueproof/ai'
import { createBuiltinAnalyzer } from './builtin/index.ts'
import { createOpenAiAnalyzer } from './openai/index.ts'
import type { Analyzer } from './types.ts'
import type { GenerationConfig } from '../config.ts'

export * from './types.ts'

/**
 * The OpenAI-compatible analyzer when a key is configured, otherwise the built-in offline one, on
 * worker threads with the document workers' count and limits.
 */
export function createAnalyzer(config: GenerationConfig): Analyzer {
  if (config.OPENAI_API_KEY === '') {
    return createBuiltinAnalyzer({
      workers: config.DOCUMENT_WORKERS,
      timeLimitMs: config.DOCUMENT_TIME_LIMIT_MS,
      memoryLimitMb: config.DOCUMENT_MEMORY_LIMIT_MB,
      maxQueued: config.DOCUMENT_QUEUE_LIMIT,
    })
  }
  return createOpenAiAnalyzer(
    createAiProvider({
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
    }),
  )
}

import { createAiProvider } from '@valueproof/ai'
import { createBuiltinAnalyzer } from './builtin/index.ts'
import { createOpenAiAnalyzer, type AnalyzerFallback } from './openai/index.ts'
import type { Analyzer } from './types.ts'
import type { GenerationConfig } from '../config.ts'

export * from './types.ts'
export { honestyProblems, type HonestyOptions, type HonestyProblem, type HonestyRule } from './honesty.ts'
export type { AnalyzerFallback } from './openai/index.ts'

export interface CreateAnalyzerOptions {
  /** Told when the model's calculator failed its checks after a repair and the built-in one was returned. */
  readonly onFallback?: (fallback: AnalyzerFallback) => void
}

/**
 * The OpenAI-compatible analyzer when a key is configured, otherwise the built-in offline one, on
 * worker threads with the document workers' count and limits. With a key, the built-in analyzer
 * answers for a model whose calculator still fails validation or the honesty checks after its
 * repair (decision 096); its workers start only when it is first used.
 */
export function createAnalyzer(config: GenerationConfig, options: CreateAnalyzerOptions = {}): Analyzer {
  const builtin = createBuiltinAnalyzer({
    workers: config.DOCUMENT_WORKERS,
    timeLimitMs: config.DOCUMENT_TIME_LIMIT_MS,
    memoryLimitMb: config.DOCUMENT_MEMORY_LIMIT_MB,
    maxQueued: config.DOCUMENT_QUEUE_LIMIT,
  })
  if (config.OPENAI_API_KEY === '') return builtin
  return createOpenAiAnalyzer(
    createAiProvider({
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
    }),
    { fallback: builtin, ...(options.onFallback === undefined ? {} : { onFallback: options.onFallback }) },
  )
}

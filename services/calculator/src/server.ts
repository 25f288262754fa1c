import { createDocumentExtractor } from '@valueproof/documents'
import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { createAnalyzer } from './analysis/index.ts'
import type { Analyzer } from './analysis/types.ts'
import { calculatorConfigSchema, type GenerationConfig } from './config.ts'
import type { PrismaClient } from './db.ts'
import { subscribeSubscriptionChanged } from './events/subscription-changed.ts'
import { subscribeUserRegistered } from './events/user-registered.ts'
import { calculatorsRouter } from './routes/calculators/index.ts'
import { generationRouter } from './routes/generation/index.ts'
import { templatesRouter } from './routes/templates/index.ts'

export { PrismaClient } from './db.ts'
export { calculatorConfigSchema, generationEnv, type CalculatorConfig, type GenerationConfig } from './config.ts'

export const SERVICE_NAME = 'calculator'

/** Defaults of every generation setting (no AI key: the built-in analyzer). */
const defaultGenerationConfig: GenerationConfig = calculatorConfigSchema.parse({})

export interface CalculatorServiceOptions {
  /** Replaces the configured analyzer (tests). */
  analyzer?: Analyzer
  now?: () => Date
}

/** Calculator generation: documents and descriptions in, calculators out, counted per month. */
export function createCalculatorService(
  deps: ServiceDeps<PrismaClient>,
  config: GenerationConfig = defaultGenerationConfig,
  options: CalculatorServiceOptions = {},
): ServiceInstance {
  const documents = createDocumentExtractor({
    workers: config.DOCUMENT_WORKERS,
    timeLimitMs: config.DOCUMENT_TIME_LIMIT_MS,
    memoryLimitMb: config.DOCUMENT_MEMORY_LIMIT_MB,
    maxQueued: config.DOCUMENT_QUEUE_LIMIT,
  })
  const analyzer =
    options.analyzer ??
    createAnalyzer(config, {
      // Rule names only: the problems themselves quote the document, which never goes to the logs.
      onFallback: (fallback) =>
        deps.logger.warn(
          { analyzer: 'openai', fallback: 'builtin', reason: fallback.reason, rules: fallback.rules },
          'the model’s calculator failed its checks; the built-in analyzer answered',
        ),
    })
  deps.logger.info({ analyzer: analyzer.name }, 'calculator generation ready')
  const routerDeps = {
    prisma: deps.prisma,
    dbSchema: deps.dbSchema,
    analyzer,
    documents,
    objectStore: deps.objectStore,
    now: options.now ?? (() => new Date()),
    logger: deps.logger,
  }
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [generationRouter(routerDeps), calculatorsRouter(routerDeps), templatesRouter(routerDeps)],
    consumers: [subscribeUserRegistered, subscribeSubscriptionChanged],
    onStop: async () => {
      await Promise.all([documents.close(), analyzer.close?.()])
    },
  })
}

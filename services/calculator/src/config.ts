import { env } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/**
 * Calculator generation's own settings, shared by its deployable and the embedded stack. Without
 * OPENAI_API_KEY the built-in offline analyzer generates calculators.
 */
export const generationEnv = {
  /** An OpenAI (or OpenAI-compatible server's) API key; empty: the built-in analyzer. */
  OPENAI_API_KEY: z.string().default(''),
  /** Base URL of an OpenAI-compatible server (e.g. http://127.0.0.1:8080/v1); empty: OpenAI. */
  OPENAI_BASE_URL: env.optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Time limit of one model request (a repair attempt gets its own). */
  OPENAI_TIMEOUT_MS: env.positiveInt(90_000),
  /** Child processes parsing uploaded documents (each started on first use), and as many analysis threads. */
  DOCUMENT_WORKERS: env.positiveInt(2),
  /** Documents waiting for a worker; beyond that an upload is answered 503 (try again shortly). */
  DOCUMENT_QUEUE_LIMIT: env.positiveInt(32),
  /** Time limit of one document's text extraction. */
  DOCUMENT_TIME_LIMIT_MS: env.positiveInt(60_000),
  /** Heap limit of a document-parsing process (which may hold twice that plus 128 MB) or analysis thread; a document needing more is refused. */
  DOCUMENT_MEMORY_LIMIT_MB: env.positiveInt(512),
}

/** Calculator's environment (every variable is in README and .env.example). */
export const calculatorConfigSchema = z.object({
  ...infrastructureEnv,
  ...generationEnv,
  PORT: env.port(4002),
})
export type CalculatorConfig = z.infer<typeof calculatorConfigSchema>
export type GenerationConfig = z.infer<z.ZodObject<typeof generationEnv>>

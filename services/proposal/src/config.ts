import { env, infrastructureEnv } from '@valueproof/service-kit'
import { z } from 'zod'

/**
 * The proposal service's own settings, spread into the embedded stack's schema too. Everything
 * else it reads (OPENAI_*, PUBLIC_ORIGIN) the embedded stack already has under the same names.
 */
export const proposalEnv = {
  /** Access-code attempts per proposal and client address within the window; past it: 429. */
  PROPOSAL_ACCESS_CODE_ATTEMPTS: env.positiveInt(10),
  PROPOSAL_ACCESS_CODE_WINDOW_MINUTES: env.positiveInt(15),
}

/**
 * The proposal writer's model, under calculator generation's variable names (one key configures
 * both). Without OPENAI_API_KEY the built-in writer writes the sections.
 */
const writerEnv = {
  OPENAI_API_KEY: z.string().default(''),
  OPENAI_BASE_URL: env.optionalUrl,
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: env.positiveInt(90_000),
}

/** Proposal's environment (every variable is in README and .env.example). */
export const proposalConfigSchema = z.object({
  ...infrastructureEnv,
  ...writerEnv,
  ...proposalEnv,
  /** The site's public origin: the product branding's website (https://valueproof.app when unset). */
  PUBLIC_ORIGIN: env.optionalUrl,
  PORT: env.port(4003),
})
export type ProposalConfig = z.infer<typeof proposalConfigSchema>

/** What createProposalService reads: a deployable's config or the embedded stack's. */
export type ProposalSettings = Pick<
  ProposalConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_MODEL'
  | 'OPENAI_TIMEOUT_MS'
  | 'PUBLIC_ORIGIN'
  | 'PROPOSAL_ACCESS_CODE_ATTEMPTS'
  | 'PROPOSAL_ACCESS_CODE_WINDOW_MINUTES'
>

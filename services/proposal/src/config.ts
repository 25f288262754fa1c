import { env, secretEnv } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/**
 * The proposal service's own settings, spread into the embedded stack's schema too. Everything
 * else it reads (OPENAI_*, PUBLIC_ORIGIN) the embedded stack already has under the same names.
 */
export const proposalEnv = {
  // Wrong access codes (docs/decisions/100). Per visitor: free failures, then 2 s, 4 s, 8 s … up to the cap.
  PROPOSAL_ACCESS_CODE_FREE_FAILURES: env.positiveInt(5),
  PROPOSAL_ACCESS_CODE_MAX_DELAY_SECONDS: env.positiveInt(3600),
  /** Wrong codes per proposal from one address, all its visitors together, within the window; past it: 429. */
  PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: env.positiveInt(100),
  PROPOSAL_ACCESS_CODE_ADDRESS_WINDOW_MINUTES: env.positiveInt(15),
  /** Wrong codes per proposal from all addresses within a short window (a right code gives its slot back). */
  PROPOSAL_ACCESS_CODE_CEILING: env.positiveInt(20),
  PROPOSAL_ACCESS_CODE_CEILING_SECONDS: env.positiveInt(60),
  /** Key of the access codes at rest (generated under DATA_DIR when unset; keep it with the database). */
  ACCESS_CODE_KEY: secretEnv,
  /** HMAC-SHA256 key of the addresses in the attempt rows and the view people (generated under DATA_DIR when unset). */
  ADDRESS_HASH_KEY: secretEnv,
  // Views that count people (docs/decisions/119). One person's views of a proposal count once in this window.
  PROPOSAL_VIEW_WINDOW_MINUTES: env.positiveInt(30),
  /** A proposal's views taken as real in any minute; beyond them views are suspect (not counted or announced). */
  PROPOSAL_VIEW_CEILING_PER_MINUTE: env.positiveInt(30),
  /** Different people one address may add to a proposal's views in the window; beyond them its views are suspect. */
  PROPOSAL_VIEW_PEOPLE_PER_ADDRESS: env.positiveInt(10),
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

/**
 * Where a browser reaches the gateway when nothing says otherwise: its default port on this machine
 * (`npm start`, docker compose). The share link a PDF prints uses PUBLIC_ORIGIN, else the gateway's
 * configured address (the embedded stack passes its own), else this — never a request's Host.
 */
export const DEFAULT_GATEWAY_ORIGIN = 'http://localhost:3000'

/** Proposal's environment (every variable is in README and .env.example). */
export const proposalConfigSchema = z.object({
  ...infrastructureEnv,
  ...writerEnv,
  ...proposalEnv,
  /**
   * The site's public origin: the product branding's website (https://valueproof.app when unset) and
   * the share link in a proposal's PDF (the gateway's configured address when unset).
   */
  PUBLIC_ORIGIN: env.optionalUrl,
  PORT: env.port(4003),
})
export type ProposalConfig = z.infer<typeof proposalConfigSchema>

/** What createProposalService reads: a deployable's config or the embedded stack's. */
export type ProposalSettings = Pick<
  ProposalConfig,
  'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL' | 'OPENAI_TIMEOUT_MS' | 'PUBLIC_ORIGIN' | 'DATA_DIR' | keyof typeof proposalEnv
>

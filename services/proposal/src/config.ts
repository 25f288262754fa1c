import { env, infrastructureEnv } from '@valueproof/service-kit'
import { z } from 'zod'

/** Proposal's environment (every variable is in README and .env.example). */
export const proposalConfigSchema = z.object({
  ...infrastructureEnv,
  PORT: env.port(4003),
})
export type ProposalConfig = z.infer<typeof proposalConfigSchema>

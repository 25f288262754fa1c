import { env, infrastructureEnv } from '@valueproof/service-kit'
import { z } from 'zod'

/** Calculator's environment (every variable is in README and .env.example). */
export const calculatorConfigSchema = z.object({
  ...infrastructureEnv,
  PORT: env.port(4002),
})
export type CalculatorConfig = z.infer<typeof calculatorConfigSchema>

import { z } from 'zod'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/**
 * Parses the environment once, at boot, with the deployable's zod schema. Every bad variable is
 * reported at once. This is the only place that reads process.env.
 */
export function loadConfig<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv = process.env): z.infer<Schema> {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`))
}

/** Like loadConfig, but prints the problems and exits: for `src/index.ts` entry points. */
export function loadConfigOrExit<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv = process.env): z.infer<Schema> {
  try {
    return loadConfig(schema, env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** Building blocks shared by the deployables' schemas. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  optionalUrl: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url().optional()),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
}

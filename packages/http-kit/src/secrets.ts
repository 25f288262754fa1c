import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { Logger } from './logger.ts'

/** The shortest secret accepted from configuration (characters; 32 random ones carry ≥ 128 bits). */
export const MIN_SECRET_LENGTH = 32

/** A secret from the environment: unset or empty means "generate one and keep it under DATA_DIR". */
export const secretEnv = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional())

/** The names of the deployment's secrets (each also an environment variable). */
export type SecretName = 'GATEWAY_SIGNING_KEY' | 'ACCESS_CODE_KEY' | 'ADDRESS_HASH_KEY'

/**
 * A secret's value: the configured one, or one generated on first use and kept in
 * `DATA_DIR/secrets/<name>` (mode 0600), so a one-machine install keeps its keys across restarts and
 * processes sharing DATA_DIR agree. Deployments with several machines set the variable instead.
 */
export function resolveSecret(props: { name: SecretName; configured: string | undefined; dataDir: string; logger?: Logger }): string {
  if (props.configured !== undefined) return props.configured
  const dir = join(props.dataDir, 'secrets')
  const file = join(dir, props.name)
  try {
    const kept = readFileSync(file, 'utf8').trim()
    if (kept.length >= MIN_SECRET_LENGTH) return kept
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const generated = randomBytes(32).toString('base64url')
  try {
    // 'wx': when another process sharing DATA_DIR wrote it first, its value wins.
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' })
    chmodSync(file, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw error
  }
  props.logger?.info({ secret: props.name, file }, `${props.name} is not set: generated one and kept it in ${file}`)
  return generated
}

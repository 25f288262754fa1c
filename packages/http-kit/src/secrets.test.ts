import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { resolveSecret, secretEnv } from './secrets.ts'
import { z } from 'zod'

describe('resolveSecret', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vp-secrets-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('returns the configured value and writes nothing', async () => {
    const configured = 'x'.repeat(40)
    expect(resolveSecret({ name: 'ACCESS_CODE_KEY', configured, dataDir })).toBe(configured)
    await expect(stat(join(dataDir, 'secrets'))).rejects.toThrow()
  })

  it('generates a secret once, keeps it readable only by the owner, and returns the same one later', async () => {
    const first = resolveSecret({ name: 'GATEWAY_SIGNING_KEY', configured: undefined, dataDir })
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = join(dataDir, 'secrets', 'GATEWAY_SIGNING_KEY')
    expect((await readFile(file, 'utf8')).trim()).toBe(first)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(resolveSecret({ name: 'GATEWAY_SIGNING_KEY', configured: undefined, dataDir })).toBe(first)
    expect(resolveSecret({ name: 'ADDRESS_HASH_KEY', configured: undefined, dataDir })).not.toBe(first)
  })

  it('refuses a configured secret shorter than 32 characters', () => {
    const schema = z.object({ ACCESS_CODE_KEY: secretEnv })
    expect(() => loadConfig(schema, { ACCESS_CODE_KEY: 'short' })).toThrow(/ACCESS_CODE_KEY: must be at least 32 characters/)
    expect(loadConfig(schema, { ACCESS_CODE_KEY: '' }).ACCESS_CODE_KEY).toBeUndefined()
  })
})

import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

const FAKE_ENGINES = ['/bin/true', '/usr/bin/true']

/**
 * Runs `prisma generate` for one schema. Prisma 7's CLI tries to download a schema-engine binary
 * it does not use for generating; pointing it at `true` keeps generation offline. (Migrations never
 * go through that CLI: see docs/decisions/030.)
 */
export async function generatePrismaClient(schemaPath: string): Promise<void> {
  const require = createRequire(import.meta.url)
  const prismaCli = require.resolve('prisma/build/index.js')
  const fakeEngine = FAKE_ENGINES.find((path) => existsSync(path))
  const env: NodeJS.ProcessEnv = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' }
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY && fakeEngine) env.PRISMA_SCHEMA_ENGINE_BINARY = fakeEngine
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
      cwd: dirname(dirname(schemaPath)),
      env,
      stdio: 'inherit',
    })
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`prisma generate failed for ${schemaPath} (exit code ${code})`)
}

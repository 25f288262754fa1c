import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { tmpdir } from 'node:os'
import { PGlite } from '@electric-sql/pglite'
import { isNewPGliteDataDir, seedPGliteDataDir } from '@valueproof/db'
import { createTestDatabase, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('..', import.meta.url))
const SERVICES = ['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification']
/** What the gateway's image must not carry (issue 17): the database and object-store clients. */
const NOT_IN_THE_GATEWAY = /^(prisma|@prisma\/.*|@electric-sql\/pglite|pglite-prisma-adapter|minio|pg)$/

let out: string

beforeAll(async () => {
  // Inside the repository's dist/, as the real build: bundles find npm packages in the node_modules above them.
  await mkdir(join(root, 'dist'), { recursive: true })
  out = await mkdtemp(join(root, 'dist', '.test-build-'))
  await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', out], { cwd: root })
}, 120_000)

afterAll(async () => {
  await rm(out, { recursive: true, force: true })
})

async function buildInfo(deployable: string): Promise<{ entries: string[]; externals: string[] }> {
  return JSON.parse(await readFile(join(out, deployable, 'build-info.json'), 'utf8')) as { entries: string[]; externals: string[] }
}

describe('npm run build (scripts/build.ts)', () => {
  it('gives every deployable a compiled server, and every service its migrate command with its migrations', async () => {
    for (const deployable of ['gateway', ...SERVICES, 'embedded'])
      expect(existsSync(join(out, deployable, 'server.mjs')), deployable).toBe(true)
    for (const service of SERVICES) {
      expect(existsSync(join(out, service, 'migrate.mjs')), service).toBe(true)
      const migrations = await readdir(join(out, service, 'services', service, 'prisma', 'migrations'))
      expect(migrations.length, service).toBeGreaterThan(0)
    }
    expect(existsSync(join(out, 'gateway', 'web', 'index.html'))).toBe(true)
  })

  it('leaves Prisma, PGlite, pg and minio out of the gateway, which the services do import', async () => {
    expect((await buildInfo('gateway')).externals.filter((name) => NOT_IN_THE_GATEWAY.test(name))).toEqual([])
    expect((await buildInfo('identity')).externals).toEqual(expect.arrayContaining(['@prisma/client', 'pg', 'minio']))
  })

  it('puts every worker a bundle starts beside it, compiled: no TypeScript loader at run time', async () => {
    for (const deployable of ['calculator', 'embedded']) {
      const folder = join(out, deployable)
      const bundles = (await readdir(folder)).filter((file) => file.endsWith('.mjs'))
      const started = new Set<string>()
      for (const bundle of bundles) {
        const code = await readFile(join(folder, bundle), 'utf8')
        for (const match of code.matchAll(/new URL\(\s*["']\.\/([\w.-]+\.mjs)["'],\s*import\.meta\.url\s*\)/g)) started.add(match[1] ?? '')
        expect(code, `${deployable}/${bundle}`).not.toMatch(/from ["']tsx|import\(["'](tsx|[^"']*\.ts)["']\)/)
      }
      expect([...started].sort(), deployable).toEqual(
        expect.arrayContaining(['analysis-worker.mjs', 'extract-worker.mjs', 'pool-child.mjs']),
      )
      for (const file of started) expect(bundles, `${deployable} starts ${file}`).toContain(file)
    }
  })

  it("unpacks a new embedded database from the build's template in a child process, and leaves an existing one alone", async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'vp-seed-')), 'db', 'shared')
    const seed = {
      dataDir,
      template: join(out, 'embedded', 'pglite-template.tar.gz'),
      seedScript: join(out, 'embedded', 'pglite-seed.mjs'),
    }
    try {
      expect(isNewPGliteDataDir(dataDir)).toBe(true)
      expect(await seedPGliteDataDir(seed)).toBe(true)
      const db = await PGlite.create(dataDir)
      await db.exec('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)')
      await db.close()
      expect(await seedPGliteDataDir(seed)).toBe(false)
      const again = await PGlite.create(dataDir)
      expect((await again.query<{ note: string }>('SELECT note FROM kept')).rows).toEqual([{ note: 'still here' }])
      await again.close()
    } finally {
      await rm(join(dataDir, '..', '..'), { recursive: true, force: true })
    }
  }, 60_000)

  it("applies a service's migrations with the built migrate command", async () => {
    if (!(await needs('postgres'))) return
    const database = await createTestDatabase('vp_build')
    try {
      const first = await run(process.execPath, [join(out, 'identity', 'migrate.mjs')], {
        env: { ...process.env, DATABASE_URL: database.url },
      })
      expect(first.stdout).toMatch(/^identity: applied \d+_init, /)
      const again = await run(process.execPath, [join(out, 'identity', 'migrate.mjs')], {
        env: { ...process.env, DATABASE_URL: database.url },
      })
      expect(again.stdout).toMatch(/^identity: .* is up to date/)
    } finally {
      await database.drop()
    }
  }, 60_000)
})

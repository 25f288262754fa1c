// The images as far as they can be built here (no Docker engine): the gateway's and identity's
// runtime folders assembled by deploy/assemble-image.sh (the Dockerfile's steps), started with the
// Dockerfile's CMD and the environment docker-compose.yml gives them — pointed at this machine's
// PostgreSQL, NATS and MinIO — in a read-only folder as the image's user, then health-checked
// with the image's and compose's own checks, used through the gateway, and stopped with SIGTERM.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestBucket, createTestDatabase, eventually, infra, needs, type TestBucket, type TestDatabase } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeCheckAvailable, environmentOf, loadCompose, type ComposeModel } from './compose-model.ts'
import { parseDockerfile, repoRoot, runtimeEnvironment, stage } from './dockerfile.ts'
import {
  assembleImageFolder,
  filesUnder,
  IMAGE_UID,
  imageCommand,
  PATH,
  prepareWritableDirs,
  runIn,
  setWritable,
  sizeMiB,
  startIn,
  waitUntilOk,
  type ImageFolder,
  type Started,
} from './image-folder.ts'

/** What the gateway's image must not carry (issue 17): the database and object-store stack. */
const NOT_IN_GATEWAY = ['prisma', '@prisma', '@electric-sql', 'pglite-prisma-adapter', 'pg', 'minio']
const GENERATED_SECRETS = ['GATEWAY_SIGNING_KEY', 'ACCESS_CODE_KEY', 'ADDRESS_HASH_KEY'] as const
/** Start-up of a compiled deployable, database connection included, takes 1–3 s here. */
const START_TIMEOUT_MS = 30_000
const ASSEMBLE_TIMEOUT_MS = 240_000

function distBuilt(): boolean {
  if (['gateway', 'identity'].every((d) => existsSync(join(repoRoot, 'dist', d, 'server.mjs')))) return true
  const message = 'dist/gateway and dist/identity are not built (npm run build; npm test builds them first)'
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true makes this a failure`)
  console.warn(`SKIPPED: ${message}`)
  return false
}

const ready = distBuilt() && composeCheckAvailable() && (await needs('postgres', 'nats', 'minio'))

/** The spans of an OTLP/HTTP JSON export request (what @opentelemetry/exporter-trace-otlp-http sends). */
function spansIn(body: string): { service: string; traceId: string; name: string }[] {
  interface Export {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }
      scopeSpans?: { spans?: { traceId: string; name: string }[] }[]
    }[]
  }
  const request = JSON.parse(body) as Export
  return (request.resourceSpans ?? []).flatMap((resource) => {
    const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? ''
    return (resource.scopeSpans ?? []).flatMap((scope) => (scope.spans ?? []).map(({ traceId, name }) => ({ service, traceId, name })))
  })
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe.skipIf(!ready)('images assembled as the Dockerfile builds them', () => {
  let parent = ''
  const folders: Record<'gateway' | 'identity', ImageFolder | undefined> = { gateway: undefined, identity: undefined }
  const running: Started[] = []
  let model: ComposeModel
  let database: TestDatabase
  let bucket: TestBucket
  let otlp: Server
  const spans: { service: string; traceId: string; name: string }[] = []
  let dirs: ReturnType<typeof prepareWritableDirs>
  const namespace = `img${process.pid}${Date.now().toString(36)}`

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'vp-image-'))
    chmodSync(parent, 0o755) // the image's user must reach the folders inside
    model = await loadCompose()
    database = await createTestDatabase('image_identity')
    bucket = createTestBucket('image')
    otlp = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        if (request.method === 'POST' && request.url === '/v1/traces') spans.push(...spansIn(body))
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => otlp.listen(0, '127.0.0.1', resolve))
    // One at a time: npm ci on two CPUs shared with other work.
    folders.gateway = await assembleImageFolder(parent, 'gateway')
    folders.identity = await assembleImageFolder(parent, 'identity')
    dirs = prepareWritableDirs(parent, GENERATED_SECRETS)
    for (const folder of Object.values(folders)) if (folder) await setWritable(folder.dir, false)
  }, ASSEMBLE_TIMEOUT_MS)

  afterAll(async () => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL')
    otlp?.close()
    await database?.drop()
    await bucket?.drop()
    if (!parent) return
    await setWritable(parent, true).catch(() => undefined)
    rmSync(parent, { recursive: true, force: true })
  })

  /** The environment compose gives `service`, with this machine's addresses in place of compose's names. */
  function environmentFor(service: 'gateway' | 'identity' | 'identity-migrate', overrides: Record<string, string>) {
    const composed = model.services[service]
    const imageEnv = runtimeEnvironment(composed?.build?.args ?? {})
    const composeEnv = environmentOf(composed ?? {})
    const replaced = Object.keys(overrides).filter((name) => !(name in composeEnv) && !(name in imageEnv))
    // Only what compose sets is replaced (NATS_NAMESPACE keeps this test's streams apart).
    expect(replaced.filter((name) => name !== 'NATS_NAMESPACE')).toEqual([])
    // The image's paths under WORKDIR /app are the assembled folder's here.
    const folder = folders[service === 'gateway' ? 'gateway' : 'identity']?.dir ?? ''
    const inFolder = Object.fromEntries(Object.entries(imageEnv).map(([name, value]) => [name, value.replace(/^\/app\//, `${folder}/`)]))
    return { ...inFolder, ...composeEnv, ...overrides, HOME: dirs.home, TMPDIR: dirs.tmp, PATH }
  }

  it('holds exactly node_modules and dist/<deployable>, as the runtime stage copies them', () => {
    const copies = stage(parseDockerfile(), 'runtime').filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
    expect(copies.map((i) => i.args)).toEqual([
      '--from=deps /app/node_modules ./node_modules',
      '--from=build /src/dist/${DEPLOYABLE} ./dist/${DEPLOYABLE}',
    ])
    const depsRuns = stage(parseDockerfile(), 'deps').filter((i) => i.keyword === 'RUN')
    expect(depsRuns.map((i) => i.args).join('\n')).toContain('assemble-image.sh deps /app "${DEPLOYABLE}"')
    for (const folder of Object.values(folders)) {
      if (!folder) throw new Error('not assembled')
      expect(readdirSync(folder.dir).sort()).toEqual(['dist', 'node_modules'])
      expect(readdirSync(join(folder.dir, 'dist'))).toEqual([folder.deployable])
      const missing = folder.externals.filter((name) => !existsSync(join(folder.dir, 'node_modules', name, 'package.json')))
      expect(missing, `${folder.deployable}: packages its bundle imports`).toEqual([])
    }
  })

  it('leaves Prisma, PGlite, pg and the MinIO client out of the gateway (identity has them)', () => {
    const present = (folder: ImageFolder | undefined) =>
      NOT_IN_GATEWAY.filter((name) => existsSync(join(folder?.dir ?? '', 'node_modules', name)))
    expect(present(folders.gateway)).toEqual([])
    expect(present(folders.identity)).toEqual(expect.arrayContaining(['@prisma', 'pg', 'minio']))
  })

  it('prints each image’s size as far as it can be assembled here', async () => {
    for (const folder of Object.values(folders)) {
      if (!folder) continue
      const [total, modules, dist] = await Promise.all([
        sizeMiB(folder.dir),
        sizeMiB(join(folder.dir, 'node_modules')),
        sizeMiB(join(folder.dir, 'dist')),
      ])
      console.log(`image ${folder.deployable}: /app ${total} MiB (node_modules ${modules} MiB, dist ${dist} MiB) + the node:20 base`)
      expect(total).toBeGreaterThan(0)
    }
  })

  it(
    'migrates, starts read-only as the image’s user, passes both health checks, serves through the gateway, and stops on SIGTERM',
    async () => {
      const identityDir = folders.identity?.dir ?? ''
      const gatewayDir = folders.gateway?.dir ?? ''
      const [identityPort, gatewayPort] = [await freePort(), await freePort()]
      const infrastructure = {
        DATA_DIR: dirs.data,
        NATS_URL: infra.natsUrl,
        NATS_NAMESPACE: namespace,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${(otlp.address() as AddressInfo).port}/v1/traces`,
      }
      const migrate = model.services['identity-migrate']?.command ?? []
      const migrated = await runIn(identityDir, migrate, environmentFor('identity-migrate', { DATABASE_URL: database.url }))
      expect(migrated.code, migrated.output).toBe(0)

      const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET } = bucket.env
      const identityEnv = environmentFor('identity', {
        ...infrastructure,
        ...{ S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET },
        PORT: String(identityPort),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
      })
      const identity = startIn(identityDir, imageCommand('CMD'), identityEnv)
      running.push(identity)
      await waitUntilOk(`http://127.0.0.1:${identityPort}/readyz`, identity, START_TIMEOUT_MS)

      const gatewayEnv = environmentFor('gateway', {
        ...infrastructure,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      })
      const gateway = startIn(gatewayDir, imageCommand('CMD'), gatewayEnv)
      running.push(gateway)
      const base = `http://127.0.0.1:${gatewayPort}`
      await waitUntilOk(`${base}/readyz`, gateway, START_TIMEOUT_MS)

      // The image's HEALTHCHECK and compose's, run as Docker would (inside the container's environment).
      const healthcheck = imageCommand('HEALTHCHECK')
      const composeCheck = model.services.gateway?.healthcheck?.test?.slice(1) ?? []
      for (const [dir, env] of [
        [gatewayDir, gatewayEnv],
        [identityDir, identityEnv],
      ] as const) {
        expect((await runIn(dir, healthcheck, env)).code).toBe(0)
        expect((await runIn(dir, composeCheck, env)).code).toBe(0)
      }

      if (process.getuid?.() === 0) {
        const uid = (pid?: number) => /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
        expect([uid(gateway.child.pid), uid(identity.child.pid)]).toEqual([String(IMAGE_UID), String(IMAGE_UID)])
      }
      const page = await fetch(`${base}/`)
      expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')])
      const username = `image_${Date.now().toString(36)}`
      const register = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Sunny-Day-42' }),
      })
      expect(register.status, await register.clone().text()).toBeLessThan(300)
      const cookie = register.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ')
      const user = await fetch(`${base}/api/user`, { headers: { cookie } })
      expect([user.status, ((await user.json()) as { username?: string }).username]).toEqual([200, username])

      // Spans leave through the OTLP endpoint compose names (batched: within 5 s), and the register
      // call is one trace from the gateway into identity.
      const registerTrace = () => {
        const inGateway = new Set(
          spans.filter((span) => span.service === 'gateway' && span.name.includes('register')).map((span) => span.traceId),
        )
        return spans.find((span) => span.service === 'identity' && inGateway.has(span.traceId))
      }
      await eventually(() => Promise.resolve(registerTrace()), 15_000)
      for (const started of [gateway, identity]) started.child.kill('SIGTERM')
      expect(await Promise.all([gateway.exited, identity.exited])).toEqual([0, 0])
      // Written outside /tmp: nothing (the folders are read-only); HOME stays empty; TMPDIR is /tmp's.
      expect(filesUnder(dirs.home)).toEqual([])
      console.log(`image processes wrote under TMPDIR: ${JSON.stringify(filesUnder(dirs.tmp))}; spans exported: ${spans.length}`)
    },
    START_TIMEOUT_MS * 3,
  )
})

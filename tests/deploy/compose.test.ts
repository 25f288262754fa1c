// docker-compose.yml checked by a real Compose implementation (compose-go, the compose-spec
// reference library, in tools/compose-check), then the promises issue 17 makes about it, read from
// the model compose-go produces: environments every config schema accepts, health checks and
// dependency conditions, only the gateway, Jaeger's and Mailpit's UIs published, e-mail to Mailpit,
// no secret written in the file.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { loadConfig, resolveSecret } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import {
  builtServices,
  composeCheck,
  composeCheckAvailable,
  composeFile,
  configSchemas,
  environmentOf,
  envExample,
  isOneShot,
  loadCompose,
  SERVICES,
  type ComposeModel,
} from './compose-model.ts'
import { globalArgs, parseDockerfile, repoRoot, runtimeEnvironment } from './dockerfile.ts'

const run = promisify(execFile)

/** Long-running services without a health check, and why (each one is asserted). */
const NO_HEALTHCHECK = {
  // otel/opentelemetry-collector is FROM scratch: no shell or HTTP client to run a check with.
  'otel-collector': 'scratch image',
} as const
/** Variables whose value is a credential. */
const SECRET_NAME = /(KEY|SECRET|PASSWORD|TOKEN)$/
/** The keys the application generates when unset (DATA_DIR/secrets/<name>). */
const GENERATED_SECRETS = ['GATEWAY_SIGNING_KEY', 'ACCESS_CODE_KEY', 'ADDRESS_HASH_KEY'] as const

const tmp = mkdtempSync(join(tmpdir(), 'vp-compose-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe.skipIf(!composeCheckAvailable())('docker-compose.yml', () => {
  let model: ComposeModel
  beforeAll(async () => {
    model = await loadCompose()
  })
  const service = (name: string) => {
    const found = model.services[name]
    if (!found) throw new Error(`docker-compose.yml has no service ${name}`)
    return found
  }
  const longRunning = () => Object.entries(model.services).filter(([, s]) => !isOneShot(s))

  it('is a valid Compose file to compose-go, and runs the whole system', () => {
    expect(model.name).toBe('valueproof')
    expect(Object.keys(model.services).sort()).toEqual(
      [
        ...['postgres', 'nats', 'minio', 'minio-init', 'secrets-init', 'mailpit', 'otel-collector', 'jaeger', 'gateway'],
        ...SERVICES.flatMap((name) => [name, `${name}-migrate`]),
      ].sort(),
    )
    expect(builtServices(model).map((s) => s.deployable)).toEqual(expect.arrayContaining(Object.keys(configSchemas)))
  })

  it('gives every deployable an environment its config schema accepts, on the port its image exposes', () => {
    const problems: string[] = []
    for (const { name, deployable, service: built } of builtServices(model)) {
      if (isOneShot(built)) continue
      const env = { ...runtimeEnvironment(built.build?.args ?? {}), ...environmentOf(built) }
      try {
        const config = loadConfig(configSchemas[deployable], env) as { PORT: number; HOST: string; DATA_DIR: string }
        expect(config.PORT, name).toBe(Number(built.build?.args?.PORT))
        expect(config.PORT, `${name} listens on its schema's default port`).toBe(
          (configSchemas[deployable].parse({}) as { PORT: number }).PORT,
        )
        expect(config.HOST, name).toBe('0.0.0.0')
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('sells nothing by default: no Stripe key and no test-mode payments unless .env turns them on (docs/decisions/120)', () => {
    const billing = environmentOf(service('billing'))
    expect([billing.STRIPE_SECRET_KEY, billing.PAYMENTS_TEST_MODE]).toEqual(['', 'false'])
  })

  it('migrates each service database in a job that finishes before the service starts', () => {
    for (const name of SERVICES) {
      const job = service(`${name}-migrate`)
      const env = environmentOf(service(name))
      expect(job.build?.args?.DEPLOYABLE).toBe(name)
      expect(job.image).toBe(service(name).image)
      expect(job.command).toEqual(['node', `dist/${name}/migrate.mjs`])
      expect(environmentOf(job).DATABASE_URL).toBe(env.DATABASE_URL)
      expect(job.depends_on?.postgres?.condition).toBe('service_healthy')
      expect(service(name).depends_on?.[`${name}-migrate`]?.condition).toBe('service_completed_successfully')
      expect(env.MIGRATE_ON_START).toBe('false')
    }
  })

  it('points every service at the PostgreSQL, NATS and MinIO compose runs, one database each', () => {
    const postgres = environmentOf(service('postgres'))
    const minio = environmentOf(service('minio'))
    const created = [...readFileSync(`${repoRoot}deploy/postgres/create-databases.sql`, 'utf8').matchAll(/^CREATE DATABASE (\w+);/gm)].map(
      (match) => match[1],
    )
    const initScript = service('postgres').volumes?.find((volume) => volume.source === `${repoRoot}deploy/postgres/create-databases.sql`)
    expect(initScript?.target).toMatch(/^\/docker-entrypoint-initdb\.d\/[\w-]+\.sql$/)
    const databases = SERVICES.map((name) => {
      const env = environmentOf(service(name))
      const url = new URL(env.DATABASE_URL ?? '')
      expect([url.hostname, url.port, decodeURIComponent(url.username), decodeURIComponent(url.password)]).toEqual([
        'postgres',
        '5432',
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
      ])
      expect(env.NATS_URL).toBe('nats://nats:4222')
      expect([env.S3_ENDPOINT, env.S3_ACCESS_KEY, env.S3_SECRET_KEY]).toEqual([
        'http://minio:9000',
        minio.MINIO_ROOT_USER,
        minio.MINIO_ROOT_PASSWORD,
      ])
      expect(env.S3_BUCKET).toBe(environmentOf(service('minio-init')).S3_BUCKET)
      return url.pathname.slice(1)
    })
    expect(new Set(databases).size).toBe(SERVICES.length)
    expect(created.sort()).toEqual([...databases].sort())
    expect(service('nats').command).toEqual(expect.arrayContaining(['-js', '-sd', '/data']))
    expect(service('nats').volumes).toContainEqual(expect.objectContaining({ type: 'volume', source: 'nats-data', target: '/data' }))
  })

  it('has the gateway forward to each service at the port that service listens on', () => {
    const gateway = environmentOf(service('gateway'))
    for (const name of SERVICES) {
      expect(gateway[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${environmentOf(service(name)).PORT}`)
      expect(service('gateway').depends_on?.[name]?.condition).toBe('service_healthy')
    }
  })

  it('sends every deployable’s spans to the collector, which exports them to Jaeger', () => {
    for (const { name, service: built } of builtServices(model).filter((s) => !isOneShot(s.service))) {
      expect(environmentOf(built).OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, name).toBe('http://otel-collector:4318/v1/traces')
    }
    const mount = service('otel-collector').volumes?.find((volume) => volume.target === '/etc/otelcol/config.yaml')
    expect(mount?.source).toBe(`${repoRoot}deploy/otel-collector.yaml`)
    expect(service('otel-collector').command).toEqual(['--config=/etc/otelcol/config.yaml'])
    const collector = parseYaml(readFileSync(mount?.source ?? '', 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } }
      exporters: Record<string, { endpoint: string }>
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } }
    }
    expect(collector.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318')
    const pipeline = collector.service.pipelines.traces
    expect(pipeline.receivers).toEqual(['otlp'])
    expect(pipeline.exporters.map((exporter) => collector.exporters[exporter]?.endpoint)).toEqual(['jaeger:4317'])
    // Jaeger 2 takes OTLP on 4317 without a switch; its health endpoint is the collector's healthcheckv2.
    expect(service('jaeger').image).toMatch(/^jaegertracing\/jaeger:2\.\d+\.\d+$/)
    expect(service('jaeger').healthcheck?.test).toContain('http://127.0.0.1:13133/status')
  })

  it('health-checks every long-running service (the deployables on /readyz)', () => {
    const without = longRunning()
      .filter(([, s]) => !s.healthcheck?.test?.length || s.healthcheck.disable)
      .map(([name]) => name)
    expect(without.sort()).toEqual(Object.keys(NO_HEALTHCHECK).sort())
    for (const [name, s] of longRunning()) {
      if (name in NO_HEALTHCHECK) continue
      expect(['CMD', 'CMD-SHELL'], name).toContain(s.healthcheck?.test?.[0])
    }
    for (const { name, service: built } of builtServices(model).filter((s) => !isOneShot(s.service))) {
      expect(built.healthcheck?.test?.join(' '), name).toContain("'/readyz'")
    }
  })

  it('starts nothing before what it depends on is healthy, has completed, or (no check possible) has started', () => {
    const dependedOn = new Set<string>()
    for (const [name, s] of Object.entries(model.services)) {
      for (const [target, { condition }] of Object.entries(s.depends_on ?? {})) {
        dependedOn.add(target)
        const expected = isOneShot(service(target))
          ? 'service_completed_successfully'
          : target in NO_HEALTHCHECK
            ? 'service_started'
            : 'service_healthy'
        expect(condition, `${name} → ${target}`).toBe(expected)
      }
    }
    const oneShots = Object.entries(model.services).filter(([, s]) => isOneShot(s))
    for (const [name] of oneShots) expect(dependedOn.has(name), `something waits for ${name}`).toBe(true)
    for (const name of SERVICES) {
      expect(Object.keys(service(name).depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'nats', 'secrets-init']))
    }
  })

  it('publishes only the gateway, Jaeger’s UI and Mailpit’s, on the loopback interface', () => {
    const published = Object.entries(model.services).filter(([, s]) => (s.ports ?? []).length > 0)
    expect(published.map(([name]) => name).sort()).toEqual(['gateway', 'jaeger', 'mailpit'])
    for (const [, s] of published) for (const port of s.ports ?? []) expect(port.host_ip).toBe('127.0.0.1')
    expect(service('gateway').ports?.map((p) => [p.target, p.published])).toEqual([[3000, '3000']])
    expect(service('jaeger').ports?.map((p) => [p.target, p.published])).toEqual([[16686, '16686']])
    expect(service('mailpit').ports?.map((p) => [p.target, p.published])).toEqual([[8025, '8025']])
  })

  it('has the notification service send e-mail to the Mailpit container, linking to the published gateway', () => {
    const notification = environmentOf(service('notification'))
    const smtp = new URL(notification.SMTP_URL ?? '')
    expect([smtp.protocol, smtp.hostname, smtp.port]).toEqual(['smtp:', 'mailpit', '1025'])
    expect(service('mailpit').command).toEqual(expect.arrayContaining(['--smtp', '0.0.0.0:1025']))
    expect(service('notification').depends_on?.mailpit?.condition).toBe('service_healthy')
    expect(notification.PUBLIC_ORIGIN).toBe('http://localhost:3000')
    // No other deployable reaches an SMTP server (decision 137: egress is the notification service's line).
    for (const { name, service: built } of builtServices(model)) {
      if (name !== 'notification') expect(environmentOf(built).SMTP_URL, name).toBeUndefined()
    }
  })

  it('runs the deployables non-root on a read-only root file system, writing only to /tmp', () => {
    for (const { name, service: built } of builtServices(model)) {
      expect(built.read_only, name).toBe(true)
      expect(built.user, name).toBeUndefined() // the image's USER 1000:1000
    }
    expect(parseDockerfile().some((i) => i.keyword === 'USER' && i.args === '1000:1000')).toBe(true)
  })

  it('pins every image it pulls by an exact version, the Node base as the Dockerfile does', () => {
    for (const [name, s] of Object.entries(model.services)) {
      if (s.build) continue
      expect(s.image, name).toMatch(/^[\w./-]+:[\w.-]*\d+\.\d+[\w.-]*(@sha256:[0-9a-f]{64})?$|^[\w./-]+:RELEASE\.[\dTZ-]+$/)
    }
    expect(service('secrets-init').image).toBe(globalArgs(parseDockerfile()).NODE_IMAGE)
  })

  describe('secrets', () => {
    it('takes every credential from the .env file: none is written in docker-compose.yml', async () => {
      const names = new Set([...readFileSync(composeFile, 'utf8').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((match) => match[1] ?? ''))
      // Every variable the file reads is set (host ports excepted: Compose checks they are numbers).
      const envFile = join(tmp, 'sentinel.env')
      const settable = [...names].filter((name) => !name.endsWith('_PORT'))
      writeFileSync(envFile, settable.map((name) => `${name}=from-env-${name}-0123456789abcdef0123456789abcdef`).join('\n'))
      const fromEnv = await loadCompose([envFile])
      const literal: string[] = []
      for (const [name, s] of Object.entries(fromEnv.services)) {
        for (const [variable, value] of Object.entries(environmentOf(s))) {
          if (SECRET_NAME.test(variable) && !value.includes('from-env-')) literal.push(`${name}.${variable}`)
          if (/^postgres(ql)?:/.test(value) && !new URL(value).password.includes('from-env-')) literal.push(`${name}.${variable} password`)
        }
      }
      expect(literal).toEqual([])
    })

    it('defaults to no application key, and to local-only passwords for servers nothing outside can reach', () => {
      const postgres = environmentOf(service('postgres'))
      const minio = environmentOf(service('minio'))
      const localOnly = new Set([postgres.POSTGRES_PASSWORD, minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD])
      for (const [name, s] of Object.entries(model.services)) {
        const env = environmentOf(s)
        for (const secret of [...GENERATED_SECRETS, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'OPENAI_API_KEY']) {
          if (secret in env) expect(env[secret], `${name}.${secret}`).toBe('')
        }
        for (const [variable, value] of Object.entries(env)) {
          if (SECRET_NAME.test(variable) && value !== '') expect(localOnly.has(value), `${name}.${variable}`).toBe(true)
        }
      }
      expect(service('postgres').ports ?? []).toEqual([])
      expect(service('minio').ports ?? []).toEqual([])
    })

    it('keeps .env out of git and sets no credential in .env.example', () => {
      expect(readFileSync(`${repoRoot}.gitignore`, 'utf8').split('\n')).toContain('.env')
      const assignments = readFileSync(envExample, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      expect(assignments.filter((line) => SECRET_NAME.test(line.split('=')[0] ?? '') && line.split('=')[1] !== '')).toEqual([])
    })

    it('mounts the generated keys where each deployable that needs one reads it (DATA_DIR/secrets, read-only)', () => {
      for (const { name, service: built } of builtServices(model).filter((s) => !isOneShot(s.service))) {
        const env = environmentOf(built)
        const generated = GENERATED_SECRETS.filter((secret) => env[secret] === '')
        expect(generated, name).toContain('GATEWAY_SIGNING_KEY')
        expect(built.volumes, name).toContainEqual(
          expect.objectContaining({ type: 'volume', source: 'secrets', target: `${env.DATA_DIR}/secrets`, read_only: true }),
        )
      }
      expect(service('secrets-init').volumes).toContainEqual(expect.objectContaining({ source: 'secrets', target: '/secrets' }))
    })
  })
})

describe.skipIf(!composeCheckAvailable())('compose-check', () => {
  it('rejects a file whose depends_on names a service that does not exist', async () => {
    const text = readFileSync(composeFile, 'utf8')
    const broken = text.replace(/^( {6})identity-migrate:\n( {8}condition: service_completed_successfully)$/m, '$1identity-migrations:\n$2')
    expect(broken).not.toBe(text)
    writeFileSync(join(tmp, 'docker-compose.yml'), broken)
    const result = await composeCheck(join(tmp, 'docker-compose.yml'))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('depends on undefined service "identity-migrations"')
  })

  it('rejects a key the Compose schema does not know, and a required variable left unset', async () => {
    writeFileSync(
      join(tmp, 'typo.yml'),
      'name: t\nservices:\n  a:\n    image: busybox:1.37\n    healthcheck:\n      test: [CMD, "true"]\n      intervall: 5s\n',
    )
    expect((await composeCheck(join(tmp, 'typo.yml'), [])).stderr).toContain("additional properties 'intervall' not allowed")
    writeFileSync(
      join(tmp, 'required.yml'),
      'name: t\nservices:\n  a:\n    image: busybox:1.37\n    environment:\n      K: ${K:?set K in .env}\n',
    )
    const result = await composeCheck(join(tmp, 'required.yml'), [])
    expect([result.code, result.stderr.includes('set K in .env')]).toEqual([1, true])
  })
})

describe('the secrets-init job', () => {
  it.skipIf(process.getuid?.() !== 0)('writes each key once, 0600 for uid 1000, where the services read it', async () => {
    const model = await loadCompose().catch(() => undefined)
    if (!model) return expect.fail('docker-compose.yml does not load')
    const [node, flag, script = ''] = model.services['secrets-init']?.command ?? []
    expect([node, flag]).toEqual(['node', '-e'])
    const dir = join(tmp, 'secrets-volume')
    mkdirSync(join(dir, 'secrets'), { recursive: true })
    const env = { ...process.env, ...environmentOf(model.services['secrets-init'] ?? {}), SECRETS_DIR: join(dir, 'secrets') }
    await run(process.execPath, ['-e', script], { env })
    const first = GENERATED_SECRETS.map((name) => readFileSync(join(dir, 'secrets', name), 'utf8'))
    await run(process.execPath, ['-e', script], { env })
    expect(GENERATED_SECRETS.map((name) => readFileSync(join(dir, 'secrets', name), 'utf8'))).toEqual(first)
    for (const name of GENERATED_SECRETS) {
      const stat = statSync(join(dir, 'secrets', name))
      expect([stat.mode & 0o777, stat.uid]).toEqual([0o600, 1000])
      expect(resolveSecret({ name, configured: undefined, dataDir: dir })).toMatch(/^[\w-]{43}$/)
    }
  })
})

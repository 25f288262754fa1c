// The Dockerfile converted by BuildKit's own Dockerfile frontend (tools/dockerfile-check), for each
// deployable with the build arguments docker-compose.yml passes: it builds as `docker build` would
// read it, `docker build --check` finds nothing, and the image configuration BuildKit computes keeps
// the promises of issue 17 (non-root, read-only friendly, --max-semi-space-size, health check, port,
// OCI labels). No Docker engine or registry is needed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtServices, composeCheckAvailable, loadCompose, type Deployable } from './compose-model.ts'
import { dockerfilePath, globalArgs, parseDockerfile, runtimeEnvironment } from './dockerfile.ts'
import { projectToolAvailable, projectToolBinary } from './project-tools.ts'

const run = promisify(execFile)

interface ImageConfig {
  User?: string
  WorkingDir?: string
  Env?: string[]
  Cmd?: string[]
  Entrypoint?: string[]
  ExposedPorts?: Record<string, object>
  Labels?: Record<string, string>
  Healthcheck?: { Test?: string[] }
}
interface Converted {
  config: ImageConfig
  warnings: { ruleName: string; detail: string }[] | null
  lintError?: { message: string }
}

async function convert(file: string, buildArgs: Record<string, string>, target?: string) {
  const args = [...Object.entries(buildArgs).flatMap(([name, value]) => ['-build-arg', `${name}=${value}`])]
  if (target) args.push('-target', target)
  try {
    const { stdout } = await run(projectToolBinary('dockerfile-check'), [...args, file])
    return { code: 0, result: JSON.parse(stdout) as Converted, stderr: '' }
  } catch (error) {
    const failure = error as { code?: number; stderr?: string }
    return { code: failure.code ?? -1, result: undefined, stderr: failure.stderr ?? '' }
  }
}

const ready = projectToolAvailable('dockerfile-check') && composeCheckAvailable()

describe.skipIf(!ready)('the Dockerfile, as BuildKit reads it', () => {
  const images = new Map<Deployable, { args: Record<string, string>; converted: Converted }>()
  beforeAll(async () => {
    const model = await loadCompose()
    for (const { deployable, service } of builtServices(model)) {
      if (images.has(deployable)) continue
      const args = service.build?.args ?? {}
      const { result, stderr } = await convert(dockerfilePath, args)
      if (!result) throw new Error(`BuildKit could not convert the Dockerfile for ${deployable}: ${stderr}`)
      images.set(deployable, { args, converted: result })
    }
  })

  it('converts for every deployable compose builds, with nothing for `docker build --check` to report', () => {
    expect([...images.keys()].sort()).toEqual(['analytics', 'billing', 'calculator', 'gateway', 'identity', 'notification', 'proposal'])
    for (const [deployable, { converted }] of images) {
      expect(converted.lintError, deployable).toBeUndefined()
      expect(converted.warnings ?? [], deployable).toEqual([])
    }
  })

  it('runs as uid 1000 from /app, listening on all interfaces at the port it exposes', () => {
    for (const [deployable, { args, converted }] of images) {
      const { config } = converted
      expect([config.User, config.WorkingDir], deployable).toEqual(['1000:1000', '/app'])
      expect(Object.keys(config.ExposedPorts ?? {}), deployable).toEqual([`${args.PORT}/tcp`])
      expect(config.Env, deployable).toEqual(
        expect.arrayContaining(['NODE_ENV=production', 'HOST=0.0.0.0', `PORT=${args.PORT}`, `DEPLOYABLE=${deployable}`]),
      )
    }
  })

  it('writes only under /tmp by default, and serves the web build from the gateway’s own folder', () => {
    for (const [deployable, { converted }] of images) {
      const env = Object.fromEntries(
        (converted.config.Env ?? []).map((entry): [string, string] => [entry.split('=')[0] ?? '', entry.slice(entry.indexOf('=') + 1)]),
      )
      expect(env.DATA_DIR, deployable).toMatch(/^\/tmp\//)
      expect(env.WEB_DIST_DIR, deployable).toBe(`/app/dist/${deployable}/web`)
    }
  })

  it('starts dist/<deployable>/server.mjs with --max-semi-space-size=32, node as PID 1', () => {
    for (const [deployable, { converted }] of images) {
      const command = converted.config.Cmd?.join(' ') ?? ''
      expect(command, deployable).toMatch(/exec node --max-semi-space-size=32 "dist\/\$\{DEPLOYABLE\}\/server\.mjs"$/)
    }
  })

  it('health-checks /healthz with node itself (no curl in the image)', () => {
    for (const [deployable, { converted }] of images) {
      const test = converted.config.Healthcheck?.Test ?? []
      expect(test.slice(0, 3), deployable).toEqual(['CMD', 'node', '-e'])
      expect(test[3], deployable).toContain("'/healthz'")
    }
  })

  it('carries the OCI labels and names its pinned base', () => {
    const base = globalArgs(parseDockerfile()).NODE_IMAGE
    expect(base).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim(@sha256:[0-9a-f]{64})?$/)
    for (const [deployable, { converted }] of images) {
      const labels = converted.config.Labels ?? {}
      const oci = (name: string) => labels[`org.opencontainers.image.${name}`]
      expect([oci('title'), oci('base.name')], deployable).toEqual([`valueproof-${deployable}`, base])
      expect(oci('description'), deployable).toContain(deployable)
      for (const name of ['version', 'revision', 'source', 'licenses', 'vendor']) expect(oci(name), `${deployable} ${name}`).toBeDefined()
    }
  })

  it('sets the environment the other tests read from the Dockerfile (tests/deploy/dockerfile.ts agrees with BuildKit)', () => {
    for (const [deployable, { args, converted }] of images) {
      const fromBuildKit = (converted.config.Env ?? []).filter((entry) => !entry.startsWith('PATH='))
      const ours = Object.entries(runtimeEnvironment(args)).map(([name, value]) => `${name}=${value}`)
      expect(ours, deployable).toEqual(fromBuildKit)
    }
  })
})

describe.skipIf(!projectToolAvailable('dockerfile-check'))('dockerfile-check', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vp-dockerfile-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('fails on an instruction BuildKit rejects, and reports what `docker build --check` reports', async () => {
    writeFileSync(join(dir, 'Broken'), 'FROM node:20.20.2-bookworm-slim\nCOPY --frm=deps /a /b\n')
    const broken = await convert(join(dir, 'Broken'), {})
    expect([broken.code, broken.stderr]).toEqual([1, expect.stringContaining('frm')])
    writeFileSync(join(dir, 'Untidy'), 'FROM node:20.20.2-bookworm-slim as base\nENV A 1\n')
    const untidy = await convert(join(dir, 'Untidy'), {})
    expect(untidy.result?.warnings?.map((warning) => warning.ruleName).sort()).toEqual(['FromAsCasing', 'LegacyKeyValueFormat'])
  })
})

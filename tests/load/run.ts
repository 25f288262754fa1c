// `npm run load`: the k6 scripts of this folder, run by the real k6 against
//   embedded  the one-process product (`npm start`'s command in a child process, PGlite, in-process bus);
//   deployed  the gateway and the five services as separate processes on PostgreSQL + NATS + MinIO
//             (tests/deploy/processes.ts);
//   composed  the system docker-compose.yml brought up, at GATEWAY_URL (scripts/deploy-test.sh runs
//             it; never chosen by default).
// Prints k6's summary of each run and a table of all of them; exits 1 when a threshold failed.
//
//   npm run load [-- --target embedded|deployed|composed] [--script generation|prospects] [--profile smoke|full]
//                [--from dist|sources] [--env RATE=20 …]
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { needs } from '@valueproof/testing'
import { startProduct } from '../bench/product.ts'
import { DEFAULT_CODE_SOURCE, DEPLOYED_SERVICES, startDeployedStack, type CodeSource } from '../deploy/processes.ts'
import { headline, LOAD_SCRIPTS, runK6, thresholdResults, type K6Run, type LoadProfile, type LoadScript } from './k6.ts'

const TARGETS = ['embedded', 'deployed', 'composed'] as const
const DEFAULT_TARGETS: Target[] = ['embedded', 'deployed']
type Target = (typeof TARGETS)[number]

/**
 * Limits that count per client address, raised on the target: every virtual user comes from the
 * load generator's one address, where real users and prospects come from many. The work the limits
 * do (a row reserved and given back per access code) is still measured.
 */
const ONE_ADDRESS_LIMITS = {
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: '100000',
  PROPOSAL_ACCESS_CODE_CEILING: '100000',
}

interface Started {
  url: string
  /** The target's process ids: a run against a target that died is reported as such. */
  pids: number[]
  stop(): Promise<void>
  /** What the target's processes wrote last, shown when a run fails. */
  output?(): string
}

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run load [-- --target ${TARGETS.join('|')}] [--script ${LOAD_SCRIPTS.join('|')}] [--profile smoke|full] [--from dist|sources] [--env NAME=VALUE …]`,
  )
  process.exit(2)
}

function options() {
  const { values } = parseArgs({
    options: {
      target: { type: 'string', multiple: true },
      script: { type: 'string', multiple: true },
      profile: { type: 'string', default: 'full' },
      from: { type: 'string', default: DEFAULT_CODE_SOURCE },
      env: { type: 'string', multiple: true },
    },
  })
  const targets = (values.target ?? DEFAULT_TARGETS) as Target[]
  const scripts = (values.script ?? [...LOAD_SCRIPTS]) as LoadScript[]
  for (const target of targets) if (!TARGETS.includes(target)) usage(`unknown target ${target}`)
  for (const script of scripts) if (!LOAD_SCRIPTS.includes(script)) usage(`unknown script ${script}`)
  if (values.profile !== 'smoke' && values.profile !== 'full') usage(`unknown profile ${values.profile}`)
  if (values.from !== 'dist' && values.from !== 'sources') usage(`unknown --from ${values.from}`)
  const env: Record<string, string> = {}
  for (const pair of values.env ?? []) {
    const at = pair.indexOf('=')
    if (at <= 0) usage(`--env ${pair}: expected NAME=VALUE`)
    env[pair.slice(0, at)] = pair.slice(at + 1)
  }
  const profile: LoadProfile = values.profile
  const from: CodeSource = values.from
  return { targets, scripts, profile, from, env }
}

async function startTarget(target: Target, from: CodeSource, workDir: string): Promise<Started> {
  if (target === 'composed') {
    const url = process.env.GATEWAY_URL
    if (url === undefined) usage('--target composed needs GATEWAY_URL (the composed gateway)')
    // Started and stopped by scripts/deploy-test.sh; its limits come from the generated .env.
    return { url, pids: [], stop: () => Promise.resolve() }
  }
  if (target === 'embedded') {
    const product = await startProduct({ dataDir: join(workDir, 'embedded-data'), env: ONE_ADDRESS_LIMITS })
    return { url: product.url, pids: [product.pid], stop: () => product.stop() }
  }
  const stack = await startDeployedStack({ from, env: ONE_ADDRESS_LIMITS })
  const tails = (): string =>
    (['gateway', ...DEPLOYED_SERVICES] as const).map((name) => `--- ${name}\n${stack.output(name).slice(-1500)}`).join('\n')
  return { url: stack.url, pids: Object.values(stack.pids), stop: stack.stop, output: tails }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function row(target: Target, run: K6Run): string {
  if (run.summary === undefined) return `${target} / ${run.script}: no summary (k6 exited ${run.exitCode})`
  const figures = headline(run.summary)
  const failedThresholds = thresholdResults(run.summary).filter((result) => !result.held)
  const calls = Object.entries(figures.callP95Ms)
    .map(([call, p95]) => `${call} ${p95.toFixed(1)}`)
    .join(', ')
  return [
    `${target} / ${run.script}: ${figures.requests} requests, ${figures.rate.toFixed(1)}/s, p95 ${figures.p95Ms.toFixed(1)} ms`,
    `${figures.failedRequests} failed (${(figures.failedRate * 100).toFixed(2)}%)`,
    failedThresholds.length === 0 ? 'thresholds held' : `FAILED: ${failedThresholds.map((result) => result.name).join('; ')}`,
  ]
    .join('; ')
    .concat(`\n    p95 per call (ms): ${calls}`)
}

async function main(): Promise<number> {
  const chosen = options()
  const components = chosen.targets.includes('deployed') ? (['k6', 'postgres', 'nats', 'minio'] as const) : (['k6'] as const)
  if (!(await needs(...components))) return 1
  const workDir = await mkdtemp(join(tmpdir(), 'valueproof-load-'))
  let current: Started | undefined
  const interrupted = (signal: NodeJS.Signals): void => {
    console.error(`\n${signal}: stopping the target…`)
    void (current?.stop() ?? Promise.resolve()).finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  const rows: string[] = []
  let failed = false
  try {
    for (const target of chosen.targets) {
      console.log(`\n=== ${target}: starting${target === 'deployed' ? ` (from ${chosen.from})` : ''}…`)
      const started = performance.now()
      current = await startTarget(target, chosen.from, workDir)
      console.log(`=== ${target}: ready at ${current.url} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      try {
        for (const script of chosen.scripts) {
          console.log(`\n=== ${target} / ${script} (${chosen.profile}): k6 run ${script}.k6.js`)
          const summaryFile = join(workDir, `${target}-${script}.json`)
          const run = await runK6({
            script,
            baseUrl: current.url,
            profile: chosen.profile,
            summaryFile,
            env: chosen.env,
            passThrough: true,
          })
          const dead = current.pids.filter((pid) => !isRunning(pid))
          if (dead.length > 0) console.log(`=== ${target}: process(es) ${dead.join(', ')} of the target exited during the run`)
          if (run.exitCode !== 0) {
            failed = true
            if (current.output) console.log(`=== ${target}: the processes' last output\n${current.output()}`)
          }
          rows.push(row(target, run))
        }
      } finally {
        await current.stop()
        current = undefined
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  console.log(`\n=== k6 summaries (${chosen.profile} profile)\n${rows.join('\n')}`)
  return failed ? 1 : 0
}

process.exitCode = await main()

// `npm start`'s supervisor: the real product killed with SIGKILL comes back and serves again;
// SIGTERM stops it with its exit code and no restart. Restart policy on a stand-in product.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READY_MESSAGE, supervise, type SupervisorOptions } from './supervisor-process.ts'

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SUPERVISOR = fileURLToPath(new URL('./supervisor.ts', import.meta.url))
const RUNNING = /ValueProof is running at (http:\/\/\S+)/g

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The supervisor's child (Linux keeps a process's children in /proc). */
async function childOf(pid: number): Promise<number> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'latin1')).trim().split(/\s+/).map(Number)
  const [child] = children
  if (children.length !== 1 || child === undefined) throw new Error(`expected one child of ${pid}, got '${children.join(' ')}'`)
  return child
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.runIf(process.platform === 'linux')('npm start under its supervisor', () => {
  let dir: string
  let supervisor: ChildProcessWithoutNullStreams
  let stdout = ''
  let stderr = ''

  const urls = () => [...stdout.matchAll(RUNNING)].map((match) => match[1] ?? '')

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'valueproof-supervisor-'))
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>test</title>')
    supervisor = spawn(process.execPath, ['--import', 'tsx', SUPERVISOR], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), WEB_DIST_DIR: dir, PASSWORD_HASH_COST: '14' },
    })
    supervisor.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    supervisor.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  })
  afterAll(async () => {
    supervisor.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  it('restarts the product killed with SIGKILL, which then serves again; SIGTERM stops it for good', async () => {
    const first = await until(() => urls()[0], 'the product to start')
    expect((await fetch(`${first}/api/user`)).status).toBe(401)
    const pid = supervisor.pid ?? 0
    const product = await childOf(pid)

    process.kill(product, 'SIGKILL')
    const second = await until(() => urls()[1], 'the product to start again')
    expect(stderr).toContain('ValueProof stopped unexpectedly (signal SIGKILL); restarting in 1 s')
    const response = await fetch(`${second}/api/user`)
    expect(response.status).toBe(401)
    expect(await response.json()).toHaveProperty('message')
    const restarted = await childOf(pid)
    expect(restarted).not.toBe(product)

    const exit = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)))
    supervisor.kill('SIGTERM')
    expect(await exit).toBe(0)
    expect(stderr.match(/stopped unexpectedly/g)).toHaveLength(1)
    expect(isRunning(restarted)).toBe(false)
  }, 180_000)
})

describe('supervisor restart policy', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'valueproof-supervisor-policy-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  /** A stand-in product: says it is ready unless told not to, then lives or exits as told. */
  async function standIn(name: string, body: string): Promise<string> {
    const entry = join(dir, `${name}.mjs`)
    await writeFile(entry, body)
    return entry
  }

  function run(entry: string, options: Partial<SupervisorOptions> = {}) {
    const lines: string[] = []
    const supervision = supervise({ entry, execArgv: [], restartDelayMs: 10, log: (line) => lines.push(line), ...options })
    return { supervision, lines }
  }

  it('gives up after more crashes than allowed in the window, with the last exit code', async () => {
    const entry = await standIn('crashing', `process.send('${READY_MESSAGE}'); setTimeout(() => process.exit(3), 20)`)
    const { supervision, lines } = run(entry, { maxCrashes: 2 })
    expect(await supervision.done).toBe(3)
    expect(lines).toEqual([
      'ValueProof stopped unexpectedly (exit code 3); restarting in 0 s',
      'ValueProof stopped unexpectedly (exit code 3); restarting in 0 s',
      expect.stringMatching(/^ValueProof stopped unexpectedly \(exit code 3\), 3 times within 300 s; not restarting it again/),
    ])
  })

  it('does not restart a product that never started (a configuration error), and passes its exit code on', async () => {
    const entry = await standIn('misconfigured', 'console.error("PORT: must be a number"); process.exit(1)')
    const { supervision, lines } = run(entry)
    expect(await supervision.done).toBe(1)
    expect(lines).toEqual([])
  })

  it('passes SIGTERM on and ends with the exit code of the graceful stop', async () => {
    const marker = join(dir, 'graceful.ready')
    const entry = await standIn(
      'graceful',
      `import { writeFileSync } from 'node:fs'
process.on('SIGTERM', () => process.exit(7))
process.send('${READY_MESSAGE}')
writeFileSync(${JSON.stringify(marker)}, '')
setInterval(() => {}, 1000)`,
    )
    const { supervision, lines } = run(entry)
    await until(() => (existsSync(marker) ? true : undefined), 'the stand-in to start', 10_000)
    supervision.stop('SIGTERM')
    expect(await supervision.done).toBe(7)
    expect(lines).toEqual([])
  })
})

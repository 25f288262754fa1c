// A pool's child processes end with the process that started them, even when it is killed with
// SIGKILL and even when a child is stuck in a synchronous loop (its guard thread ends it).
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const WORKER_POOL = new URL('./worker-pool.ts', import.meta.url).href

// One child answers with its pid and then blocks its event loop for good; the other stays idle.
const PARENT_SCRIPT = `
import { createWorkerPool } from '${WORKER_POOL}'
const worker = \`process.on('message', (message) => {
  process.send({ id: message.id, pid: process.pid }, () => { if (message.block) for (;;) {} })
})\`
const pool = createWorkerPool({
  url: new URL('data:text/javascript,' + encodeURIComponent(worker)),
  isolation: 'process',
  workers: 2,
  timeLimitMs: 600_000,
  memoryLimitMb: 64,
  maxQueued: 0,
})
const replies = await Promise.all([pool.run({ block: true }), pool.run({ block: false })])
console.log(JSON.stringify(replies.map((reply) => reply.pid)))
setInterval(() => {}, 1000)
`

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return true
}

describe('worker pool child processes', () => {
  it.runIf(process.platform !== 'win32')(
    'end when their parent is killed with SIGKILL',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'valueproof-orphans-'))
      const script = join(dir, 'parent.mts')
      await writeFile(script, PARENT_SCRIPT)
      const parent = spawn(process.execPath, ['--import', 'tsx', script], { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
      try {
        const line = await new Promise<string>((resolve, reject) => {
          let output = ''
          parent.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString()
            if (output.includes('\n')) resolve(output.trim())
          })
          parent.once('exit', (code) => reject(new Error(`the parent exited early (code ${code})`)))
        })
        const pids = JSON.parse(line) as number[]
        expect(pids).toHaveLength(2)
        expect(pids.every(isRunning)).toBe(true)
        parent.kill('SIGKILL')
        // The guard thread looks twice a second; a generous bound, not a speed requirement.
        expect(await until(() => !pids.some(isRunning), 15_000)).toBe(true)
      } finally {
        parent.kill('SIGKILL')
        await rm(dir, { recursive: true, force: true })
      }
    },
    60_000,
  )
})

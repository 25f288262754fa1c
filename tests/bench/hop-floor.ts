// The least a gateway hop can cost on this machine, measured in the same run as the deployed figures
// (decision 136): a Koa process answering fixed bytes behind a second Koa process that forwards
// through the gateway's own transport, with no work on either side. Whatever the deployed shape
// does beyond it (sessions, the signed identity, the route table, logging, the service's database
// and tokens) is ours to cut; the floor itself is Node's HTTP server, undici and loopback TCP. A
// second floor adds one PostgreSQL round trip per request in the backend: the least a service
// that reads its database pays.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const PROCESS_SCRIPT = join(import.meta.dirname, 'hop-floor-process.ts')
/** The V8 flags production runs with (tests/deploy/processes.ts), so the floor pays what the deployables pay. */
const NODE_FLAGS = ['--max-semi-space-size=32']
const READY_TIMEOUT_MS = 30_000

export interface HopFloor {
  /** The proxy, e.g. http://127.0.0.1:41234 */
  url: string
  pids: { proxy: number | undefined; backend: number | undefined }
  close(): Promise<void>
}

async function startRole(role: 'backend' | 'proxy', env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', PROCESS_SCRIPT, role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)))
  const lines = createInterface({ input: child.stdout ?? process.stdin })
  const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS)
  try {
    for await (const line of lines) {
      const url = /^listening (\S+)$/.exec(line)?.[1]
      if (url !== undefined) return { child, url }
    }
  } finally {
    clearTimeout(timer)
    lines.close()
  }
  throw new Error(`hop floor ${role} ended before listening: ${errors}`)
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

/** Starts the backend answering `body` (after `SELECT 1` on `databaseUrl`, when given) and the proxy in front of it, each its own process. */
export async function startHopFloor(body: Buffer, contentType: string, databaseUrl?: string): Promise<HopFloor> {
  const backend = await startRole('backend', {
    HOP_BODY: body.toString('base64'),
    HOP_TYPE: contentType,
    ...(databaseUrl === undefined ? {} : { HOP_DATABASE_URL: databaseUrl }),
  })
  try {
    const proxy = await startRole('proxy', { HOP_BACKEND: backend.url })
    return {
      url: proxy.url,
      pids: { proxy: proxy.child.pid, backend: backend.child.pid },
      close: async () => {
        await stop(proxy.child)
        await stop(backend.child)
      },
    }
  } catch (error) {
    await stop(backend.child)
    throw error
  }
}

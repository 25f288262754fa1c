import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { infra } from '@valueproof/testing'

/** A nats-server with JetStream that a test starts and stops itself (same port, same store). */
export interface NatsServerProcess {
  url: string
  port: number
  storeDir: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Stops the server and deletes its store. */
  dispose(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const running = new Set<ChildProcess>()
// A test run that dies before afterAll must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

export async function createNatsServer(): Promise<NatsServerProcess> {
  const port = await freePort()
  const storeDir = await mkdtemp(join(tmpdir(), 'event-bus-nats-'))
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    if (child) return
    const started = spawn(infra.natsServerBinary, ['-js', '-sd', storeDir, '-p', String(port), '-a', '127.0.0.1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child = started
    running.add(started)
    started.once('exit', () => running.delete(started))
    await new Promise<void>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`nats-server did not start on port ${port}:\n${output}`)), 10_000)
      started.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Server is ready')) {
          clearTimeout(timer)
          resolve()
        }
      })
      started.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`nats-server exited with code ${code}:\n${output}`))
      })
    })
  }

  async function stop(): Promise<void> {
    const current = child
    if (!current) return
    child = undefined
    if (current.exitCode !== null || current.signalCode !== null) return
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()))
    current.kill('SIGTERM')
    const killTimer = setTimeout(() => current.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(killTimer)
  }

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    start,
    stop,
    async dispose() {
      await stop()
      await rm(storeDir, { recursive: true, force: true })
    },
  }
}

// A MinIO server of a test's own, on its own port and data folder, that the test may stop and
// start again (the shared one from scripts/infra.sh serves every other suite and must stay up).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { infra } from './infra.ts'

export interface MinioServerProcess {
  /** The S3_* settings of the product for a bucket on this server. */
  env(bucket: string): Record<'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION', string>
  start(): Promise<void>
  stop(): Promise<void>
  /** Stops the server and deletes its data. */
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
// A test run that dies before its afterAll must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

async function waitUntilReady(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`minio exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(1000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`minio did not become ready at ${endpoint}:\n${output()}`)
}

export async function createMinioServer(): Promise<MinioServerProcess> {
  const port = await freePort()
  const consolePort = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-minio-'))
  const endpoint = `http://127.0.0.1:${port}`
  const { accessKey, secretKey, region } = infra.s3
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    if (child) return
    const started = spawn(
      infra.minioServerBinary,
      ['server', dataDir, '--address', `127.0.0.1:${port}`, '--console-address', `127.0.0.1:${consolePort}`, '--quiet'],
      { env: { ...process.env, MINIO_ROOT_USER: accessKey, MINIO_ROOT_PASSWORD: secretKey }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    child = started
    running.add(started)
    started.once('exit', () => running.delete(started))
    let output = ''
    started.stderr?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000)
    })
    await waitUntilReady(endpoint, started, () => output)
  }

  async function stop(): Promise<void> {
    const current = child
    if (!current) return
    child = undefined
    if (current.exitCode !== null || current.signalCode !== null) return
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()))
    current.kill('SIGKILL')
    await exited
  }

  return {
    env: (bucket) => ({ S3_ENDPOINT: endpoint, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey, S3_BUCKET: bucket, S3_REGION: region }),
    start,
    stop,
    async dispose() {
      await stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

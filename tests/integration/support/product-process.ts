// `npm start`'s product as its own Node process (embedded/src/main.ts: every service, the gateway,
// PGlite and the in-process bus in one process) on a data directory the test chooses, so a test can
// kill it with SIGKILL or stop it with SIGTERM and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const MAIN = join(ROOT, 'embedded/src/main.ts')
const RUNNING = /ValueProof is running at (http:\/\/\S+)/

export interface ProductProcess {
  url: string
  child: ChildProcess
  /** What it wrote to stderr (the last 20 KB), for failure messages. */
  output(): string
  /** Sends the signal and resolves once the process has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** A web build stand-in: the API needs none, the gateway only wants the directory to exist. */
export async function writeWebShell(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>product-process</title>')
}

/** Starts the product on `dataDir` and resolves with its URL once it says it is running. */
export async function startProduct(props: { dataDir: string; webDistDir: string; env?: Record<string, string> }): Promise<ProductProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: props.dataDir,
      WEB_DIST_DIR: props.webDistDir,
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '12',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      ...props.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  const url = await new Promise<string>((done, fail) => {
    let stdout = ''
    const timer = setTimeout(() => fail(new Error(`the product did not start within 120 s:\n${output}`)), 120_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      const match = RUNNING.exec(stdout)
      if (match?.[1]) {
        clearTimeout(timer)
        done(match[1])
      }
    })
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      fail(new Error(`the product exited (${code ?? signal}) before it was running:\n${output}`))
    })
  })
  return {
    url,
    child,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

// An image's /app assembled on this machine (no Docker engine here) by the same script the
// Dockerfile runs, and its processes started the way the image starts them: the Dockerfile's CMD and
// HEALTHCHECK, as the image's user (uid 1000) when the tests run as root, in a read-only folder.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import { parseDockerfile, repoRoot, stage, type Instruction } from './dockerfile.ts'

const run = promisify(execFile)

/** The image's user (Dockerfile USER); the processes run as it when the tests run as root. */
export const IMAGE_UID = 1000
const asRoot = process.getuid?.() === 0
const identity = asRoot ? { uid: IMAGE_UID, gid: IMAGE_UID } : {}

export interface ImageFolder {
  deployable: string
  dir: string
  /** Build info written by scripts/build.ts: the npm packages the bundle imports. */
  externals: string[]
}

/** deploy/assemble-image.sh assemble: node_modules and dist/<deployable>, as the runtime stage holds them. */
export async function assembleImageFolder(parent: string, deployable: string): Promise<ImageFolder> {
  const dir = join(parent, deployable)
  await run('bash', [join(repoRoot, 'deploy/assemble-image.sh'), 'assemble', repoRoot, dir, deployable], { maxBuffer: 8 * 1024 * 1024 })
  const info = JSON.parse(readFileSync(join(dir, 'dist', deployable, 'build-info.json'), 'utf8')) as { externals: string[] }
  return { deployable, dir, externals: info.externals }
}

/** Sizes in MiB, as du counts them. */
export async function sizeMiB(path: string): Promise<number> {
  const { stdout } = await run('du', ['-sk', path])
  return Math.round((Number(stdout.split('\t')[0]) / 1024) * 10) / 10
}

/** `CMD` / `HEALTHCHECK ... CMD` of the runtime stage, in exec (JSON) form. */
export function imageCommand(which: 'CMD' | 'HEALTHCHECK', instructions: Instruction[] = parseDockerfile()): string[] {
  const found = stage(instructions, 'runtime').find((instruction) => instruction.keyword === which)
  const json = found?.args.slice(found.args.indexOf('['))
  if (!json) throw new Error(`the runtime stage has no ${which} in exec form`)
  return JSON.parse(json) as string[]
}

/**
 * Folders the process may write to (HOME and TMPDIR, under this test's /tmp folder) owned by the
 * image's user, and a data folder holding the generated keys as docker-compose.yml's secrets volume
 * does; everything else read-only.
 */
export function prepareWritableDirs(parent: string, secrets: readonly string[]) {
  const home = join(parent, 'home')
  const tmp = join(parent, 'tmp')
  const data = join(parent, 'data')
  for (const dir of [home, tmp, join(data, 'secrets')]) mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const name of secrets) writeFileSync(join(data, 'secrets', name), `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 })
  if (asRoot) {
    for (const path of [home, tmp, data, join(data, 'secrets'), ...secrets.map((name) => join(data, 'secrets', name))]) {
      chownSync(path, IMAGE_UID, IMAGE_UID)
    }
  }
  chmodSync(data, 0o555)
  chmodSync(join(data, 'secrets'), 0o500)
  return { home, tmp, data }
}

/** Makes a folder tree read-only (and traversable by the image's user), or writable again. */
export async function setWritable(path: string, writable: boolean): Promise<void> {
  await run('chmod', ['-R', writable ? 'u+w' : 'a-w,a+rX', path])
}

/** The PATH a process finds node on (the image's is /usr/local/bin). */
export const PATH = `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`

export interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** Starts a command in the folder with exactly `env` (nothing inherited from the test runner). */
export function startIn(dir: string, command: string[], env: Record<string, string>): Started {
  const [file = '', ...args] = command
  const child = spawn(file, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], ...identity })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/** Runs a command to its end; resolves with its exit code and output. */
export async function runIn(dir: string, command: string[], env: Record<string, string>) {
  const started = startIn(dir, command, env)
  const code = await started.exited
  return { code, output: started.output() }
}

/** Polls until `url` answers 200 (or the process ends, or time runs out). */
export async function waitUntilOk(url: string, started: Started, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let ended = false
  void started.exited.then(() => (ended = true))
  while (Date.now() < deadline && !ended) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms${ended ? ' (the process ended)' : ''}:\n${started.output()}`)
}

/** Everything under a folder, relative paths (to show what a process wrote there). */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  )
}

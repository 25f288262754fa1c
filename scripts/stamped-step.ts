import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Folders never read as inputs: dependencies, build and tool output, generated code. */
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'gen', '.infra', '.data', 'test-results', 'playwright-report'])

/** A build step that runs only when the files it reads changed since it last ran (or its outputs are gone). */
export interface StampedStep {
  name: string
  /** Files and folders (relative to the root) whose contents decide whether the step runs. */
  inputs: () => Promise<string[]>
  /** Files the step leaves behind; a missing one runs the step again. */
  outputs: () => Promise<string[]>
  command: string[]
}

export interface StepPlace {
  root: string
  /** Where the steps' stamps (SHA-256 of their inputs) are kept. */
  stampDir: string
}

/** Every file under `path` (relative to `root`), leaving out dependency, build and generated folders. */
export async function filesUnder(root: string, path: string): Promise<string[]> {
  const absolute = join(root, path)
  if (!existsSync(absolute)) return []
  const entries = await readdir(absolute, { withFileTypes: true }).catch(() => null)
  if (!entries) return [path]
  const nested = await Promise.all(
    entries.filter((entry) => !SKIPPED.has(entry.name)).map((entry) => filesUnder(root, join(path, entry.name))),
  )
  return nested.flat()
}

/** SHA-256 over the names and contents of every file under `paths`. */
export async function fingerprint(root: string, paths: string[]): Promise<string> {
  const files = (await Promise.all(paths.map((path) => filesUnder(root, path)))).flat().sort()
  const hash = createHash('sha256')
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(join(root, file)))
      .update('\0')
  return hash.digest('hex')
}

function run(root: string, command: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const [file = '', ...args] = command
    const child = spawn(file, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

export class StepFailedError extends Error {
  constructor(
    readonly step: string,
    readonly output: string,
    message: string,
  ) {
    super(message)
    this.name = 'StepFailedError'
  }
}

/** Runs the step when needed; answers what happened, in words. Its tools' output shows only when it fails. */
export async function runStampedStep(place: StepPlace, step: StampedStep, options: { force?: boolean } = {}): Promise<string> {
  const started = performance.now()
  const stampFile = join(place.stampDir, `${step.name.replace(/\W+/g, '-')}.sha256`)
  const stamp = existsSync(stampFile) ? await readFile(stampFile, 'utf8') : ''
  const outputsPresent = (await step.outputs()).every((file) => existsSync(join(place.root, file)))
  if (!options.force && outputsPresent && stamp === (await fingerprint(place.root, await step.inputs()))) return `${step.name} up to date`
  const { code, output } = await run(place.root, step.command)
  if (code !== 0) throw new StepFailedError(step.name, output, `${step.name} failed (${step.command.join(' ')} exited with ${code})`)
  // Fingerprinted after the step: a build may rewrite one of its inputs (the web router's route tree).
  await mkdir(place.stampDir, { recursive: true })
  await writeFile(stampFile, await fingerprint(place.root, await step.inputs()))
  return `${step.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`
}

// Running the real tools on the Helm chart: `helm lint`, `helm template` and kubeconform (built by
// scripts/infra.sh into .infra/bin), and parsing what helm renders.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { infra, needs } from '@valueproof/testing'
import { parseAllDocuments } from 'yaml'
import type { Manifest } from './manifests.ts'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const chartDir = join(repoRoot, 'charts/valueproof')
/** Kubernetes' JSON schemas kept in the repository (regenerate.py there makes them). */
export const schemaDir = join(repoRoot, 'tests/deploy/kubernetes-schemas')

/** The release name every render uses (resource names start with it). */
export const RELEASE = 'vp'
export const NAMESPACE = 'valueproof'
/** One tool run may take this long (helm and kubeconform take well under a second here). */
const TOOL_TIMEOUT_MS = 30_000

/** Whether helm and kubeconform are there (missing locally: a loud skip; under CI=true: a failure). */
export function chartToolsAvailable(): Promise<boolean> {
  return needs('helm', 'kubeconform')
}

export interface ToolResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command to its end (never through a shell), feeding `input` on stdin. */
export function run(command: string, args: string[], input?: string): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, timeout: TOOL_TIMEOUT_MS, stdio: ['pipe', 'pipe', 'pipe'] })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.once('error', reject)
    child.once('close', (code, signal) => {
      const result = { code: code ?? -1, stdout: Buffer.concat(stdout).toString(), stderr: Buffer.concat(stderr).toString() }
      if (signal) reject(new Error(`${command} ${args.join(' ')} ended by ${signal}: ${result.stderr}`))
      else resolve(result)
    })
    child.stdin.end(input ?? '')
  })
}

/** A value set: files under charts/valueproof/ci and `--set` pairs. */
export interface ValueSet {
  files?: string[]
  set?: Record<string, string>
}

function valueArgs(values: ValueSet): string[] {
  const args: string[] = []
  for (const file of values.files ?? []) args.push('--values', join(chartDir, 'ci', file))
  for (const [key, value] of Object.entries(values.set ?? {})) args.push('--set', `${key}=${value}`)
  return args
}

export function helmLint(values: ValueSet = {}): Promise<ToolResult> {
  return run(infra.helmBinary, ['lint', '--strict', chartDir, ...valueArgs(values)])
}

export function helmTemplate(values: ValueSet = {}): Promise<ToolResult> {
  return run(infra.helmBinary, ['template', RELEASE, chartDir, '--namespace', NAMESPACE, ...valueArgs(values)])
}

/** Renders the chart, failing with helm's own message when it refuses. */
export async function renderChart(values: ValueSet = {}): Promise<{ yaml: string; manifests: Manifest[] }> {
  const result = await helmTemplate(values)
  if (result.code !== 0) throw new Error(`helm template failed (${result.code}): ${result.stderr}`)
  return { yaml: result.stdout, manifests: parseManifests(result.stdout) }
}

/** Every YAML document of a multi-document stream (empty ones dropped); a YAML error throws. */
export function parseManifests(yaml: string): Manifest[] {
  const manifests: Manifest[] = []
  for (const document of parseAllDocuments(yaml, { uniqueKeys: true })) {
    if (document.errors.length > 0) throw new Error(`unparsable YAML: ${document.errors.map((error) => error.message).join('; ')}`)
    const value: unknown = document.toJS()
    if (value !== null && value !== undefined) manifests.push(value as Manifest)
  }
  return manifests
}

export interface KubeconformSummary {
  valid: number
  invalid: number
  errors: number
  skipped: number
}

export interface KubeconformReport {
  code: number
  summary: KubeconformSummary
  /** "Kind name: message" of every resource that is not valid. */
  problems: string[]
}

interface KubeconformJson {
  resources?: { kind: string; name: string; status: string; msg: string }[]
  summary: KubeconformSummary
}

/** kubeconform -strict over a rendered stream, against the kept schemas only (no download). */
export async function kubeconform(yaml: string): Promise<KubeconformReport> {
  const location = join(schemaDir, '{{ .ResourceKind }}{{ .KindSuffix }}.json')
  const result = await run(infra.kubeconformBinary, ['-strict', '-summary', '-output', 'json', '-schema-location', location, '-'], yaml)
  let report: KubeconformJson
  try {
    report = JSON.parse(result.stdout) as KubeconformJson
  } catch {
    throw new Error(`kubeconform printed no JSON report (exit ${result.code}): ${result.stdout}${result.stderr}`)
  }
  const problems = (report.resources ?? []).filter((r) => r.status !== 'statusValid').map((r) => `${r.kind} ${r.name}: ${r.msg}`)
  return { code: result.code, summary: report.summary, problems }
}

// The project's own Go programs (tools/<name>, built into .infra/bin by scripts/infra.sh `tools`
// and `up`), found like @valueproof/testing finds the infrastructure's: a variable moves each one, and
// a missing one skips its suite with a warning, or fails it under CI=true.
import { existsSync } from 'node:fs'
import { repoRoot } from './dockerfile.ts'

export type ProjectTool = 'compose-check' | 'dockerfile-check' | 'otelcol-check'

const variables: Record<ProjectTool, string> = {
  'compose-check': 'COMPOSE_CHECK_BIN',
  'dockerfile-check': 'DOCKERFILE_CHECK_BIN',
  'otelcol-check': 'OTELCOL_CHECK_BIN',
}

export function projectToolBinary(tool: ProjectTool): string {
  return process.env[variables[tool]] ?? `${repoRoot}.infra/bin/${tool}`
}

export function projectToolAvailable(tool: ProjectTool): boolean {
  if (existsSync(projectToolBinary(tool))) return true
  const message = `Missing test tool: ${tool} at ${projectToolBinary(tool)} (run scripts/infra.sh tools)`
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true makes this a failure`)
  console.warn(`SKIPPED: ${message}`)
  return false
}

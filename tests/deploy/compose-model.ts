// docker-compose.yml as compose-go (tools/compose-check) loads it: validated, interpolated from an
// env file, normalised. Shared by the compose tests.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { repoRoot } from './dockerfile.ts'
import { projectToolAvailable, projectToolBinary } from './project-tools.ts'
import { CONFIG_SCHEMAS, SERVICES, type Deployable } from './support/deployable-env.ts'

const run = promisify(execFile)

export const composeFile = `${repoRoot}docker-compose.yml`
export const envExample = `${repoRoot}.env.example`
export const composeCheckBinary = projectToolBinary('compose-check')

/** Each deployable's config schema (what its src/index.ts parses the environment with), shared with the chart's tests. */
export const configSchemas = CONFIG_SCHEMAS
export { SERVICES, type Deployable }

export interface ComposeService {
  image?: string
  build?: { context: string; dockerfile: string; args?: Record<string, string> }
  command?: string[] | null
  entrypoint?: string[] | null
  environment?: Record<string, string | null>
  restart?: string
  read_only?: boolean
  user?: string
  healthcheck?: { test?: string[]; disable?: boolean }
  depends_on?: Record<string, { condition: string; required?: boolean }>
  ports?: { host_ip?: string; target: number; published?: string }[]
  volumes?: { type: string; source?: string; target: string; read_only?: boolean }[]
}

export interface ComposeModel {
  name: string
  services: Record<string, ComposeService>
  volumes?: Record<string, unknown>
}

/** Whether compose-check is built (a missing one skips with a warning, and fails under CI=true). */
export function composeCheckAvailable(): boolean {
  return projectToolAvailable('compose-check')
}

/** Runs compose-check; resolves with its exit status, the model (when valid) and its error text. */
export async function composeCheck(file: string, envFiles: string[] = [envExample]) {
  const args = [...envFiles.flatMap((envFile) => ['-env-file', envFile]), file]
  try {
    const { stdout } = await run(composeCheckBinary, args, { maxBuffer: 16 * 1024 * 1024 })
    return { code: 0, model: JSON.parse(stdout) as ComposeModel, stderr: '' }
  } catch (error) {
    const failure = error as { code?: number; stderr?: string }
    return { code: failure.code ?? -1, model: undefined, stderr: failure.stderr ?? String(error) }
  }
}

/** The model of docker-compose.yml, interpolated from the given env files; throws when invalid. */
export async function loadCompose(envFiles: string[] = [envExample]): Promise<ComposeModel> {
  const result = await composeCheck(composeFile, envFiles)
  if (!result.model) throw new Error(`compose-check rejected docker-compose.yml (exit ${result.code}):\n${result.stderr}`)
  return result.model
}

/** Services built from the project's Dockerfile, with the deployable each one runs. */
export function builtServices(model: ComposeModel): { name: string; deployable: Deployable; service: ComposeService }[] {
  return Object.entries(model.services)
    .filter(([, service]) => service.build?.dockerfile === 'Dockerfile')
    .map(([name, service]) => {
      const deployable = service.build?.args?.DEPLOYABLE
      if (!deployable || !(deployable in configSchemas)) throw new Error(`${name} builds an unknown deployable ${deployable}`)
      return { name, deployable: deployable as Deployable, service }
    })
}

/** One-shot jobs run to completion (restart "no"); everything else runs for good. */
export function isOneShot(service: ComposeService): boolean {
  return service.restart === 'no'
}

/** The environment as the container sees it: null values (no value given) dropped. */
export function environmentOf(service: ComposeService): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).filter((entry): entry is [string, string] => entry[1] !== null))
}

// Reading the Dockerfile as the tests need it (no Docker engine here): the instructions of a stage,
// and the environment the runtime stage gives a deployable for given build arguments.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
export const dockerfilePath = `${repoRoot}Dockerfile`

export interface Instruction {
  keyword: string
  args: string
}

/** Instructions in order: comments dropped, `\` continuations joined. */
export function parseDockerfile(text: string = readFileSync(dockerfilePath, 'utf8')): Instruction[] {
  const instructions: Instruction[] = []
  let pending = ''
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('#') || (line === '' && pending === '')) continue
    pending += pending === '' ? line : ` ${line}`
    if (pending.endsWith('\\')) {
      pending = pending.slice(0, -1).trimEnd()
      continue
    }
    const [keyword = '', ...rest] = pending.split(/\s+/)
    if (keyword !== '') instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' ') })
    pending = ''
  }
  return instructions
}

/** ARGs declared before the first FROM, with their defaults. */
export function globalArgs(instructions: Instruction[]): Record<string, string> {
  const args: Record<string, string> = {}
  for (const { keyword, args: text } of instructions) {
    if (keyword === 'FROM') break
    if (keyword === 'ARG') Object.assign(args, parseAssignments(text))
  }
  return args
}

/** The instructions of the stage named `name` (after its FROM, up to the next FROM). */
export function stage(instructions: Instruction[], name: string): Instruction[] {
  const start = instructions.findIndex((i) => i.keyword === 'FROM' && new RegExp(`\\bAS\\s+${name}$`, 'i').test(i.args))
  if (start < 0) throw new Error(`the Dockerfile has no stage named ${name}`)
  const end = instructions.findIndex((i, index) => index > start && i.keyword === 'FROM')
  return instructions.slice(start + 1, end < 0 ? undefined : end)
}

/** `A=1 B="two words" C` as a map (a bare name maps to ''). */
export function parseAssignments(text: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const match of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)) {
    const [, name = '', value = ''] = match
    result[name] = value.startsWith('"') ? value.slice(1, -1) : value
  }
  return result
}

function substitute(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? ''
    return variables[name] ?? ''
  })
}

/**
 * The environment the runtime stage sets for the given build arguments (ARG defaults apply where
 * an argument is not given; an ARG without a value inside the stage takes the global default).
 */
export function runtimeEnvironment(buildArgs: Record<string, string>, instructions = parseDockerfile()): Record<string, string> {
  const defaults = globalArgs(instructions)
  const variables: Record<string, string> = {}
  const env: Record<string, string> = {}
  for (const { keyword, args } of stage(instructions, 'runtime')) {
    if (keyword === 'ARG') {
      for (const [name, fallback] of Object.entries(parseAssignments(args))) {
        variables[name] = buildArgs[name] ?? (fallback !== '' ? fallback : (defaults[name] ?? ''))
      }
    } else if (keyword === 'ENV') {
      for (const [name, value] of Object.entries(parseAssignments(args))) {
        env[name] = substitute(value, { ...variables, ...env })
        variables[name] = env[name]
      }
    }
  }
  return env
}

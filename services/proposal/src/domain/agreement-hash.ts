// The hash an agreement is stored with (issue 20, docs/decisions/115): SHA-256 of the canonical JSON
// of what the prospect agreed to — the calculator as stored, the scenario and every input's value.
// PostgreSQL's jsonb keeps neither key order nor spacing, so the text hashed is rebuilt the same way
// every time: object keys sorted, arrays in order, numbers and strings as JSON writes them.
import { createHash } from 'node:crypto'

/** JSON with every object's keys sorted (recursively), no spaces; undefined object fields left out as JSON does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) as string | undefined
    if (text === undefined) throw new TypeError(`${typeof value} has no JSON form`)
    return text
  }
  if (Array.isArray(value)) return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  const entries = Object.entries(value)
    .filter((entry) => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/** What an agreement's hash covers. */
export interface AgreedContent {
  /** The proposal's calculatorData as stored when the prospect agreed. */
  definition: unknown
  scenario: string
  /** Every input's value, complete and clamped. */
  values: unknown
}

/** SHA-256 (hex) of the canonical JSON of `{ definition, scenario, values }`. */
export function agreementHash(content: AgreedContent): string {
  const { definition, scenario, values } = content
  return createHash('sha256').update(canonicalJson({ definition, scenario, values }), 'utf8').digest('hex')
}

/** Whether a stored agreement still gives its hash: false once its definition, scenario or values were altered. */
export function verifyAgreement(row: AgreedContent & { hash: string }): boolean {
  return agreementHash(row) === row.hash
}

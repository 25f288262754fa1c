// The held-out split (split.json), chosen by a salted hash before the new analyzer was written and
// never changed: per source file the case ids held out, and the held-out documents. Every report
// shows DEV and HELD-OUT apart; development looks at DEV only.
import { readFileSync } from 'node:fs'

export interface HeldOutSplit {
  readonly salt: string
  readonly rule: string
  readonly chosenAt: string
  /** Cases someone had read before the split was drawn (they may fall on either side). */
  readonly seenBeforeTheSplit: readonly string[]
  /** Per source file ("descriptions-outside.json", "outside-writers/w1.json", "documents"), the held-out ids. */
  readonly heldOut: Readonly<Record<string, readonly string[]>>
}

export type SplitName = 'dev' | 'held-out'
export const SPLIT_NAMES: readonly SplitName[] = ['dev', 'held-out']

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string')

function parseSplit(json: unknown): HeldOutSplit {
  if (typeof json !== 'object' || json === null) throw new Error('split.json is not an object')
  const { salt, rule, chosenAt, seenBeforeTheSplit, heldOut } = json as Record<string, unknown>
  if (typeof salt !== 'string' || typeof rule !== 'string' || typeof chosenAt !== 'string' || !isStringList(seenBeforeTheSplit)) {
    throw new Error('split.json lacks salt, rule, chosenAt or seenBeforeTheSplit')
  }
  if (typeof heldOut !== 'object' || heldOut === null) throw new Error('split.json lacks heldOut')
  const lists: Record<string, readonly string[]> = {}
  for (const [source, ids] of Object.entries(heldOut)) {
    if (!isStringList(ids)) throw new Error(`split.json heldOut["${source}"] is not a list of ids`)
    lists[source] = ids
  }
  return { salt, rule, chosenAt, seenBeforeTheSplit, heldOut: lists }
}

export const SPLIT: HeldOutSplit = parseSplit(JSON.parse(readFileSync(new URL('./split.json', import.meta.url), 'utf8')))

/** The side of the split a case of `source` falls on ("documents" for the sample documents). */
export function splitOf(source: string, id: string): SplitName {
  return (SPLIT.heldOut[source] ?? []).includes(id) ? 'held-out' : 'dev'
}

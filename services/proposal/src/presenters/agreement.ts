import {
  agreedFiguresSchema,
  type AgreedFigures,
  type Agreement as AgreementRecord,
  type ReleasedAgreement as ReleasedAgreementRecord,
} from '@valueproof/contracts'
import { SCENARIOS, type Scenario } from '@valueproof/formula'
import type { Agreement, ReleasedAgreement } from '../db.ts'
import { verifyAgreement } from '../domain/agreement-hash.ts'

/** What an agreement in force and a released one have alike: the agreed record. */
type AgreementRow = Pick<Agreement, 'name' | 'email' | 'scenario' | 'values' | 'figures' | 'definition' | 'hash' | 'agreedAt'>

const NO_FIGURES: AgreedFigures = { yearlyValue: null, paybackMonths: null, paidBack: null, paybackEstimate: false }

/**
 * Each read row's verification, kept with the row: the published-proposal cache hands the same row
 * to every open for its short life, and hashing a calculator with quoted sources costs ~0.3 ms.
 * A row read again (after the cache entry, or by a signed-in user) is a new object, checked anew.
 */
const verifiedRows = new WeakMap<AgreementRow, boolean>()

function verified(row: AgreementRow): boolean {
  let result = verifiedRows.get(row)
  if (result === undefined) {
    result = isScenario(row.scenario) && verifyAgreement(row)
    verifiedRows.set(row, result)
  }
  return result
}

function isScenario(value: string): value is Scenario {
  return (SCENARIOS as readonly string[]).includes(value)
}

/** The stored values as numbers by name; anything else (only an altered row has it) is left out. */
function storedValues(values: unknown): Record<string, number> {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return {}
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
  )
}

/**
 * An agreement as the proposal's answer carries it (issue 20): to anyone with the link what the
 * page shows — the scenario, the values, the figures, the date, the hash and whether the stored
 * record still gives that hash; to the owner also who agreed. A row altered in the database is
 * still shown, marked `verified: false`, never refused: the page must be able to say so.
 */
export function presentAgreement(row: AgreementRow, viewer: { isOwner: boolean }): AgreementRecord {
  const figures = agreedFiguresSchema.safeParse(row.figures)
  const shown: AgreementRecord = {
    scenario: isScenario(row.scenario) ? row.scenario : 'expected',
    values: storedValues(row.values),
    figures: figures.success ? figures.data : NO_FIGURES,
    agreedAt: row.agreedAt.toISOString(),
    hash: row.hash,
    verified: verified(row),
  }
  return viewer.isOwner ? { ...shown, name: row.name, email: row.email } : shown
}

/**
 * An agreement the seller released (issue 34), for the owner: the agreed record as it was — its
 * hash still checked against it — with who agreed and when it was released.
 */
export function presentReleasedAgreement(row: ReleasedAgreement): ReleasedAgreementRecord {
  const shown = presentAgreement(row, { isOwner: false })
  return { ...shown, releasedAt: row.releasedAt.toISOString(), name: row.name, email: row.email }
}

// What a shared proposal's public answer (GET /api/proposals/{id} by anyone but its owner) may
// carry: an explicit allow-list, so a field added to the record is not published by accident.
import { PROPOSAL_ID_PATTERN, PROPOSAL_SECTIONS } from '@valueproof/contracts'
import { expect } from 'vitest'
import { supportTriageCalculator } from '../../../services/proposal/src/testing/calculators.ts'

export const PUBLIC_PROPOSAL_KEYS: readonly string[] = [
  'id',
  'title',
  ...PROPOSAL_SECTIONS,
  'calculatorData',
  'templateType',
  'createdAt',
  'beaconToken',
  // Issue 20: the version, and the prospect's agreement without who agreed (AGREEMENT_KEYS).
  'version',
  'agreement',
  // Issue 34: whether only named addresses may agree ('anyone' or 'listed'), never which ones.
  'whoMayAgree',
  // Issue 37: the seller's last publication as the page renders it, hidden blocks left out (never the draft).
  'document',
]

/** An agreement as anyone with the link sees it: never the prospect's name or e-mail. */
const AGREEMENT_KEYS: readonly string[] = ['scenario', 'values', 'figures', 'agreedAt', 'hash', 'verified']

/** SPEC §3 calculatorData's fields. */
const CALCULATOR_KEYS: readonly string[] = [
  'name',
  'description',
  'formula',
  'explanation',
  'perUnitValue',
  'parameters',
  'calculatedValues',
  'baseCurrency',
  'baseTimeframe',
  'timeframes',
  'valueType',
  'complexity',
  'language',
  'calculatorType',
  'valueFields',
  'branding',
  // The seller's price behind ROI, payback and net value (decision 101), and the values the page starts at (decision 103).
  'price',
  'startValues',
  // The seller's conservative and optimistic values (issue 20).
  'scenarios',
]

/** SPEC §3's branding and the seller's contact details the page's footer shows (issue 15). */
const BRANDING_KEYS: readonly string[] = ['companyName', 'companyLogo', 'companyWebsite', 'contactName', 'contactEmail', 'contactPhone']

/**
 * What a source (a parameter's or the price's) may carry to a visitor: the page's neutral line reads
 * its kind and page only. The seller's quoted passage and generation note stay with the owner.
 */
const SOURCE_KEYS: readonly string[] = ['kind', 'page']

/** Keys that name an owner or a secret, at any depth. */
const INTERNAL_KEY = /^(user_?id|owner(_?user)?_?id|access_?code|password.*|session.*|token)$/i

function keysDeep(value: unknown, path: string, found: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => keysDeep(item, `${path}[${index}]`, found))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      found.push(path === '' ? key : `${path}.${key}`)
      keysDeep(inner, path === '' ? key : `${path}.${key}`, found)
    }
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  expect(typeof value === 'object' && value !== null && !Array.isArray(value), 'a JSON object').toBe(true)
  return value as Record<string, unknown>
}

/** The sources in a calculator (each parameter's and the price's) with where they are, for messages. */
function sourcesOf(calculator: Record<string, unknown>): Array<[string, unknown]> {
  const parameters = Array.isArray(calculator.parameters) ? calculator.parameters : []
  const found: Array<[string, unknown]> = parameters.flatMap((parameter: unknown, index) =>
    typeof parameter === 'object' && parameter !== null && 'source' in parameter ? [[`parameters[${index}].source`, parameter.source]] : [],
  )
  const price = calculator.price
  if (typeof price === 'object' && price !== null && 'source' in price) found.push(['price.source', price.source])
  return found.filter(([, source]) => source !== undefined && source !== null)
}

/**
 * A proposal as a visitor sees it: allow-listed keys only (in the record, its calculator, the
 * branding and every source), an unguessable id, no access code and no owner at any depth.
 */
export function expectPublicProposal(value: unknown): void {
  const body = asRecord(value)
  expect(Object.keys(body).filter((key) => !PUBLIC_PROPOSAL_KEYS.includes(key))).toEqual([])
  expect(body.id).toMatch(PROPOSAL_ID_PATTERN)
  if (body.agreement !== undefined && body.agreement !== null) {
    expect(Object.keys(asRecord(body.agreement)).filter((key) => !AGREEMENT_KEYS.includes(key))).toEqual([])
  }
  const calculator = asRecord(body.calculatorData)
  expect(Object.keys(calculator).filter((key) => !CALCULATOR_KEYS.includes(key))).toEqual([])
  if (calculator.branding !== undefined) {
    expect(Object.keys(asRecord(calculator.branding)).filter((key) => !BRANDING_KEYS.includes(key))).toEqual([])
  }
  const sourceKeys = sourcesOf(calculator).flatMap(([path, source]) => Object.keys(asRecord(source)).map((key) => `${path}.${key}`))
  expect(sourceKeys.filter((path) => !SOURCE_KEYS.includes(path.split('.').at(-1) ?? ''))).toEqual([])
  const paths: string[] = []
  keysDeep(body, '', paths)
  const internal = paths.filter((path) =>
    INTERNAL_KEY.test(
      path
        .split('.')
        .at(-1)
        ?.replace(/\[\d+\]$/, '') ?? '',
    ),
  )
  expect(internal).toEqual([])
}

/** The seller's quoted passages and generation note in `QUOTED_CALCULATOR`: none may reach a visitor. */
export const SELLER_ONLY_TEXTS = [
  'six hours a week sorting tickets',
  'An agent hour costs $45',
  'no figure in the document',
  '$900 per month',
] as const

/** A calculator whose figures carry the seller's quotes and notes (a document, a description, an assumption, a quoted price). */
export const QUOTED_CALCULATOR = {
  ...supportTriageCalculator,
  parameters: supportTriageCalculator.parameters.map((parameter, index) => ({
    ...parameter,
    source: [
      { kind: 'document', quote: 'Each agent spends six hours a week sorting tickets.', page: 2, ocr: true },
      { kind: 'description', quote: 'An agent hour costs $45.' },
      { kind: 'assumption', note: 'Assumption — no figure in the document' },
    ][index],
  })),
  price: { amount: 900, period: 'month', source: { kind: 'document', quote: 'The service is $900 per month.', page: 3 } },
}

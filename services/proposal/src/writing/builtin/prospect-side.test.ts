// The problem statement speaks from the prospect's side (issue 37): tried on descriptions written
// outside the team (../shared/eval, read here, never copied) and by writers who never saw the
// writer (tests/analysis-eval/cases/outside-writers), in English and Swedish, in both templates.
// No sentence in the seller's first person ever lands in the problem statement, and the seller's
// own sentences are never quoted there.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PROPOSAL_TEMPLATE_TYPES } from '@valueproof/contracts'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { invoiceAutomationCalculator, supportTriageCalculator } from '../../testing/calculators.ts'
import type { Language } from '../types.ts'
import { writeBuiltin } from './index.ts'

const REPO_ROOT = resolve(fileURLToPath(new URL('../../../../..', import.meta.url)))
const SOURCES = [
  resolve(REPO_ROOT, '../shared/eval/descriptions-outside.json'),
  resolve(REPO_ROOT, '../shared/eval/descriptions-outside-2.json'),
  ...['w1', 'w2', 'w3', 'w4'].map((writer) => resolve(REPO_ROOT, `tests/analysis-eval/cases/outside-writers/${writer}.json`)),
]

interface Description {
  id: string
  language: Language
  text: string
}

function descriptionsOf(path: string): Description[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Array<{ id: string; language: string; text: string }>
  return parsed.map((entry) => ({ id: entry.id, language: entry.language === 'sv' ? 'sv' : 'en', text: entry.text }))
}

const present = SOURCES.every((path) => existsSync(path))
if (!present) console.warn('SKIPPED: ../shared/eval is missing beside the repository')
const descriptions = present ? SOURCES.flatMap(descriptionsOf) : []

function calculator(input: CalculatorDataInput): CalculatorData {
  const validation = validateCalculatorData(input)
  if (!validation.ok) throw new Error('invalid test calculator')
  return validation.calculatorData
}

const CALCULATORS: Record<Language, CalculatorData> = {
  en: calculator(supportTriageCalculator),
  sv: calculator(invoiceAutomationCalculator),
}

/** The seller speaking of themselves, read independently of the writer's own rules. */
const FIRST_PERSON: Record<Language, RegExp> = {
  en: /\b(?:we|we're|we've|our|ours|us|my)\b|\bI\b/i,
  sv: /(?<![\p{L}])(?:vi|vår|vårt|våra|oss|jag)(?![\p{L}])/iu,
}

function problemOf(description: Description, templateType: (typeof PROPOSAL_TEMPLATE_TYPES)[number]): string {
  return writeBuiltin({
    calculatorData: CALCULATORS[description.language],
    input: description.text,
    templateType,
    language: description.language,
    contact: undefined,
  }).problemStatement
}

/** The input's sentences that speak in the seller's first person, by the same independent reading. */
function firstPersonSentences(description: Description): string[] {
  return description.text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[-•*–\s]+/, '').trim())
    .filter((sentence) => sentence.length >= 12 && FIRST_PERSON[description.language].test(sentence))
}

describe.skipIf(!present)('the built-in writer’s problem statement', () => {
  it('reads well over a hundred descriptions in both languages', () => {
    expect(descriptions.length).toBeGreaterThan(150)
    expect(descriptions.filter((description) => description.language === 'sv').length).toBeGreaterThan(40)
    expect(descriptions.some((description) => firstPersonSentences(description).length > 0)).toBe(true)
  })

  it.each(PROPOSAL_TEMPLATE_TYPES)('never holds the seller’s first person, nor quotes their sentences (%s)', (templateType) => {
    const failures: string[] = []
    for (const description of descriptions) {
      const problem = problemOf(description, templateType)
      if (FIRST_PERSON[description.language].test(problem)) failures.push(`${description.id}: ${problem}`)
      for (const sentence of firstPersonSentences(description)) {
        if (problem.includes(sentence.replace(/[.!?]+$/, ''))) failures.push(`${description.id} quotes “${sentence}”`)
      }
    }
    expect(failures).toEqual([])
  })

  it('quotes the prospect’s situation when the description states it', () => {
    const byId = new Map(descriptions.map((description) => [description.id, description]))
    const helpdesk = byId.get('helpdesk-en')
    const bookkeeping = byId.get('bookkeeping-sv')
    if (!helpdesk || !bookkeeping) throw new Error('the outside descriptions changed: helpdesk-en and bookkeeping-sv are gone')
    expect(problemOf(helpdesk, 'standard')).toContain(
      'A typical client has 120 employees who each lose about 3 hours a month to IT problems',
    )
    expect(problemOf(bookkeeping, 'standard')).toContain('En kund lägger i snitt 25 timmar i månaden på manuell bokföring')
  })
})

describe('a description that is only the seller’s pitch', () => {
  // The issue's own example: the pitch was quoted as the prospect's problem.
  it('writes the problem from the calculator’s figures as they stand today, in English', () => {
    const problem = writeBuiltin({
      calculatorData: CALCULATORS.en,
      input: 'We sell an HR system for mid-sized companies. Our product automates onboarding and payroll.',
      templateType: 'standard',
      language: 'en',
      contact: undefined,
    }).problemStatement
    expect(problem).not.toMatch(/we sell|our product|starting point/i)
    expect(problem).toContain('Where things stand today: Support agents: 12 agents; Cost of an agent hour: $45.')
    expect(problem).toContain('about $3,240 is spent every week that could be saved')
  })

  it('and in Swedish', () => {
    const problem = writeBuiltin({
      calculatorData: CALCULATORS.sv,
      input: 'Vi säljer ett HR-system för medelstora företag. Vår tjänst sköter introduktion och lön.',
      templateType: 'standard',
      language: 'sv',
      contact: undefined,
    }).problemStatement
    expect(problem).not.toMatch(/vi säljer|vår tjänst|utgångsläget/i)
    expect(problem).toMatch(/^Så ser det ut i dag: Antal medarbetare: 5 personer; Timkostnad: 450\skr\./u)
  })
})

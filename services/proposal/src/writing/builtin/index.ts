import { calculatorFigures } from '../figures.ts'
import type { Language, ProposalSections, ProposalWriter, WritingInput } from '../types.ts'
import type { LanguageWriter } from './context.ts'
import { writeEnglish } from './english.ts'
import { inputExcerpts } from './input-excerpts.ts'
import { writeSwedish } from './swedish.ts'

const WRITERS: Record<Language, LanguageWriter> = { en: writeEnglish, sv: writeSwedish }

/** The executive brief quotes less of the input than the full proposal. */
const EXCERPT_LIMITS = {
  standard: { situation: 240, offer: 360 },
  executive: { situation: 160, offer: 200 },
} as const

/**
 * Writes the sections offline from the calculator's own figures (computed by the formula package at
 * the sliders' starting values), its labels and units, and the user's input — in English or
 * Swedish. Deterministic: the same calculator and input give the same text.
 */
export function writeBuiltin(input: WritingInput): ProposalSections {
  const excerpts = inputExcerpts(input.input, EXCERPT_LIMITS[input.templateType])
  return WRITERS[input.language]({
    figures: calculatorFigures(input.calculatorData, input.language),
    templateType: input.templateType,
    situation: excerpts.situation,
    offer: excerpts.offer,
    contact: input.contact,
  })
}

export function createBuiltinWriter(): ProposalWriter {
  return {
    name: 'builtin',
    write(input) {
      return Promise.resolve(writeBuiltin(input))
    },
    writeSection(input, section) {
      return Promise.resolve(writeBuiltin(input)[section])
    },
  }
}

// The labelled set: descriptions in both languages and the sample documents.
import { ENGLISH_DESCRIPTIONS } from './descriptions-en.ts'
import { SWEDISH_DESCRIPTIONS } from './descriptions-sv.ts'
import { DOCUMENT_CASES } from './documents.ts'
import type { DescriptionCase, EvalCase } from './case-types.ts'

export const DESCRIPTION_CASES: readonly DescriptionCase[] = [...ENGLISH_DESCRIPTIONS, ...SWEDISH_DESCRIPTIONS]
export { DOCUMENT_CASES }
export const ALL_CASES: readonly EvalCase[] = [...DESCRIPTION_CASES, ...DOCUMENT_CASES]
export * from './case-types.ts'

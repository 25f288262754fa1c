import type { ProposalTemplateType } from '@valueproof/contracts'
import type { SellerProfile } from '../../domain/accounts.ts'
import type { CalculatorFigures, Figure } from '../figures.ts'
import type { ProposalSections } from '../types.ts'

/** What a language's writer works from: figures already computed and formatted, input excerpts. */
export interface WritingContext {
  readonly figures: CalculatorFigures
  readonly templateType: ProposalTemplateType
  /** The first sentence of the user's input. */
  readonly situation: string | undefined
  /** The sentences after it. */
  readonly offer: string | undefined
  readonly contact: SellerProfile | undefined
}

export type LanguageWriter = (context: WritingContext) => ProposalSections

/** 'a', 'a and b', 'a, b and c' with the language's conjunction. */
export function joinList(items: readonly string[], conjunction: string): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1) ?? ''}`
}

/** 'Hourly rate: $150/hour; Agents: 12' — the inputs a figure rests on. */
export function inputsList(inputs: readonly Figure[], limit = 6): string {
  return inputs
    .slice(0, limit)
    .map((input) => `${input.label}: ${input.shown}`)
    .join('; ')
}

/** Labels of what the offer changes (hours saved, a reduction, a gain), not how things stand today. */
const OFFER_EFFECT =
  /sav|reduc|improv|gain|increas|fewer|less|better|faster|recover|avoid|spar|minsk|ökn|ökad|förbättr|färre|snabbare|undvik/iu

/**
 * The inputs that describe how things stand today (team sizes, hours spent, costs): what a problem
 * statement is written from when the input says nothing of the prospect's situation.
 */
export function todaysDrivers(inputs: readonly Figure[], limit = 4): Figure[] {
  return inputs.filter((input) => !OFFER_EFFECT.test(input.label)).slice(0, limit)
}

/** Sentences joined with one space, empty ones left out. */
export function paragraph(...sentences: Array<string | undefined | false>): string {
  return sentences.filter((sentence): sentence is string => typeof sentence === 'string' && sentence.trim() !== '').join(' ')
}

/** A label inside a sentence keeps its own capitals except a leading one ('Hourly rate' → 'hourly rate'). */
export function inSentence(label: string): string {
  const [first = '', second = ''] = label
  // Acronyms and names ('ROI', 'CRM licences', 'Acme') keep their capitals.
  return second === second.toUpperCase() && /\p{L}/u.test(second) ? label : first.toLowerCase() + label.slice(1)
}

/** Ends a quoted sentence without doubling its full stop. */
export function withoutFinalStop(text: string): string {
  return text.replace(/[.!?]+$/u, '')
}

/** Who the contact line names and how to reach them, each part only when known. */
export interface ContactParts {
  /** 'Anna Berg', 'Acme AB' or 'Anna Berg, Acme AB'. */
  readonly who: string | undefined
  /** The e-mail and phone; the website when neither is known. */
  readonly means: readonly string[]
}

export function contactParts(contact: SellerProfile | undefined): ContactParts {
  const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== ''
  const names = [contact?.contactName, contact?.companyName].filter(filled).map((name) => name.trim())
  const direct = [contact?.contactEmail, contact?.contactPhone].filter(filled).map((means) => means.trim())
  const website = contact?.companyWebsite
  return {
    who: names.length > 0 ? names.join(', ') : undefined,
    means: direct.length > 0 ? direct : filled(website) ? [website.trim()] : [],
  }
}

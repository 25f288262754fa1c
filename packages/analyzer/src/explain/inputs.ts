// The calculator's inputs: every figure a stream or the price uses, and every assumption, with its
// stated value (a range at its midpoint, money in the calculator's currency at a named rate), a
// label in the calculator's language, and its source. Nothing the formula uses is a hidden constant.
import type { Currency } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import type { Quantity } from '../model.ts'
import { quoteAround, MAX_QUOTE } from '../read/quotes.ts'
import type { Language } from '../types.ts'
import { labelOf } from './labels.ts'
import { explainTexts } from './texts.ts'

export interface Input {
  readonly ref: number | string
  readonly name: string
  readonly label: string
  readonly unit: string
  /** The default as the input shows it: minutes in minutes, a percentage in percent, money converted. */
  readonly value: number
  /** From the shown value to the formula's base unit (1/60 for minutes, 1/100 for a percentage). */
  readonly scale: number
  readonly kind: 'money' | 'duration' | 'percent' | 'count' | 'measure' | 'multiplier'
  readonly quote?: string
  readonly page?: number
  readonly ocr?: boolean
  /** "NOK 21 ≈ 19.95 kr at 1 NOK = 0.95 SEK". */
  readonly note?: string
  readonly assumed: boolean
}

/** Every quantity the model uses, in the order the text states them, then the assumptions. */
export function usedRefs(model: ComposedModel): Array<number | string> {
  const refs = new Set<number | string>()
  for (const stream of model.streams) {
    for (const index of stream.effect) refs.add(index)
    for (const factor of stream.chain) {
      refs.add(factor.ref)
      if (factor.minus !== undefined) refs.add(factor.minus)
    }
  }
  for (const term of model.price) for (const factor of term.factors) refs.add(factor.ref)
  return [...refs].sort((a, b) => (typeof a === 'string' ? 1 : typeof b === 'string' ? -1 : a - b))
}

/** A camelCase name from a label: letters and digits only, Swedish letters folded. */
export function nameOf(label: string, taken: Set<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 5)
  let base = words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('')
  if (!/^[a-z]/.test(base)) base = `input${base.charAt(0).toUpperCase()}${base.slice(1)}`
  let name = base
  for (let count = 2; taken.has(name); count += 1) name = `${base}${count}`
  taken.add(name)
  return name
}

function shownScale(quantity: Quantity): number {
  // Percentages and minutes are shown as written; the formula divides.
  return quantity.scale
}

export function inputsOf(
  model: ComposedModel,
  options: { language: Language; currency: Currency; kind: 'document' | 'description' },
): Input[] {
  // The value calculator's own fields are named so; an input never takes their names.
  const taken = new Set<string>([
    'pricePerYear',
    'netValuePerYear',
    ...Array.from({ length: 12 }, (_, index) => `valuePerYear${index + 1}`),
  ])
  const inputs: Input[] = []
  for (const ref of usedRefs(model)) {
    if (typeof ref === 'string') {
      const assumption = model.assumptions.find((candidate) => candidate.key === ref)
      if (assumption === undefined) continue
      inputs.push({
        ref,
        name: nameOf(assumption.label, taken),
        label: assumption.label.charAt(0).toUpperCase() + assumption.label.slice(1),
        unit: options.currency,
        value: assumption.value,
        scale: 1,
        kind: assumption.kind,
        assumed: true,
      })
      continue
    }
    const entry = model.quantities[ref]
    if (entry === undefined) continue
    const { quantity } = entry
    const conversion = model.conversions.get(ref)
    const rate = conversion?.rate ?? 1
    // Both sides of a before→after pair read alike: "Minutes per person per day (today)" and "(with the offer)".
    const relation = entry.quantity.relation
    const partner =
      relation?.kind === 'from' ? model.quantities[relation.to] : relation?.kind === 'to' ? model.quantities[relation.from] : undefined
    const shared =
      partner === undefined
        ? entry
        : { ...entry, quantity: { ...entry.quantity, unit: { ...partner.quantity.unit, ...entry.quantity.unit } } }
    // The share a text states no figure for is the assumption it is ("Share of that time saved").
    // A stream the seller adds names its own assumptions (nounText); the analyzer's one assumed share is named here.
    if (quantity.flags.has('assumed')) {
      const text = quantity.nounText ?? explainTexts(options.language).assumedLabels.share
      inputs.push({
        ref,
        name: nameOf(text, taken),
        label: text,
        unit: quantity.kind === 'percent' ? '%' : quantity.kind === 'money' ? options.currency : quantity.kind === 'duration' ? 'h' : '',
        value: quantity.value,
        scale: quantity.scale,
        kind: quantity.kind,
        assumed: true,
      })
      continue
    }
    const label = labelOf(shared, options.language)
    const value = quantity.kind === 'money' ? Number((quantity.value * rate).toPrecision(6)) : quantity.value
    inputs.push({
      ref,
      name: nameOf(label.text, taken),
      label: label.text,
      unit: quantity.kind === 'money' ? options.currency : label.unit,
      value,
      scale: quantity.kind === 'money' ? quantity.scale : shownScale(quantity),
      kind: quantity.kind,
      quote: quoteAround(quantity.sentence, quantity.start - quantity.sentenceStart, quantity.end - quantity.sentenceStart).slice(
        0,
        MAX_QUOTE,
      ),
      ...(options.kind === 'document' ? { page: quantity.page } : {}),
      ...(conversion?.note !== undefined ? { note: `${quantity.text} ≈ ${value} ${options.currency} (${conversion.note})` } : {}),
      assumed: false,
    })
  }
  return inputs
}

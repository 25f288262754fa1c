// The value a document works out itself: business cases and ROI one-pagers write their arithmetic
// out ("10 missed calls a week × $300 a job = $3,000", "4–6 hrs × $80/hr = $320–$480/match",
// "12 ärenden i veckan × 2 timmar × 650 kr = 15 600 kr"). Each written product whose factors agree
// with its stated result becomes a value stream of the same factors, each an input quoted from the
// document; a result per something ("/match") is multiplied by the document's volume of that
// something, and the period comes from the units (per week, per month) or is an assumption said to
// be one. A product of the offer's own price figures is its price, never a value.
import type { Language, TextPage } from '../types.ts'
import { literal } from '../explain/formula.ts'
import { nameOf } from '../explain/inputs.ts'
import type { Quantity, RoledQuantity } from '../model.ts'
import type { ValueInput, ValueSide } from './value-side.ts'
import { statedOf } from './value-side.ts'

/** Between two factors: a multiplication sign and at most a few words (the first factor's label). */
const TIMES = /(?:^|[\s\d)])(?:×|\*|x)(?=\s|$)/u
/** Between the last factor and the result: an equals sign. */
const EQUALS = /=/u
const MAX_GAP = 60
/** The seller's result agrees with the product of its factors within this share (rounding, "$4K+"). */
const AGREEMENT = 0.35

/** Periods a year of a time unit a product is stated per. */
const PER_YEAR: Readonly<Record<string, number>> = { week: 52, month: 12, year: 1 }

const KIND_WORDS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: { duration: 'Hours', money: 'Amount', count: 'Number', percent: 'Share' },
  sv: { duration: 'Timmar', money: 'Belopp', count: 'Antal', percent: 'Andel' },
}
const HOURLY: Readonly<Record<Language, string>> = { en: 'Rate per hour', sv: 'Timpris' }
const STREAM_LABEL: Readonly<Record<Language, string>> = {
  en: 'the value the document works out',
  sv: 'värdet dokumentet räknar fram',
}
const TIMES_A_YEAR: Readonly<Record<Language, string>> = { en: 'Times a year', sv: 'Gånger om året' }

interface Product {
  readonly factors: readonly Quantity[]
  readonly result: Quantity
  /** The line the product is written on, before its first factor (its label: "Manual review:"). */
  readonly head: string
  /** The words after each factor up to the next sign ("AVG. JOB VALUE"). */
  readonly words: readonly string[]
}

const gapOf = (text: string, from: Quantity, to: Quantity): string | undefined => {
  const gap = text.slice(from.end, to.start)
  return gap.length <= MAX_GAP && !/\d/u.test(gap) ? gap : undefined
}

/** The written products of one page: factors joined by × and a money result after =. */
function productsOn(text: string, quantities: readonly Quantity[]): Product[] {
  const products: Product[] = []
  let index = 0
  while (index < quantities.length) {
    const factors: Quantity[] = [quantities[index] as Quantity]
    const words: string[] = []
    let next = index + 1
    let result: Quantity | undefined
    while (next < quantities.length) {
      const previous = factors[factors.length - 1] as Quantity
      const current = quantities[next] as Quantity
      const gap = gapOf(text, previous, current)
      if (gap === undefined) break
      if (EQUALS.test(gap)) {
        if (current.kind === 'money') result = current
        words.push(gap.split('=')[0] ?? '')
        break
      }
      if (!TIMES.test(gap)) break
      words.push(gap.split(/[×*]|\sx\s/u)[0] ?? '')
      factors.push(current)
      next += 1
    }
    if (result !== undefined && factors.length >= 2) {
      const first = factors[0] as Quantity
      const lineStart = text.lastIndexOf('\n', first.start - 1) + 1
      products.push({ factors, result, head: text.slice(lineStart, first.start), words })
      index = next + 1
    } else index += 1
  }
  return products
}

const valueOf = (quantity: Quantity): number => (quantity.kind === 'percent' ? quantity.value / 100 : quantity.value)

/** The seller's result is the product of the factors (not a total with terms the line leaves out). */
function agrees(product: Product): boolean {
  const computed = product.factors.reduce((value, factor) => value * valueOf(factor), 1)
  const stated = product.result.value
  return stated > 0 && computed > 0 && Math.abs(computed - stated) <= AGREEMENT * stated
}

const timeKey = (quantity: Quantity): string | undefined => Object.keys(PER_YEAR).find((key) => (quantity.unit[key] ?? 0) === -1)

/** The thing a result is per ("/match" → "n:match"), when it is not a time. */
const perThing = (quantity: Quantity): string | undefined =>
  Object.entries(quantity.unit).find(([key, exponent]) => exponent === -1 && key.startsWith('n:'))?.[0]

/** The document's volume of `thing` (the largest count of it), outside the product. */
function volumeOf(thing: string, quantities: readonly RoledQuantity[], used: ReadonlySet<number>): Quantity | undefined {
  return quantities
    .map((entry) => entry.quantity)
    .filter((quantity) => quantity.kind === 'count' && quantity.unit[thing] === 1 && !used.has(quantity.index) && quantity.value > 1)
    .reduce<Quantity | undefined>((best, quantity) => (best === undefined || quantity.value > best.value ? quantity : best), undefined)
}

/** The same amount said again with a period ("= $4,000" and "$4K lost per month"): within this share. */
const RESTATED = 0.05

/** The period of the result said again elsewhere in the document as money per week, month or year. */
function restatedPeriod(amount: number, quantities: readonly RoledQuantity[]): string | undefined {
  const again = quantities.find(
    ({ quantity }) =>
      quantity.kind === 'money' && timeKey(quantity) !== undefined && Math.abs(quantity.value - amount) <= RESTATED * amount,
  )
  return again === undefined ? undefined : timeKey(again.quantity)
}

const cleaned = (words: string): string =>
  words
    .replace(/\s+/gu, ' ')
    .replace(/^[\s•\-–:·|]+|[\s•\-–:·|(]+$/gu, '')
    .trim()

function labelOf(quantity: Quantity, after: string, head: string, language: Language): string {
  const own = cleaned(after)
  if (/\p{L}{3,}/u.test(own) && own.length <= 40) return own.charAt(0).toUpperCase() + own.slice(1)
  const hourly = quantity.kind === 'money' && quantity.unit.hour === -1
  const kind = (hourly ? HOURLY[language] : KIND_WORDS[language][quantity.kind]) ?? KIND_WORDS[language].count ?? ''
  const line = cleaned(head)
  return /\p{L}{3,}/u.test(line) && line.length <= 40
    ? `${line}: ${kind.toLowerCase()}`
    : `${kind} (${quantity.text.replace(/\s+/gu, ' ')})`
}

/** Words just before a time that make it the time before the offer ("was 4–6 hours", "tidigare 3 dagar"). */
const WAS = /(?<![\p{L}])(?:was|were|previously|formerly|down from|used to take|tidigare|förut|förr|innan|ned från)\s*[:(]?\s*$/iu
/** The time after the offer stands this close before the "was" it is set against ("<5 min per match, was 4–6 hours"). */
const NEAR = 60

const inHours = (quantity: Quantity): number => quantity.value * quantity.scale

/**
 * The time the offer brings a factor's time down to: where the document says the same time again as
 * what it "was", the smaller time just before that ("<5 min AI audit per match — was 4–6 hours").
 */
function afterOf(factor: Quantity, text: string, quantities: readonly Quantity[]): Quantity | undefined {
  if (factor.kind !== 'duration') return undefined
  for (const again of quantities) {
    if (again.index === factor.index || again.kind !== 'duration' || Math.abs(inHours(again) - inHours(factor)) > 1e-9) continue
    if (!WAS.test(text.slice(Math.max(0, again.start - 24), again.start))) continue
    const after = quantities.filter(
      (quantity) =>
        quantity.kind === 'duration' &&
        quantity.end <= again.start &&
        again.start - quantity.end <= NEAR &&
        inHours(quantity) < inHours(factor),
    )
    if (after.length > 0) return after[after.length - 1]
  }
  return undefined
}

const AFTER_WORD: Readonly<Record<Language, string>> = { en: 'with the offer', sv: 'med erbjudandet' }

export interface StatedProductsOptions {
  readonly language: Language
  /** Amounts of the document's own price: a product that gives one of them is the price worked out. */
  readonly priceAmounts: readonly number[]
  readonly taken: Set<string>
  /** The calculator's currency: a product in another one is left to the pipeline, which converts. */
  readonly currency: string
}

const isPrice = (entry: RoledQuantity | undefined): boolean => entry?.role.role === 'price'

/** The value side a document works out itself, or undefined when it writes out no value. */
export function statedProducts(
  pages: readonly TextPage[],
  roled: readonly RoledQuantity[],
  options: StatedProductsOptions,
): ValueSide | undefined {
  const byIndex = new Map(roled.map((entry) => [entry.quantity.index, entry]))
  const inputs: ValueInput[] = []
  const streams: ValueSide['streams'][number][] = []
  const used = new Set<number>()
  for (const page of pages) {
    const onPage = roled
      .map((entry) => entry.quantity)
      .filter((quantity) => quantity.page === page.page)
      .sort((a, b) => a.start - b.start)
    for (const product of productsOn(page.text, onPage)) {
      const all = [...product.factors, product.result]
      if (!agrees(product) || all.some((quantity) => isPrice(byIndex.get(quantity.index)))) continue
      if (all.some((quantity) => quantity.currency !== undefined && quantity.currency !== options.currency)) continue
      // A product with an amount of the document's price in it is that price worked out, not a value.
      const priced = (quantity: Quantity) =>
        quantity.kind === 'money' && options.priceAmounts.some((amount) => Math.abs(amount - quantity.value) < 0.5)
      if (all.some(priced)) continue
      for (const quantity of all) used.add(quantity.index)
      const factors: Factor[] = product.factors.map((quantity, index) => {
        const after = afterOf(quantity, page.text, onPage)
        return {
          quantity,
          label: labelOf(quantity, product.words[index] ?? '', product.head, options.language),
          ...(after === undefined ? {} : { after }),
        }
      })
      const thing = perThing(product.result)
      const volume = thing === undefined ? undefined : volumeOf(thing, roled, used)
      if (volume !== undefined) {
        used.add(volume.index)
        factors.push({ quantity: volume, label: cleaned(volume.nounText ?? '') || (KIND_WORDS[options.language].count ?? '') })
      }
      const period =
        [product.result, ...(volume === undefined ? [] : [volume]), ...product.factors].map(timeKey).find((key) => key !== undefined) ??
        restatedPeriod(product.result.value * (volume?.value ?? 1), roled)
      const stream = streamOf(factors, period, options)
      inputs.push(...stream.inputs)
      streams.push(stream.stream)
    }
  }
  return streams.length === 0 ? undefined : { inputs, streams }
}

interface Factor {
  readonly quantity: Quantity
  readonly label: string
  /** The smaller time the document says the offer brings this time down to: the factor is the difference. */
  readonly after?: Quantity
}

/** A factor's part of the formula and its value: itself, or the time it saves when the document gives the time after. */
function partOf(factor: Factor, input: ValueInput, options: StatedProductsOptions, inputs: ValueInput[]): { part: string; value: number } {
  const { quantity, after } = factor
  if (after === undefined) return { part: input.kind === 'percent' ? `${input.name} / 100` : input.name, value: valueOf(quantity) }
  const label = `${factor.label}: ${AFTER_WORD[options.language]}`
  const afterInput: ValueInput = {
    name: nameOf(label, options.taken),
    label,
    value: after.value,
    unit: after.scale === quantity.scale ? input.unit : after.scale * 60 === quantity.scale ? 'min' : 'h',
    kind: 'hours',
    stated: statedOf(after),
  }
  inputs.push(afterInput)
  const ratio = after.scale / quantity.scale
  const scaled =
    ratio === 1 ? afterInput.name : ratio < 1 ? `${afterInput.name} / ${literal(1 / ratio)}` : `${afterInput.name} * ${literal(ratio)}`
  return { part: `(${input.name} - ${scaled})`, value: quantity.value - after.value * ratio }
}

function streamOf(
  factors: readonly Factor[],
  period: string | undefined,
  options: StatedProductsOptions,
): { inputs: ValueInput[]; stream: ValueSide['streams'][number] } {
  const inputs: ValueInput[] = factors.map(({ quantity, label }) => ({
    name: nameOf(label, options.taken),
    label,
    value: quantity.value,
    unit: quantity.kind === 'percent' ? '%' : quantity.kind === 'duration' ? 'h' : quantity.kind === 'money' ? options.currency : '',
    kind: quantity.kind === 'percent' ? 'percent' : quantity.kind === 'money' ? 'money' : quantity.kind === 'duration' ? 'hours' : 'count',
    stated: statedOf(quantity),
  }))
  const made = factors.map((factor, index) => partOf(factor, inputs[index] as ValueInput, options, inputs))
  const parts = made.map((part) => part.part)
  let yearly = made.reduce((value, part) => value * part.value, 1)
  if (period !== undefined) {
    const perYear = PER_YEAR[period] ?? 1
    if (perYear !== 1) parts.push(literal(perYear))
    yearly *= perYear
  } else {
    // The document does not say how often: an assumption the seller sets, at once a year.
    const label = TIMES_A_YEAR[options.language]
    inputs.push({ name: nameOf(label, options.taken), label, value: 1, unit: '×', kind: 'count' })
    parts.push(inputs[inputs.length - 1]?.name ?? '1')
  }
  return { inputs, stream: { label: STREAM_LABEL[options.language], formula: parts.join(' * '), yearly } }
}

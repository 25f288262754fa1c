// The engagement's price from what the document states (lines.ts): a stated total wins, built from
// the lines that add up to it when they do (never the total and its lines both); without a total,
// the fees, instalments and recurring fees are summed, one tier of a rate card is taken, options
// and hourly services are counted as often as the buyer chooses (none until then), and a work
// breakdown is its hours × the rate plus its additions in percent.
import type { Currency } from '@valueproof/formula'
import { statedRates } from '../compose/currency.ts'
import type { Language } from '../types.ts'
import type { LineItem, PriceLines, Stated, WorkBreakdown } from './lines.ts'
import { PriceTerms, type PriceFormula, type PriceInput } from './price-terms.ts'
import { priceWords, type PriceWords } from './price-words.ts'
import { surchargeOf, type Surcharge } from './surcharges.ts'

export interface PriceOptions {
  readonly currency: Currency
  readonly language: Language
  /** The document's whole text, for the exchange rates it states. */
  readonly text: string
  /** Names already used by the calculator's other inputs. */
  readonly taken?: Set<string>
}

/** A stated total, stated lines, hours × a rate, one tier of several, or a rate at an assumed use. */
export type PriceBasis = 'total' | 'lines' | 'work' | 'choice' | 'rate'

export interface DocumentPrice {
  readonly inputs: readonly PriceInput[]
  /** The recurring price per year. */
  readonly yearly?: PriceFormula
  /** The price paid once (or, with a recurring price, the setup part). */
  readonly oneOff?: PriceFormula
  /** The passage the price is quoted from. */
  readonly source: Stated
  readonly basis: PriceBasis
  /** How many stated lines it adds up. */
  readonly lines: number
  /** The document's own estimate of the engagement's value, not a quoted price. */
  readonly estimate: boolean
  /** The tier taken from several ("Gold Sponsorship Tier"). */
  readonly chosen?: string
  /** Instalments of the total, for the explanation ("$1,900", "$3,100"). */
  readonly instalments: readonly LineItem[]
}

const MAX_SUBSET = 10
/** How much of a rate a price list of rates alone is shown at: an assumption the buyer changes. */
const ASSUMED_USE: Readonly<Record<string, number>> = { hour: 100, thousand: 100, day: 10, week: 4 }

function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(1, Math.abs(b) * 0.002)
}

function signed(item: LineItem): number {
  return item.sign * item.unitPrice * (item.quantity ?? 1)
}

/** A line named by a word alone ("Rate is £15 …") restates a named line of the same amount on its page. */
const GENERIC = /^(?:rate|fee|price|cost|total|amount|pris|avgift|kostnad|belopp)$/iu

function dedupe(items: readonly LineItem[]): LineItem[] {
  const seen = new Set<string>()
  const kept: LineItem[] = []
  const amounts = new Set(
    items.filter((item) => !GENERIC.test(item.description.trim())).map((item) => `${item.stated.page}|${item.unitPrice}`),
  )
  for (const item of items) {
    if (GENERIC.test(item.description.trim()) && amounts.has(`${item.stated.page}|${item.unitPrice}`)) continue
    const name = item.description.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
    // A total repeated in other words ("Contract Price", "a total of") is one total.
    const key =
      item.kind === 'total'
        ? `total|${Math.round(item.unitPrice)}`
        : `${item.kind}|${Math.round(item.unitPrice * 100)}|${item.period}|${item.per ?? ''}|${name}`
    if (seen.has(key)) continue
    seen.add(key)
    kept.push(item)
  }
  return kept
}

/** A price per user, seat or licence with the document's count of them: a fee for that many. */
function counted(item: LineItem, lines: PriceLines): LineItem {
  const count = item.kind === 'rate' && item.per !== undefined ? lines.counts?.get(item.per) : undefined
  if (count === undefined || item.quantity !== undefined) return item
  return { ...item, kind: 'fee', per: undefined, quantity: count.value, quantityStated: count.stated }
}

/** The grand total the price is: a quoted one over an estimate, then the largest. */
function grandTotal(items: readonly LineItem[]): LineItem | undefined {
  const grand = items.filter((item) => item.kind === 'total' && item.grand === true)
  const quoted = grand.filter((item) => item.estimate !== true)
  const pool = quoted.length > 0 ? quoted : grand
  return pool.reduce<LineItem | undefined>((best, item) => (best === undefined || item.unitPrice > best.unitPrice ? item : best), undefined)
}

/** The smallest set of at least two of `pool` (the last few) that adds up to `target`. */
function smallestSum(pool: readonly LineItem[], target: number): LineItem[] | undefined {
  const searched = pool.slice(-MAX_SUBSET)
  let best: LineItem[] | undefined
  for (let mask = 1; mask < 1 << searched.length; mask += 1) {
    const chosen = searched.filter((_, index) => (mask & (1 << index)) !== 0)
    if (chosen.length < 2 || (best !== undefined && chosen.length >= best.length)) continue
    if (
      sameAmount(
        chosen.reduce((sum, item) => sum + signed(item), 0),
        target,
      )
    )
      best = chosen
  }
  return best
}

/**
 * The item lines each subtotal adds up ("Lines Total" after its items): the fees stated before it on
 * its page, since the previous subtotal, when there are several and they sum to it.
 */
function subtotalLines(candidates: readonly LineItem[]): Map<LineItem, LineItem[]> {
  const checked = new Map<LineItem, LineItem[]>()
  let run: LineItem[] = []
  for (const item of candidates) {
    if (item.kind === 'fee') {
      run.push(item)
      continue
    }
    const sum = run.reduce((all, line) => all + signed(line), 0)
    if (run.length >= 2 && sameAmount(sum, item.unitPrice)) checked.set(item, run)
    run = []
  }
  return checked
}

/** The smallest set of subtotals and charges that adds up to the total (searched over a few), or all the fees when they do. */
function linesOfTotal(total: LineItem, items: readonly LineItem[]): LineItem[] | undefined {
  const candidates = items.filter(
    (item) =>
      item !== total &&
      item.period === 'one-off' &&
      (item.kind === 'fee' || (item.kind === 'total' && item.grand !== true)) &&
      item.stated.page === total.stated.page,
  )
  const fees = items.filter((item) => item.kind === 'fee' && item.period === 'one-off' && item.unitPrice < total.unitPrice)
  if (
    fees.length >= 2 &&
    sameAmount(
      fees.reduce((sum, item) => sum + signed(item), 0),
      total.unitPrice,
    )
  )
    return fees
  const pool = candidates.filter((item) => item.unitPrice < total.unitPrice)
  // A subtotal its item lines add up to is a check: the total is then its items and the charges after them.
  const checked = subtotalLines(pool)
  if (checked.size > 0) {
    const lines = smallestSum(
      pool.filter((item) => !checked.has(item)),
      total.unitPrice,
    )
    if (lines !== undefined && [...checked.values()].flat().every((item) => lines.includes(item))) return lines
  }
  const best = smallestSum(pool, total.unitPrice)
  // Subtotals ("Lines Total", "Miscellaneous Charges") only restate the total: the total is the price then.
  return best?.some((item) => item.kind === 'total') === true ? undefined : best
}

/** The instalments of a total when there are several and they add up to it. */
function instalmentsOf(total: LineItem, items: readonly LineItem[]): LineItem[] | undefined {
  const parts = items.filter((item) => item.kind === 'part' && item.period === total.period)
  const sum = parts.reduce((all, item) => all + signed(item), 0)
  return parts.length >= 2 && sameAmount(sum, total.unitPrice) ? parts : undefined
}

/** A line's terms: the amount (× its stated quantity), per year for a recurring fee. */
function addLine(terms: PriceTerms, item: LineItem, words: PriceWords, divisor = 1): void {
  const amount = terms.money(words.lineLabel(item), item.unitPrice, item.currency, item.stated)
  const factors: PriceInput[] = [amount]
  if (item.quantity !== undefined)
    factors.push(
      item.per === 'hour'
        ? terms.quantity(words.quantityLabel(item), item.quantity, 'hours', 'h', item.quantityStated ?? item.stated)
        : terms.quantity(words.quantityLabel(item), item.quantity, 'count', '', item.quantityStated ?? item.stated),
    )
  const perYear = item.period === 'month' ? 12 : item.period === 'quarter' ? 4 : 1
  const years = divisor * (item.years ?? 1)
  terms.term(item.period === 'one-off' && years === 1 ? 'one-off' : 'year', factors, { factor: perYear, sign: item.sign, divisor: years })
}

/**
 * An option, a tier or a rate in a price paid `period`: its amount times how often the buyer takes
 * it (`chosen` by default). A recurring option of a one-off price, or the reverse, has no place in
 * the price's formula and is left to the explanation.
 */
function addChoice(
  terms: PriceTerms,
  item: LineItem,
  words: PriceWords,
  chosen: number,
  period: 'one-off' | 'year',
): PriceInput | undefined {
  const recurring = item.period !== 'one-off'
  if (item.kind !== 'rate' && recurring !== (period === 'year')) return undefined
  const amount = terms.money(words.lineLabel(item), item.unitPrice, item.currency, item.stated)
  const count =
    item.kind === 'rate'
      ? terms.quantity(words.usageLabel(item, period), chosen, item.per === 'hour' ? 'hours' : 'count', item.per === 'hour' ? 'h' : '')
      : terms.quantity(words.choiceLabel(item), chosen, 'choice', '×')
  const perYear = item.period === 'month' ? 12 : item.period === 'quarter' ? 4 : 1
  terms.term(period, [amount, count], { factor: perYear, sign: item.sign })
  return amount
}

/** Hours at a rate raised by its stated surcharge: the rate × (1 + the surcharge), none until the buyer sets them. */
function addSurcharge(
  terms: PriceTerms,
  item: LineItem,
  rate: PriceInput,
  surcharge: Surcharge,
  words: PriceWords,
  period: 'one-off' | 'year',
): void {
  const percent = terms.quantity(words.surcharge(item), surcharge.percent, 'percent', '%', surcharge.stated)
  const hours = terms.quantity(words.surchargedHours(item, period), 0, 'hours', 'h')
  terms.formula(period, `${rate.name} * (1 + ${percent.name} / 100) * ${hours.name}`, 0)
}

/** The hours of a work breakdown, with its additions in percent, at its rate. */
function addWork(terms: PriceTerms, work: WorkBreakdown & { rate: NonNullable<WorkBreakdown['rate']> }, words: PriceWords): void {
  const units = new Map<string, PriceInput>()
  const hourTerms: string[] = []
  let hours = 0
  for (const line of work.lines) {
    if (line.perUnit === undefined) {
      const input = terms.quantity(words.taskHours(line.description), line.hours, 'hours', 'h', line.stated)
      hourTerms.push(input.name)
      hours += line.hours
      continue
    }
    // "4 x 37 = 148" names no unit: it counts the units another row names with the same number.
    const named = [...units.entries()].find(([, input]) => input.value === line.perUnit?.units)?.[0]
    const noun = line.perUnit.noun || named || 'units'
    const count = units.get(noun) ?? terms.quantity(words.unitCount(noun), line.perUnit.units, 'count', noun, line.stated)
    units.set(noun, count)
    const perUnit = terms.quantity(words.taskHoursPer(line.description, noun), line.perUnit.hours, 'hours', 'h', line.stated)
    hourTerms.push(`${perUnit.name} * ${count.name}`)
    hours += line.perUnit.hours * line.perUnit.units
  }
  const overheads = work.overheads.map((overhead) =>
    terms.quantity(words.overhead(overhead.description), overhead.percent, 'percent', '%', overhead.stated),
  )
  const rate = terms.money(words.hourlyRate, work.rate.value, work.rate.currency, work.rate.stated)
  const uplift = overheads.length === 0 ? '' : ` * (1 + ${overheads.map((input) => `${input.name} / 100`).join(' + ')})`
  const factor = 1 + overheads.reduce((sum, input) => sum + input.value / 100, 0)
  terms.formula('one-off', `(${hourTerms.join(' + ')})${uplift} * ${rate.name}`, hours * factor * rate.value)
}

interface Counted {
  readonly basis: PriceBasis
  readonly lines: number
  readonly source?: Stated
  readonly chosen?: string
}

/** The fixed part of the price: the work, the total (from its lines when they add up) or the fees. */
function addFixed(terms: PriceTerms, items: readonly LineItem[], lines: PriceLines, words: PriceWords): Counted {
  const work = lines.work
  if (work?.rate !== undefined) {
    addWork(terms, { ...work, rate: work.rate }, words)
    return { basis: 'work', lines: work.lines.length, source: work.rate.stated }
  }
  const total = grandTotal(items)
  const recurring = items.filter((item) => item.kind === 'fee' && item.period !== 'one-off')
  for (const item of recurring) addLine(terms, item, words)
  if (total !== undefined) {
    const parts = linesOfTotal(total, items)
    const years = total.years === undefined ? {} : { years: total.years }
    // A total paid in instalments that add up to it is their sum: the total is the check.
    const paid = parts === undefined ? instalmentsOf(total, items) : undefined
    if (paid !== undefined) for (const part of paid) addLine(terms, { ...part, ...years }, words)
    else if (parts === undefined) addLine(terms, total, words)
    else for (const part of parts) addLine(terms, { ...part, ...years }, words)
    return { basis: parts === undefined ? 'total' : 'lines', lines: parts?.length ?? 1, source: total.stated }
  }
  const fixed = items.filter((item) => (item.kind === 'fee' && item.period === 'one-off') || item.kind === 'part')
  for (const item of fixed) addLine(terms, item, words)
  const counted = [...recurring, ...fixed]
  const first = counted[0]
  return { basis: 'lines', lines: counted.length, ...(first === undefined ? {} : { source: first.stated }) }
}

/** The document's price, or undefined when it states none. */
export function priceSide(lines: PriceLines, options: PriceOptions): DocumentPrice | undefined {
  const words = priceWords(options.language)
  const items = dedupe(lines.items).map((item) => counted(item, lines))
  const terms = new PriceTerms(options.currency, options.taken ?? new Set(), statedRates(options.text), words.otherLines)
  const fixed = addFixed(terms, items, lines, words)
  // One tier of several: the first still available; the others and every option count when the buyer chooses them.
  const alternatives = items.filter((item) => item.kind === 'alternative')
  const [tier] = alternatives
  const recurring = (terms.yearly?.amount ?? 0) > 0 || (tier !== undefined && tier.period !== 'one-off')
  const period = recurring ? 'year' : 'one-off'
  for (const item of alternatives) addChoice(terms, item, words, item === tier ? 1 : 0, period)
  // A price list of rates alone (per hour, per 1,000 impressions): the first rate at an assumed use, said so.
  const rates = items.filter((item) => item.kind === 'rate' && fixed.basis !== 'work')
  const [firstRate] = fixed.source === undefined && tier === undefined ? rates : []
  const choices = items.filter((item) => item.kind === 'option' || rates.includes(item))
  for (const item of choices) {
    const amount = addChoice(terms, item, words, item === firstRate ? (ASSUMED_USE[item.per ?? ''] ?? 1) : 0, period)
    const surcharge = surchargeOf(item, options.text)
    if (amount !== undefined && surcharge !== undefined) addSurcharge(terms, item, amount, surcharge, words, period)
  }
  const yearly = terms.yearly
  const oneOff = terms.oneOff
  const source = fixed.source ?? tier?.stated ?? firstRate?.stated
  if (source === undefined || (yearly?.amount ?? 0) + (oneOff?.amount ?? 0) <= 0) return undefined
  const grand = grandTotal(items)
  // An option of the other period was left out of the formulas: so are its inputs.
  const formulas = `${recurring ? (yearly?.formula ?? '') : ''} ${oneOff?.formula ?? ''}`
  const used = new Set(formulas.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [])
  return {
    inputs: terms.inputs.filter((input) => used.has(input.name)),
    ...(yearly === undefined || !recurring ? {} : { yearly }),
    ...(oneOff === undefined || oneOff.amount <= 0 ? {} : { oneOff }),
    source,
    basis: fixed.source !== undefined ? fixed.basis : tier !== undefined ? 'choice' : 'rate',
    lines: fixed.lines,
    estimate: fixed.basis !== 'work' && grand?.estimate === true,
    ...(tier === undefined ? (firstRate === undefined ? {} : { chosen: firstRate.description }) : { chosen: tier.description }),
    instalments: grand === undefined ? [] : items.filter((item) => item.kind === 'part'),
  }
}

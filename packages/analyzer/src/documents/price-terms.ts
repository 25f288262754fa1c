// The price's inputs and formula, built term by term: every amount the price uses is an input
// whose source quotes the document (money in the calculator's currency at a named rate), every
// quantity the buyer chooses (an option taken, hours of an hourly service) an input marked as an
// assumption; the formula multiplies and adds them, so the price follows what the buyer enters.
import type { Currency } from '@valueproof/formula'
import { conversionTo } from '../compose/currency.ts'
import { literal } from '../explain/formula.ts'
import { nameOf } from '../explain/inputs.ts'
import type { CurrencyCode } from '../read/figures-types.ts'
import type { Stated } from './lines.ts'

export type PriceInputKind = 'money' | 'hours' | 'count' | 'percent' | 'choice'

export interface PriceInput {
  readonly name: string
  readonly label: string
  /** As shown: money converted to the calculator's currency, a percentage as written. */
  readonly value: number
  readonly unit: string
  readonly kind: PriceInputKind
  /** Where the document states it; absent for a quantity the buyer chooses (an assumption). */
  readonly stated?: Stated
  /** "£2500 ≈ 3175 USD (1 GBP = 1.27 USD)". */
  readonly note?: string
  /** An amount that sums price lines too many for one formula: how many, and from which pages. */
  readonly summed?: { readonly lines: number; readonly firstPage: number; readonly lastPage: number }
}

export interface PriceFormula {
  readonly formula: string
  /** Its value at the inputs' defaults. */
  readonly amount: number
}

const MAX_LABEL = 70

function shortLabel(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim()
  return single.length <= MAX_LABEL ? single : `${single.slice(0, MAX_LABEL - 1).trimEnd()}…`
}

/** The calculator's limit on a price formula (PRICE_LIMITS.maxFormulaLength), with room to spare. */
const MAX_FORMULA = 1_900
/** Words of a label a name is made of: "Autosys — monthly fee" is "autosys". */
const NAME_WORDS = 4

interface Term {
  readonly factors: readonly PriceInput[]
  readonly factor: number
  readonly divisor: number
  readonly sign: 1 | -1
  /** A ready formula (a work breakdown) instead of factors. */
  readonly text?: string
  readonly amount: number
}

function nameSource(label: string): string {
  const head = label.split(' — ')[0] ?? label
  return head.split(/\s+/u).slice(0, NAME_WORDS).join(' ')
}

function product(term: Term): string {
  if (term.text !== undefined) return term.text
  return term.factors.map((input) => (input.kind === 'percent' ? `${input.name} / 100` : input.name)).join(' * ')
}

/** Terms as formula text: single inputs with the same factor summed in one bracket ("(a + b + c) * 12"). */
function render(terms: readonly Term[]): string {
  const groups = new Map<string, Term[]>()
  for (const term of terms) {
    const key = term.factors.length === 1 && term.text === undefined ? `${term.factor}|${term.divisor}` : `own|${groups.size}`
    groups.set(key, [...(groups.get(key) ?? []), term])
  }
  const parts: string[] = []
  for (const group of groups.values()) {
    const [first] = group
    if (first === undefined) continue
    const sum = group
      .map((term, index) =>
        index === 0 ? (term.sign === -1 ? `-${product(term)}` : product(term)) : `${term.sign === -1 ? '-' : '+'} ${product(term)}`,
      )
      .join(' ')
    let text = group.length > 1 && (first.factor !== 1 || first.divisor !== 1) ? `(${sum})` : sum
    if (first.factor !== 1) text = `${text} * ${literal(first.factor)}`
    if (first.divisor !== 1) text = `${text} / ${literal(first.divisor)}`
    parts.push(text)
  }
  return parts.reduce(
    (all, part, index) => (index === 0 ? part : part.startsWith('-') ? `${all} - ${part.slice(1)}` : `${all} + ${part}`),
    '',
  )
}

/** A filter that keeps every stated term and the first choice of each amount and unit ("$150 / hour" once). */
function distinctChoices(): (term: Term) => boolean {
  const seen = new Set<string>()
  return (term) => {
    if (term.amount !== 0 || term.text !== undefined) return true
    const key = term.factors
      .map((input) => (input.kind === 'money' ? `${input.kind}|${input.value}` : `${input.kind}|${input.unit}`))
      .join('|')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  }
}

/** Collects a price's inputs and its one-off and yearly terms. */
export class PriceTerms {
  readonly inputs: PriceInput[] = []
  private readonly terms: Record<'one-off' | 'year', Term[]> = { 'one-off': [], year: [] }

  constructor(
    private readonly currency: Currency,
    private readonly taken: Set<string>,
    private readonly rates: ReadonlyMap<string, number>,
    /** The label of an amount that sums the lines a formula has no room for ("The other 2,981 price lines"). */
    private readonly otherLines: (count: number) => string = (count) => `The other ${count} price lines`,
  ) {}

  private add(input: Omit<PriceInput, 'name' | 'label'> & { label: string }): PriceInput {
    const label = shortLabel(input.label)
    // An amount is named by its line ("autosys"); a quantity by all its words ("institutionDownloadsAYear").
    const added = { ...input, label, name: nameOf(input.kind === 'money' ? nameSource(label) : label, this.taken) }
    this.inputs.push(added)
    return added
  }

  /** An amount of money the document states, converted to the calculator's currency. */
  money(label: string, value: number, currency: CurrencyCode, stated: Stated): PriceInput {
    const conversion = conversionTo(currency, this.currency, this.rates)
    const shown = Number((value * conversion.rate).toPrecision(8))
    const note = conversion.note === undefined ? undefined : `${value} ${currency} ≈ ${shown} ${this.currency} (${conversion.note})`
    return this.add({ label, value: shown, unit: this.currency, kind: 'money', stated, ...(note === undefined ? {} : { note }) })
  }

  /** A count, hours or percentage the document states, or (without `stated`) one the buyer chooses. */
  quantity(label: string, value: number, kind: Exclude<PriceInputKind, 'money'>, unit: string, stated?: Stated): PriceInput {
    return this.add({ label, value, unit, kind, ...(stated === undefined ? {} : { stated }) })
  }

  /** Adds a product of inputs (with a constant factor) to the one-off or the yearly price. */
  term(
    period: 'one-off' | 'year',
    factors: readonly PriceInput[],
    options: { factor?: number; sign?: 1 | -1; divisor?: number } = {},
  ): void {
    const factor = options.factor ?? 1
    const divisor = options.divisor ?? 1
    const sign = options.sign ?? 1
    let amount = (sign * factor) / divisor
    for (const input of factors) amount *= input.kind === 'percent' ? input.value / 100 : input.value
    this.terms[period].push({ factors, factor, divisor, sign, amount })
  }

  /** Adds a ready formula over the inputs with its value at the defaults. */
  formula(period: 'one-off' | 'year', text: string, amount: number): void {
    this.terms[period].push({ factors: [], factor: 1, divisor: 1, sign: 1, text, amount })
  }

  /**
   * The formula of one period. A schedule too long for a formula loses the choices that count
   * nothing until the buyer makes them (hourly services at 0 hours), never a fee it states.
   */
  formulaOf(period: 'one-off' | 'year'): PriceFormula | undefined {
    const terms = [...this.terms[period]]
    if (terms.length === 0) return undefined
    let text = render(terms)
    // First the choices that repeat an earlier choice's rate (one role's rate in several services), then every choice.
    for (const keep of [distinctChoices(), (term: Term) => term.amount !== 0]) {
      if (text.length <= MAX_FORMULA) break
      const kept = terms.filter(keep)
      terms.splice(0, terms.length, ...kept)
      text = render(terms)
    }
    if (text.length > MAX_FORMULA) return this.summedFormula(period, terms)
    return { formula: text, amount: terms.reduce((sum, term) => sum + term.amount, 0) }
  }

  /**
   * A schedule of more stated fees than a formula holds: the first lines as they are, the rest as
   * one amount, their sum, that says how many lines and which pages it sums — no fee lost.
   */
  private summedFormula(period: 'one-off' | 'year', terms: Term[]): PriceFormula {
    // The most leading terms that leave room for the sum (the length grows with the count kept).
    let [low, high] = [0, terms.length]
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      if (render(terms.slice(0, middle)).length <= MAX_FORMULA - 80) low = middle
      else high = middle - 1
    }
    const kept = low
    const rest = terms.slice(kept)
    const pages = rest.flatMap((term) => term.factors.flatMap((input) => (input.stated === undefined ? [] : [input.stated.page])))
    const amount = rest.reduce((sum, term) => sum + term.amount, 0)
    const fields = {
      label: this.otherLines(rest.length),
      value: Number(amount.toFixed(2)),
      unit: this.currency,
      kind: 'money' as const,
      summed: { lines: rest.length, firstPage: Math.min(...pages), lastPage: Math.max(...pages) },
    }
    // Asked again (the schedule grew), the one sum is brought up to date; the summed lines' own inputs
    // are left out by the price side, which keeps only the inputs its formulas use.
    const earlier = this.summed.get(period)
    const summed = earlier === undefined ? this.add(fields) : { ...earlier, ...fields, label: earlier.label }
    if (earlier !== undefined) this.inputs.splice(this.inputs.indexOf(earlier), 1, summed)
    this.summed.set(period, summed)
    const all = [...terms.slice(0, kept), { factors: [summed], factor: 1, divisor: 1, sign: 1 as const, amount }]
    return { formula: render(all), amount: all.reduce((sum, term) => sum + term.amount, 0) }
  }

  private readonly summed = new Map<'one-off' | 'year', PriceInput>()

  get yearly(): PriceFormula | undefined {
    return this.formulaOf('year')
  }

  get oneOff(): PriceFormula | undefined {
    return this.formulaOf('one-off')
  }
}

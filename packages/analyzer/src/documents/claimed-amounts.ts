// Amounts a document claims as the offer's value in a headline or caption ("$0.5–$2M Penalties
// Avoided/Season", "$64K Annual Labor Saved", "120 000 kr sparas per år"): each becomes a value
// stream of its own, quoted, per year by its period or by how often a year as an assumption. An
// amount the document's own arithmetic already gives (a restated result) is not counted twice,
// and no amount of the offer's price is ever a claimed value.
import type { Currency } from '@valueproof/formula'
import { literal } from '../explain/formula.ts'
import { nameOf } from '../explain/inputs.ts'
import type { Quantity, RoledQuantity } from '../model.ts'
import type { Language, TextPage } from '../types.ts'
import { statedOf, type ValueInput, type ValueSide, type ValueStream } from './value-side.ts'

/** Words that say an amount is kept, avoided or gained — the offer's effect, not a cost or a price. */
const CLAIMED =
  /(?<![\p{L}])(?:saved|savings?|avoided|recovered|freed|gained|besparing\p{L}*|sparas|sparad\p{L}*|undvik\p{L}*|frigjord\p{L}*|återvunn\p{L}*)(?![\p{L}])/iu
/** A saving on the offer's own price ("save $200 with annual billing", "10 % rabatt") is a discount, not a value. */
const DISCOUNT =
  /(?<![\p{L}])(?:discount\p{L}*|off|billed|billing|plan|subscription|coupon|rabatt\p{L}*|abonnemang\p{L}*|fakturer\p{L}*)(?![\p{L}])/iu
/** A caption's words that make the amount yearly. */
const YEARLY = /(?<![\p{L}])(?:annual(?:ly)?|yearly|per year|a year|\/\s?yr|per år|om året|årlig\p{L}*|\/\s?år)(?![\p{L}])/iu
const MONTHLY = /(?<![\p{L}])(?:monthly|per month|a month|\/\s?mo|per månad|i månaden|månatlig\p{L}*)(?![\p{L}])/iu
const PER_YEAR: Readonly<Record<string, number>> = { week: 52, month: 12, year: 1 }
/** An amount within this share of a stream's yearly value is that stream said again. */
const RESTATED = 0.05
const MAX_CAPTION = 60

const TIMES_A_YEAR: Readonly<Record<Language, string>> = { en: 'Times a year', sv: 'Gånger om året' }

/** The words that caption a figure: the rest of its line, or the next line when the figure ends its own. */
function captionOf(page: TextPage, quantity: Quantity): string {
  const lineEnd = page.text.indexOf('\n', quantity.end)
  const rest = page.text.slice(quantity.end, lineEnd === -1 ? undefined : lineEnd).trim()
  if (/\p{L}{3,}/u.test(rest)) return rest.slice(0, MAX_CAPTION)
  const nextEnd = lineEnd === -1 ? -1 : page.text.indexOf('\n', lineEnd + 1)
  return lineEnd === -1
    ? ''
    : page.text
        .slice(lineEnd + 1, nextEnd === -1 ? undefined : nextEnd)
        .trim()
        .slice(0, MAX_CAPTION)
}

function periodOf(quantity: Quantity, caption: string): number | undefined {
  const key = Object.keys(PER_YEAR).find((unit) => (quantity.unit[unit] ?? 0) === -1)
  if (key !== undefined) return PER_YEAR[key]
  if (YEARLY.test(caption)) return 1
  return MONTHLY.test(caption) ? 12 : undefined
}

export interface ClaimedOptions {
  readonly language: Language
  readonly currency: Currency
  readonly taken: Set<string>
  /** Amounts of the document's own price. */
  readonly priceAmounts: readonly number[]
  /** The yearly values the document's own arithmetic already gives. */
  readonly known: readonly number[]
}

/** The value streams of the amounts a document claims, or undefined when it claims none. */
export function claimedAmounts(
  pages: readonly TextPage[],
  roled: readonly RoledQuantity[],
  options: ClaimedOptions,
): ValueSide | undefined {
  const inputs: ValueInput[] = []
  const streams: ValueStream[] = []
  const same = (a: number, b: number) => Math.abs(a - b) <= RESTATED * Math.max(a, b)
  const seen: number[] = []
  for (const { quantity, role } of roled) {
    // A bare amount per year reads as a recurring price by default; a caption that says it is saved or
    // avoided decides otherwise, but an amount of the document's own price stays its price.
    if (quantity.kind !== 'money' || (role.role === 'price' && role.what !== 'recurring') || quantity.value <= 0) continue
    if (quantity.currency !== undefined && quantity.currency !== options.currency) continue
    const page = pages.find((candidate) => candidate.page === quantity.page)
    const caption = page === undefined ? '' : captionOf(page, quantity)
    if (!CLAIMED.test(caption) || DISCOUNT.test(caption) || options.priceAmounts.some((amount) => same(amount, quantity.value))) continue
    const perYear = periodOf(quantity, caption)
    const yearly = quantity.value * (perYear ?? 1)
    if ([...options.known, ...seen].some((value) => same(value, yearly))) continue
    seen.push(yearly)
    const label = caption.replace(/\s+/gu, ' ').replace(/^[\s:–-]+/u, '')
    const input: ValueInput = {
      name: nameOf(label, options.taken),
      label: label.charAt(0).toUpperCase() + label.slice(1),
      value: quantity.value,
      unit: options.currency,
      kind: 'money',
      stated: statedOf(quantity),
    }
    inputs.push(input)
    if (perYear === undefined) {
      // How often the amount comes is not said: an assumption the seller sets, at once a year.
      const times: ValueInput = {
        name: nameOf(TIMES_A_YEAR[options.language], options.taken),
        label: TIMES_A_YEAR[options.language],
        value: 1,
        unit: '×',
        kind: 'count',
      }
      inputs.push(times)
      streams.push({ label: input.label, formula: `${input.name} * ${times.name}`, yearly })
    } else streams.push({ label: input.label, formula: perYear === 1 ? input.name : `${input.name} * ${literal(perYear)}`, yearly })
  }
  return streams.length === 0 ? undefined : { inputs, streams }
}

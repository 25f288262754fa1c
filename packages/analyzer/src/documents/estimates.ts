// The engagement's total as running text states it when no price table does: a buyer's estimate
// ("the total three year value of BPA obligations to be $100 million", "Vi uppskattar värdet till
// totalt 1 100 000 kr", "Volymen uppskattas till 2 miljoner SEK/år") or an amount requested
// ("Requested Amount: $599,968 over 3 years"). Each becomes a grand total, an estimate where the
// text says so, with the years it covers.
import { scanPage } from '../read/figures.ts'
import type { Figure, ScanOptions } from '../read/figures-types.ts'
import { quoteAround } from '../read/quotes.ts'
import type { LineItem, LinePeriod } from './lines.ts'

export interface EstimatePage {
  readonly page: number
  readonly text: string
  readonly ocr?: true
}

/** Words that make a sentence's amount the engagement's estimated or total value. */
const ESTIMATE =
  /(?<![\p{L}])(?:estimated?\s+(?:\p{L}+\s+){0,2}(?:value|cost|price|volume)|(?:contract|order|agreement|obligations?)\s+value|value\s+of\s+(?:the\s+)?(?:\p{L}+\s+){0,2}(?:contract|agreement|obligations|order)|(?:total|three|two|four|five|\d)[-\s](?:year\s+)?value\s+of|uppskatta\p{L}*|beräknat?\s+(?:\p{L}+\s+){0,2}(?:värde|volym)|kontraktsvärde\p{L}*|avtalsvärde\p{L}*|ordervärde\p{L}*|volymen)(?![\p{L}])/iu
const REQUESTED =
  /(?<![\p{L}])(?:requested amount|amount requested|total (?:project )?budget|sökt belopp|total budget|totalbudget)(?![\p{L}])/iu
const EXPLICIT_ESTIMATE = /estimat|uppskatt|beräkna|expected|anticipated/iu
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
}
/** "over 3 years", "three year value", "(3) calendar years", "under fyra år". */
const YEARS =
  /(?:over|for|during|under|på)\s+(?:a\s+period\s+of\s+)?(\d|one|two|three|four|five|ett|två|tre|fyra|fem)\s*(?:\(\d\)\s*)?(?:calendar\s+)?(?:years|år)|(\d|two|three|four|five)[-\s]year/iu
/** A sentence reaches this far either side of the keyword. */
const REACH = 160

function yearsIn(text: string): number | undefined {
  const match = YEARS.exec(text)
  const word = (match?.[1] ?? match?.[2])?.toLowerCase()
  if (word === undefined) return undefined
  const years = NUMBER_WORDS[word] ?? Number(word)
  return Number.isFinite(years) && years > 1 && years <= 10 ? years : undefined
}

function sentenceAround(text: string, index: number): { start: number; end: number } {
  const before = text.slice(Math.max(0, index - REACH), index)
  const stop = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n'), before.lastIndexOf(':\n'))
  const start = stop === -1 ? Math.max(0, index - REACH) : index - before.length + stop + 1
  const after = text.slice(index, index + REACH)
  const end = after.search(/\.\s|\n\n/u)
  return { start, end: end === -1 ? Math.min(text.length, index + REACH) : index + end + 1 }
}

function periodOf(figure: Figure): LinePeriod {
  return figure.per === 'year' ? 'year' : figure.per === 'month' ? 'month' : 'one-off'
}

/** The estimated or requested totals of a document's running text (one per page at most). */
export function readEstimates(pages: readonly EstimatePage[], options: ScanOptions): LineItem[] {
  const items: LineItem[] = []
  for (const page of pages) {
    const found = [REQUESTED, ESTIMATE].flatMap((pattern) => [...page.text.matchAll(new RegExp(pattern.source, 'giu'))])
    for (const match of found) {
      const { start, end } = sentenceAround(page.text, match.index)
      const sentence = page.text.slice(start, end)
      const money = scanPage(page.page, sentence, options).find(
        (figure) =>
          figure.kind === 'money' &&
          figure.currency !== undefined &&
          figure.value >= 1_000 &&
          !figure.flags.includes('threshold') &&
          figure.start >= match.index - start - 40,
      )
      if (money === undefined || money.currency === undefined) continue
      const years = yearsIn(sentence)
      // A requested amount keeps its name; an estimate is named for what it is, in the document's language.
      const requested = new RegExp(REQUESTED.source, 'iu').test(match[0])
      items.push({
        description: requested ? match[0].replace(/\s+/g, ' ') : options.swedish ? 'Uppskattat värde' : 'Estimated value',
        kind: 'total',
        unitPrice: money.value,
        currency: money.currency,
        period: periodOf(money),
        sign: 1,
        grand: true,
        ...(years === undefined || periodOf(money) !== 'one-off' ? {} : { years }),
        ...(EXPLICIT_ESTIMATE.test(sentence) ? { estimate: true as const } : {}),
        stated: {
          page: page.page,
          quote: quoteAround(page.text, start + money.start, start + money.end),
          ...(page.ocr === true ? { ocr: true as const } : {}),
        },
      })
      break
    }
  }
  return items
}

/** A fee noun in running text, with up to two words that qualify it before ("annual licence fee"). */
const FEE_NOUN =
  /(?:(?:\p{L}+)\s+){0,2}?(?<![\p{L}])(?:fees?|licen[cs]e fees?|subscription|rent|charges?|retainer|avgift\p{L}*|\p{L}+avgift\p{L}*|licens\p{L}*|abonnemang\p{L}*|hyra\p{L}*|arvode\p{L}*)(?:\s+(?:for|för)\s+(?:the\s+)?\p{L}+)?/iu
/** Not the buyer's price although a fee word is near: money saved, lost or at risk, a limit, a penalty. */
const NOT_A_FEE =
  /(?<![\p{L}])(?:sav\p{L}*|lost|loss|risk\p{L}*|revenue|profit|penalt\p{L}*|exceed\p{L}*|maximum|up to|spar\p{L}*|förlor\p{L}*|intäkt\p{L}*|vite|högst|maximalt)(?![\p{L}])/iu

/** Recurring fees stated in running text ("The annual fee for the licence … shall be $150,000 per annum"). */
export function readRecurringFees(pages: readonly EstimatePage[], options: ScanOptions): LineItem[] {
  const items: LineItem[] = []
  // A fee stated once and referred to again ("deduct … from the $150,000 per annum") is one fee.
  const seen = new Set<string>()
  for (const page of pages) {
    for (const money of scanPage(page.page, page.text, options)) {
      if (
        money.kind !== 'money' ||
        money.currency === undefined ||
        (money.per !== 'month' && money.per !== 'year') ||
        money.perEntity !== undefined
      )
        continue
      if (seen.has(`${money.per}|${money.value}`)) continue
      const { start, end } = sentenceAround(page.text, money.start)
      const before = page.text.slice(start, money.start)
      const noun = FEE_NOUN.exec(before)
      if (noun === null || NOT_A_FEE.test(page.text.slice(start, end))) continue
      seen.add(`${money.per}|${money.value}`)
      items.push({
        description: noun[0]
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/^(?:the|a|an|our|den|det|en|ett|vår|vårt)\s+/iu, ''),
        kind: 'fee',
        unitPrice: money.value,
        currency: money.currency,
        period: periodOf(money),
        sign: 1,
        stated: {
          page: page.page,
          quote: quoteAround(page.text, money.start, money.end),
          ...(page.ocr === true ? { ocr: true as const } : {}),
        },
      })
    }
  }
  return items
}

/** "from $997 … up to $3,497 … /mo": a plan range, its ends the cheapest and the dearest plan. */
const PLAN_RANGE =
  /(?<![\p{L}])(?:from|starting at|från)\s+(\S{1,3}\s?[\d][\d\s,.]*)([\s\S]{0,80}?)(?<![\p{L}])(?:up to|upp till)\s+(\S{1,3}\s?[\d][\d\s,.]*)([\s\S]{0,60})/giu
const MONTHLY = /\/\s?mo(?:nth)?(?![\p{L}])|per month|a month|\/\s?mån|per månad|i månaden/iu

/** The plans of a price sheet written as a range ("from $997 / 200 calls included … up to $3,497 / unlimited calls … /mo"). */
export function readPlanRange(pages: readonly EstimatePage[], options: ScanOptions): LineItem[] {
  const items: LineItem[] = []
  for (const page of pages) {
    for (const match of page.text.matchAll(PLAN_RANGE)) {
      if (!MONTHLY.test(`${match[2] ?? ''}${match[4] ?? ''}`)) continue
      const offsets = [match.index + match[0].indexOf(match[1] ?? ''), match.index + match[0].lastIndexOf(match[3] ?? '')]
      offsets.forEach((offset, index) => {
        const money = scanPage(page.page, page.text.slice(offset, offset + 16), options).find(
          (figure) => figure.kind === 'money' && figure.start === 0,
        )
        if (money?.currency === undefined) return
        // The plan's name: the line after its amount ("200 CALLS INCLUDED"), else where it sits in the range.
        const next =
          page.text
            .slice(offset + money.end)
            .split('\n')[1]
            ?.trim() ?? ''
        const named = /\p{L}{3,}/u.test(next) && next.length <= 40
        const name = named ? `Plan: ${next.toLowerCase()}` : index === 0 ? 'Plan from' : 'Plan up to'
        items.push({
          description: name,
          kind: 'alternative',
          unitPrice: money.value,
          currency: money.currency,
          period: 'month',
          sign: 1,
          stated: {
            page: page.page,
            quote: quoteAround(page.text, offset, offset + money.end),
            ...(page.ocr === true ? { ocr: true as const } : {}),
          },
        })
      })
    }
  }
  return items
}

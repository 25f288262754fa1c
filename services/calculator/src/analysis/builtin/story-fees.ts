// The fee and rate rows a no-claim story models (issue 14: "every row of a fee or rate table that
// the story uses is surfaced"). A schedule of recurring fees, one per service, is summed into one
// documented constant whose derivation lists every row; a price list's tiers or rate card's rates
// are alternatives, so one of them is the default and the others are listed as the options.
import type { TimeframePeriod } from '@valueproof/formula'
import { readFeeRows, type FeeRow } from './fee-tables.ts'
import { ASKS_FOR_OFFERS, CEILING, NO_CLAIM_DOCUMENT_WORDS } from './role-words.ts'
import type { RoledFigure } from './roles.ts'
import { PERIOD_CAMEL, TIMEFRAME_OF, periodFactor } from './story-kit.ts'
import { makeTerm, moneyInBase, roundMoney, type DesignContext, type Term, type TermSpec } from './terms.ts'
import type { Period } from './vocabulary.ts'

/** A row of the document's fee tables with the figure the story's roles read for its amount. */
export interface FeeRowFigure {
  readonly row: FeeRow
  readonly entry: RoledFigure
}

export interface FeeRows {
  /** Every row that prices something, in reading order (thresholds, totals and ceilings left out). */
  readonly rows: readonly FeeRowFigure[]
  /** A schedule of recurring fees, one per service ("G1.1.1  Autosys … $10,109" per month): they add up. */
  readonly schedule: readonly FeeRowFigure[]
  /** The document offers prices to choose from; a request for offers, a tender or a grant does not. */
  readonly priceList: boolean
}

/** Rows that name a limit, a sum or a budget rather than a fee. */
const NOT_A_FEE =
  /\b(?:thresholds?|totals?|subtotals?|sum|budget|ceiling|cap|limit|maximum|minimum|requested|award(?:ed)?)\b|tröskel|totalt|totalkostnad|summa|budget|takbelopp|högst|lägst/iu
/** A schedule is this many recurring rows or more; a single fee is a price, not a schedule. */
const MIN_SCHEDULE_ROWS = 2
/** Words of a request for offers, a tender or a grant from this many on (as the story choice counts them). */
const OFFER_REQUEST_WORDS = 2

/** A detail that ends where its figure would start. */
const OPEN_DETAIL = /(?:^|\s)(?:to|up|of|than|till|upp|av|än|för|for)$/iu

const isRecurring = (period: Period | undefined): period is Exclude<Period, 'hour'> => period !== undefined && period !== 'hour'

/** A row that prices something: on a price list a table row is a price whatever role its sentence suggests. */
function pricesSomething(row: FeeRow, entry: RoledFigure, priceList: boolean): boolean {
  const words = [row.label, row.column ?? '', row.group ?? ''].join(' ')
  const listedPrice = priceList && row.layout !== 'phrase'
  const ceiling = !listedPrice && entry.role === 'contractValue' && CEILING.test(entry.clause)
  return entry.figure.kind === 'money' && (entry.role !== 'contractValue' || listedPrice) && !ceiling && !NOT_A_FEE.test(words)
}

function distinctWords(context: DesignContext): Set<string> {
  const words = new Set<string>()
  for (const page of context.reading.pages) for (const word of page.text.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(word)
  return words
}

/** The document's fee rows matched to the roled figures (the same objects, so the evaluation sees them used). */
export function readFeeRowFigures(roled: readonly RoledFigure[], context: DesignContext): FeeRows {
  const byPosition = new Map(roled.map((entry) => [`${entry.figure.page}:${entry.figure.start}`, entry]))
  const priceList =
    NO_CLAIM_DOCUMENT_WORDS.countIn(distinctWords(context)) < OFFER_REQUEST_WORDS &&
    !ASKS_FOR_OFFERS.test(context.reading.pages[0]?.text ?? '')
  const rows: FeeRowFigure[] = []
  for (const row of readFeeRows(context.reading.pages, context.reading.scan)) {
    const entry = byPosition.get(`${row.page}:${row.figure.start}`)
    if (entry !== undefined && pricesSomething(row, entry, priceList)) rows.push({ row, entry })
  }
  const schedule = rows.filter(({ row }) => row.layout === 'row' && isRecurring(row.period) && row.perEntity === undefined)
  return {
    rows,
    schedule: schedule.length >= MIN_SCHEDULE_ROWS ? schedule : [],
    priceList,
  }
}

/** The period most of the schedule's fees are stated for. */
export function schedulePeriod(schedule: readonly FeeRowFigure[]): TimeframePeriod {
  const counts = new Map<TimeframePeriod, number>()
  for (const { row } of schedule) {
    if (!isRecurring(row.period)) continue
    const period = TIMEFRAME_OF[row.period]
    counts.set(period, (counts.get(period) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'monthly'
}

/** "Autosys $10,109 (page 24)": a row as the derivation lists it, with the amount as the document writes it. */
function rowText(row: FeeRow, context: DesignContext): string {
  const written = row.figure.text.replace(/\s+/g, ' ').trim()
  // A deduction keeps its sign: "Deduct for … −$ 1,071.00", never read as a price to add.
  const amount = row.deduction === true ? `−${written}` : written
  // A detail cut short before its number ("for up to") says nothing on its own.
  const detail = row.detail === undefined || OPEN_DETAIL.test(row.detail) ? '' : ` ${row.detail}`
  const page = context.inputKind === 'document' ? ` (${context.texts.pageShort(row.page)})` : ''
  return `${row.label} ${amount}${detail}${page}`
}

/** The conversions the rows' amounts went through, one sentence per currency. */
function conversionNotes(rows: readonly FeeRowFigure[], context: DesignContext): string[] {
  const notes = new Map<string, string>()
  for (const { entry } of rows) {
    const code = entry.figure.currency ?? 'USD'
    const note = moneyInBase(entry.figure, context).note
    if (note !== undefined && !notes.has(code)) notes.set(code, note)
  }
  return [...notes.values()]
}

/** What the schedule's rows add up to per `period`, and the note that lists every row. */
export function scheduleTotal(
  schedule: readonly FeeRowFigure[],
  period: TimeframePeriod,
  context: DesignContext,
): { value: number; note: string } {
  const { texts } = context
  let value = 0
  for (const { row, entry } of schedule) value += moneyInBase(entry.figure, context).value * periodFactor(row.period, period)
  const listing = schedule.map(({ row }) => rowText(row, context)).join('; ')
  const noun = texts.periodNoun(period)
  const document = context.inputKind === 'document'
  const note = texts.say(
    `The sum of the ${schedule.length} fees per ${noun} the ${document ? 'document' : 'description'} lists: ${listing}.`,
    `Summan av de ${schedule.length} avgifter per ${noun} som ${document ? 'dokumentet' : 'beskrivningen'} anger: ${listing}.`,
  )
  return { value: roundMoney(value), note: [note, ...conversionNotes(schedule, context)].join(' ') }
}

/** The schedule's fees per period: a documented constant derived from every row, and the note that lists them. */
export function scheduleTerm(
  schedule: readonly FeeRowFigure[],
  period: TimeframePeriod,
  context: DesignContext,
  priority: number,
): { term: Term; note: string } {
  const { texts } = context
  const { value, note } = scheduleTotal(schedule, period, context)
  const term = makeTerm(
    {
      key: 'fees',
      role: 'price',
      name: `feesPer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Listed fees per ${texts.periodNoun(period)}`, `Listade avgifter per ${texts.periodNoun(period)}`),
      unit: texts.perPeriod(period),
      quantity: 'money',
      assumption: 0,
      priority,
      fixed: true,
      derived: { value, figures: schedule.map(({ entry }) => entry.figure), note },
    },
    undefined,
    context,
  )
  return { term, note }
}

/** How much of the schedule the customer takes: assumed all of it (a factor of one), a slider unless `mustSlide` is false. */
export function shareTerm(context: DesignContext, priority: number, mustSlide: boolean): Term {
  const { texts } = context
  return makeTerm(
    {
      key: 'share',
      role: 'volume',
      name: 'shareOfScheduleTaken',
      label: texts.say('Share of the fee schedule taken', 'Andel av avgiftslistan som tas'),
      unit: '%',
      quantity: 'percent',
      assumption: 100,
      priority,
      mustSlide,
    },
    undefined,
    context,
  )
}

/** The rows that are alternatives to `chosen`: an hourly rate card on its page, or the price list's rows priced like it. */
export function optionsFor(fees: FeeRows, chosen: FeeRowFigure | undefined): FeeRowFigure[] {
  if (chosen === undefined) return []
  const alike = (row: FeeRow): boolean => row.period === chosen.row.period && row.perEntity === chosen.row.perEntity
  if (chosen.row.period === 'hour') return fees.rows.filter(({ row }) => row.page === chosen.row.page && alike(row))
  if (!fees.priceList) return [chosen]
  const options = fees.rows.filter(({ row }) => alike(row) && !fees.schedule.some((scheduled) => scheduled.row === row))
  // The first option is the default: a price, not an amount taken off one.
  return [...options.filter(({ row }) => row.deduction !== true), ...options.filter(({ row }) => row.deduction === true)]
}

/** The row whose amount is `entry`'s figure, if it stands in a fee table. */
export function rowOf(fees: FeeRows, entry: RoledFigure | undefined): FeeRowFigure | undefined {
  return entry === undefined ? undefined : fees.rows.find((candidate) => candidate.entry.figure === entry.figure)
}

/**
 * A price chosen among alternatives: the first option is the default, every option is listed in
 * the term's note (and counts as surfaced), and with one option it is that figure as stated.
 */
export function optionsTerm(spec: TermSpec, options: readonly FeeRowFigure[], context: DesignContext): Term {
  const [first] = options
  if (first === undefined || options.length === 1) return makeTerm(spec, first?.entry.figure, context)
  const { texts } = context
  const money = moneyInBase(first.entry.figure, context)
  const listing = options.map(({ row }) => rowText(row, context)).join('; ')
  const document = context.inputKind === 'document'
  const note = texts.say(
    `The ${document ? 'document' : 'description'} lists ${options.length} options: ${listing}. The first is the default; set the one you choose.`,
    `${document ? 'Dokumentet' : 'Beskrivningen'} anger ${options.length} alternativ: ${listing}. Det första är förvalt; ange det ni väljer.`,
  )
  const scaleNote = spec.scale !== undefined && spec.scale !== 1 ? spec.scaleNote : undefined
  return makeTerm(
    {
      ...spec,
      derived: {
        value: roundMoney(money.value * (spec.scale ?? 1)),
        figures: options.map(({ entry }) => entry.figure),
        note: [note, money.note].filter((part) => part !== undefined).join(' '),
      },
      // The derivation already says how the default was scaled.
      ...(scaleNote === undefined ? {} : { notes: [scaleNote] }),
      scale: 1,
    },
    undefined,
    context,
  )
}

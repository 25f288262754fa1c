// Two levels of the same measure that the text sets side by side, the one of today and the one with
// the offer, are one before→after effect: "capture 10 % today; our clients capture 70 %",
// "churn is 2.1 % a month … customers on our service churn 1.6 % a month", "1 in 5 today, with us 1 in 10".
import { PERIOD_ATOMS, type RoledQuantity } from '../model.ts'
import { OFFER_ACTS, OFFER_THINGS } from '../roles/cues.ts'
import { unicodeWords } from '../read/word-boundary.ts'

const TODAY = /\b(?:today|currently|at\s+present|right\s+now|nowadays)\b|(?<!\p{L})(?:i\s+dag|idag|för\s+närvarande|i\s+nuläget)(?!\p{L})/iu

/**
 * Where the offer is in use, beside OFFER_ACTS' "with us", "med oss": "hos oss", "among our
 * clients", "customers who have used it", "kedjor som kört appen".
 */
const AT_OURS = unicodeWords(
  /\b(?:hos\s+(?:oss|våra)|bland\s+våra|at\s+our|among\s+our|(?:som|who|that)\s+(?:har\s+|have\s+)?(?:kört|kör|använt|använder|infört|used?|run|adopted|switched))\b/iu,
)

/**
 * The entries after one on its page, within `sentences` sentences of it: the only places its level
 * after may stand, so a long document is not searched whole for every level.
 */
function following(roled: readonly RoledQuantity[], entry: RoledQuantity, sentences: number): RoledQuantity[] {
  const found: RoledQuantity[] = []
  for (let index = entry.quantity.index + 1; index < roled.length; index += 1) {
    const other = roled[index]
    if (other === undefined || other.quantity.page !== entry.quantity.page) break
    const distance = other.quantity.sentenceIndex - entry.quantity.sentenceIndex
    if (distance >= 0 && distance <= sentences) found.push(other)
  }
  return found
}

/**
 * "capture only 10 % of those discounts today; our clients capture 70 %": a percentage said of
 * today and the next one said of the offer are the level before and the level after.
 */
export function levelsToday(roled: readonly RoledQuantity[]): Map<number, number> {
  const pairs = new Map<number, number>()
  for (const entry of roled) {
    const { quantity, role } = entry
    if (quantity.kind !== 'percent' || quantity.relation !== undefined || !TODAY.test(entry.of ?? '')) continue
    if (role.role !== 'effect' && !(role.role === 'baseline' && role.what === 'share')) continue
    const after = following(roled, entry, 1).find(
      (other) =>
        other.quantity.kind === 'percent' &&
        other.role.role === 'effect' &&
        (other.role.what === 'uplift' || other.role.what === 'reduction') &&
        other.quantity.sentenceIndex - quantity.sentenceIndex <= 1 &&
        !TODAY.test(other.of ?? ''),
    )
    if (after !== undefined && role.role === 'effect') pairs.set(quantity.index, after.quantity.index)
  }
  return pairs
}

/** The clause a figure is written in: its sentence between the commas and semicolons around it. */
function clauseOf(entry: RoledQuantity): string {
  const { sentence, start, end, sentenceStart } = entry.quantity
  const before = sentence.slice(0, start - sentenceStart)
  const after = sentence.slice(end - sentenceStart)
  const opening = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'))
  const closing = after.search(/[,;]/u)
  return `${before.slice(opening + 1)}${entry.quantity.text}${closing < 0 ? after : after.slice(0, closing)}`
}

const saidOfOffer = (entry: RoledQuantity): boolean => {
  const clause = clauseOf(entry)
  return OFFER_ACTS.test(clause) || OFFER_THINGS.test(clause) || AT_OURS.test(clause)
}

/** A level that compares as a rate: a share per period ("2.1 % a month") or a "1 in 5". */
function levelForm(entry: RoledQuantity): string | undefined {
  const { quantity, role } = entry
  if (role.role !== 'baseline' || quantity.kind !== 'percent') return undefined
  if (quantity.relation?.kind === 'oneIn') return `oneIn ${JSON.stringify(quantity.unit)}`
  if (quantity.relation !== undefined) return undefined
  const perPeriod = Object.entries(quantity.unit).some(
    ([atom, power]) => power === -1 && ['day', 'week', 'month', 'quarter', 'year'].includes(atom),
  )
  return perPeriod ? `rate ${JSON.stringify(Object.entries(quantity.unit).sort())}` : undefined
}

const TODAY_LEVEL = 'today'

/** A customer's share with no period or relation of its own ("Årligt svinn i dag: 18 %"). */
const plainLevel = ({ quantity, role }: RoledQuantity): boolean =>
  role.role === 'baseline' && quantity.kind === 'percent' && quantity.relation === undefined

/** A plain level said of today: "i dag", "today", "currently" in the words before it. */
function todayLevel(entry: RoledQuantity): string | undefined {
  const { quantity } = entry
  return plainLevel(entry) && TODAY.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart)) ? TODAY_LEVEL : undefined
}

/** "Med RFID-spårning vid varje leverans: ca 8 %", "With our booking flow, 5 %": the level with the offer in use. */
function withTheOffer({ quantity }: RoledQuantity): boolean {
  return /^\s*(?:[-•*]\s*)?(?:with|med|using|after|efter)\s/iu.test(quantity.sentence)
}

/**
 * Two customer levels of the same form (a share per period, or a "1 in N"), the first said of
 * today's state and the next, within two sentences, said of the offer in use: the level before and
 * the level after, even when neither is worded as a change. `taken` holds figures other effects use.
 */
export function statedLevels(roled: readonly RoledQuantity[], taken: ReadonlySet<number>): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  const used = new Set(taken)
  for (const before of roled) {
    const form = levelForm(before) ?? todayLevel(before)
    if (form === undefined || used.has(before.quantity.index) || saidOfOffer(before)) continue
    const after = following(roled, before, 2).find(
      (other) =>
        !used.has(other.quantity.index) &&
        (levelForm(other) === form || (form === TODAY_LEVEL && plainLevel(other) && withTheOffer(other))) &&
        other.quantity.value !== before.quantity.value &&
        (saidOfOffer(other) || form === TODAY_LEVEL),
    )
    if (after === undefined) continue
    used.add(before.quantity.index)
    used.add(after.quantity.index)
    pairs.push([before.quantity.index, after.quantity.index])
  }
  return pairs
}

/** "With VendIQ telemetry …", "Expected with sensor-driven routing:", "Med er nya app …": the state with the offer in use. */
const WITH_THE_OFFER = unicodeWords(/\b(?:with|using|after|med|efter)\b/iu)

/** The counted thing of a frequency: "3 times a week" counts whatever the other level counts. */
function frequencyOf(entry: RoledQuantity): { period: string; things: string[] } | undefined {
  const { quantity, role } = entry
  if (role.role !== 'baseline' || quantity.kind !== 'count') return undefined
  const periods = Object.entries(quantity.unit).filter(
    ([atom, power]) => power === -1 && (PERIOD_ATOMS as readonly string[]).includes(atom),
  )
  const things = Object.entries(quantity.unit)
    .filter(([, power]) => power === 1)
    .map(([atom]) => atom)
  const period = periods[0]?.[0]
  return periods.length === 1 && things.length === 1 && period !== undefined ? { period, things } : undefined
}

const TIMES = new Set(['n:time', 'n:gång', 'n:gånger'])

/**
 * "every machine visited 3 times a week. With our telemetry drivers go 2 visits a week": a
 * frequency today and, within two sentences, a different frequency of the same thing a period with
 * the offer in use are the level before and after. "Times" is a frequency of whatever the other counts.
 */
export function frequencyLevels(roled: readonly RoledQuantity[], taken: ReadonlySet<number>): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  const used = new Set(taken)
  for (const before of roled) {
    const form = frequencyOf(before)
    if (form === undefined || used.has(before.quantity.index) || saidOfOffer(before)) continue
    const after = following(roled, before, 2).find((other) => {
      if (used.has(other.quantity.index)) return false
      // "… sex besök per hiss och år; med uppkopplad övervakning räcker tre": a bare number said to suffice.
      const suffices = other.role.role === 'baseline' && Object.keys(other.quantity.unit).length === 0 && SUFFICES.test(clauseOf(other))
      const otherForm = suffices ? form : frequencyOf(other)
      if (otherForm === undefined) return false
      const [thing, otherThing] = [form.things[0] ?? '', otherForm.things[0] ?? '']
      const lead = other.quantity.sentence.slice(0, other.quantity.start - other.quantity.sentenceStart)
      return (
        otherForm.period === form.period &&
        (thing === otherThing || TIMES.has(thing) || TIMES.has(otherThing)) &&
        other.quantity.sentenceIndex - before.quantity.sentenceIndex <= 2 &&
        (other.quantity.sentenceIndex > before.quantity.sentenceIndex || suffices) &&
        other.quantity.value !== before.quantity.value &&
        (saidOfOffer(other) || WITH_THE_OFFER.test(lead) || suffices)
      )
    })
    if (after === undefined) continue
    used.add(before.quantity.index)
    used.add(after.quantity.index)
    pairs.push([before.quantity.index, after.quantity.index])
  }
  return pairs
}

/**
 * The stock a frequency may be implicitly per: things counted with no period, up to three
 * sentences before it ("1,600 containers. Baseline: emptied 3 times a week").
 */
export function stocksBefore(level: RoledQuantity, roled: readonly RoledQuantity[]): Set<string> {
  const nouns = new Set<string>()
  for (const { quantity, role } of roled) {
    if (role.role !== 'baseline' || quantity.kind !== 'count') continue
    const distance = level.quantity.sentenceIndex - quantity.sentenceIndex
    if (distance < 0 || distance > 3) continue
    const atoms = Object.entries(quantity.unit)
    if (atoms.some(([atom]) => (PERIOD_ATOMS as readonly string[]).includes(atom))) continue
    for (const [atom, power] of atoms) if (power > 0 && !TIMES.has(atom)) nouns.add(atom)
  }
  return nouns
}

/** A frequency pair's unit: the counted thing named by whichever level names it, per what either is per. */
export function frequencyUnit(before: RoledQuantity, after: RoledQuantity): Record<string, number> {
  const unit: Record<string, number> = {}
  for (const [atom, power] of [...Object.entries(before.quantity.unit), ...Object.entries(after.quantity.unit)]) {
    if (TIMES.has(atom) || unit[atom] !== undefined) continue
    unit[atom] = power
  }
  const named = Object.values(unit).some((power) => power > 0)
  return named ? unit : { ...unit, 'n:time': 1 }
}

const stems = (text: string): string[] => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((word) => word.slice(0, 5))

/**
 * The counted things a level is a share of: counted in its sentence or the one before ("6 800
 * medlemmar och 2,1 % säger upp sig") or named right after it ("var femte nyanställd säljare").
 * Its chain may be implicitly per those only.
 */
export function nounsNamedWith(level: RoledQuantity, roled: readonly RoledQuantity[]): Set<string> {
  const { sentence, end, sentenceStart, sentenceIndex } = level.quantity
  const rest = sentence.slice(end - sentenceStart)
  const after = new Set(stems(rest.slice(0, Math.max(0, rest.search(/[,;]/u)) || rest.length)))
  const nouns = new Set<string>()
  for (const { quantity, role } of roled) {
    if (role.role !== 'baseline' || quantity.kind !== 'count') continue
    const named = quantity.nounText !== undefined && stems(quantity.nounText).some((stem) => after.has(stem))
    const near = sentenceIndex - quantity.sentenceIndex === 0 || sentenceIndex - quantity.sentenceIndex === 1
    if (!near && !named) continue
    for (const [atom, power] of Object.entries(quantity.unit)) if (power > 0) nouns.add(atom)
  }
  return nouns
}

/** Words that say a smaller amount of the same thing will do: "three days are enough", "tre dagar räcker". */
const SUFFICES = unicodeWords(
  /\b(?:räcker|räcker\s+det\s+med|är\s+tillräckligt|is\s+enough|are\s+enough|suffices?|suffice|will\s+do|would\s+do)\b/iu,
)

/**
 * "städas fem dagar i veckan för 42 000 kr/mån … tre dagar räcker": a frequency today (a count or
 * time per period) and, within two sentences, a smaller one of the same thing said to suffice. The
 * pair changes a cost a period in proportion: (before − after) / before of it.
 */
export function enoughLevels(roled: readonly RoledQuantity[], taken: ReadonlySet<number>): Array<[number, number]> {
  const pairs: Array<[number, number]> = []
  for (const before of roled) {
    const { quantity } = before
    if (before.role.role !== 'baseline' || taken.has(quantity.index) || (quantity.kind !== 'duration' && quantity.kind !== 'count'))
      continue
    const period = Object.entries(quantity.unit).find(([atom, power]) => power === -1 && (PERIOD_ATOMS as readonly string[]).includes(atom))
    if (period === undefined) continue
    const things = Object.entries(quantity.unit).filter(([, power]) => power > 0)
    const after = following(roled, before, 2).find(
      (other) =>
        other.role.role === 'baseline' &&
        !taken.has(other.quantity.index) &&
        other.quantity.kind === quantity.kind &&
        other.quantity.value < quantity.value &&
        // "… räcker tre": a bare number said to suffice counts what the level before counts.
        (things.every(([atom, power]) => other.quantity.unit[atom] === power) || Object.keys(other.quantity.unit).length === 0) &&
        SUFFICES.test(clauseOf(other)),
    )
    if (after !== undefined) pairs.push([quantity.index, after.quantity.index])
  }
  return pairs
}

// What a price (or a time) is per, when the words around it say so rather than a "per" after it:
// "varje påminnelse kostar 0,35 kr", "a deal worth $12,000", "2 besök i timmen à 450 kr", "two an
// hour at $110 each", "each costing $18", "2,500 invoices a month at 12 minutes each", and
// "0,35 kr i stället för de 0,95 kr" (both per reminder).
import { matchAt, sticky } from './figures-text.ts'
import type { MutableFigure } from './figures-types.ts'
import { entityBefore } from './figures-tail.ts'
import { ENTITIES, entityOfWord, type EntityId } from './vocabulary.ts'

/** How far back the words naming a price's unit are read ("varje påminnelse kostar "). */
const LEAD_REACH = 60
/** How far back the count a price "à"/"each" belongs to may stand, within its sentence. */
const COUNT_REACH = 100
/** How far apart two prices compared with "instead of" may stand. */
const COMPARE_REACH = 60

/** Words between the named unit and its price: "kostar", "is worth", "i snitt", "about". */
const FILLERS: ReadonlySet<string> = new Set(
  'kostar kostade costs cost costing is are är worth värd värt of in on at about around approximately roughly cirka ca ungefär i snitt average on pays betalar brings ger generates genererar typically today dag idag'.split(
    ' ',
  ),
)
/** Words that make the noun after them one unit: "varje påminnelse", "a deal", "ett besök", "the average order". */
const DETERMINERS: ReadonlySet<string> = new Set('varje each every per a an one en ett'.split(' '))
const DETERMINER_ADJECTIVES: ReadonlySet<string> = new Set(
  'average typical single genomsnittlig genomsnittliga enda enskild enskilt enskilda vanlig vanligt'.split(' '),
)
/** "à 450 kr", "@ $5". */
const AT_BEFORE = /(?:^|[ \t\u00a0(])(?:à|á|@)[ \t\u00a0]*$/u
/** "each costing $18", "each worth $6,000", "varje till 450 kr". */
const EACH_BEFORE = /(?:^|[^\p{L}])(?:each|varje|var och en)[ \t\u00a0]+(?:costing|worth|at|for|värd|värt|för|till|à)[ \t\u00a0]*$/iu
/** "$110 each", "450 kr styck", "12 kr per styck". */
const EACH_AFTER = sticky('[ \\t\\u00a0]+(?:each|apiece|styck|per styck)(?![\\p{L}])', 'iu')
/** "0,35 kr i stället för de 0,95 kr", "$0.15 instead of the $0.24". */
const COMPARED =
  /^[ \t\u00a0,]*(?:i stället för|istället för|jämfört med|mot|instead of|rather than|compared (?:with|to)|versus|vs\.?)(?:[ \t\u00a0]+(?:the|your|de|det|den|dagens|era|ert|er|current|nuvarande|today's))*[ \t\u00a0]*$/iu

const isUnitPriceCandidate = (figure: MutableFigure): boolean => figure.kind === 'money' && figure.perEntity === undefined
/** "2,500 invoices a month at 12 minutes each": a time per unit of the count before it. */
const isUnitTimeCandidate = (figure: MutableFigure): boolean =>
  (figure.kind === 'minutes' || figure.kind === 'hours') && figure.perEntity === undefined && figure.per === undefined

/** The clause before `index`: back to the last sentence end, at most `reach` characters. */
function sentenceBefore(text: string, index: number, reach: number): string {
  const window = text.slice(Math.max(0, index - reach), index)
  const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '), window.lastIndexOf('\n'))
  return cut === -1 ? window : window.slice(cut + 1)
}

/** "varje påminnelse kostar", "a deal worth", "Ett besök är värt": the unit named just before a price (not staff: "an agent costs $40 an hour" is a wage). */
function namedUnit(before: string, swedish: boolean): EntityId | undefined {
  const words = (before.split(/[,;:]/u).at(-1) ?? '').toLowerCase().match(/\p{L}+/gu) ?? []
  let index = words.length - 1
  while (index >= 0 && FILLERS.has(words[index] ?? '')) index -= 1
  const entity = entityOfWord(words[index] ?? '', swedish)
  if (entity === undefined || ENTITIES[entity].group === 'staff') return undefined
  // "the average order", "en genomsnittlig affär": an adjective that makes it one unit, with any article.
  const previous = words[index - 1] ?? ''
  return DETERMINERS.has(previous) || DETERMINER_ADJECTIVES.has(previous) ? entity : undefined
}

/** The thing counted by the nearest count before `start` in the same sentence, or the last countable noun. */
function countedBefore(text: string, figures: readonly MutableFigure[], start: number, swedish: boolean): EntityId | undefined {
  const clauseStart = start - sentenceBefore(text, start, COUNT_REACH).length
  const count = figures.filter((figure) => figure.kind === 'count' && figure.end <= start && figure.start >= clauseStart).at(-1)
  // A count of a thing no entity names ("tre säkerhetsincidenter … 420 000 kr styck") is still the thing
  // counted; the quantities stage names it, rather than any known noun before ("din IT-chef").
  if (count !== undefined) return count.entity
  return entityBefore(text, start, swedish)
}

function setUnit(figure: MutableFigure, entity: EntityId | undefined): void {
  if (entity !== undefined) figure.perEntity = entity
}

/** Shares the unit of one of two compared prices with the other: "0,35 kr i stället för de 0,95 kr". */
function shareCompared(text: string, money: readonly MutableFigure[]): void {
  for (let index = 0; index + 1 < money.length; index += 1) {
    const first = money[index]
    const second = money[index + 1]
    if (first === undefined || second === undefined || first.currency !== second.currency) continue
    if (second.start - first.end > COMPARE_REACH || !COMPARED.test(text.slice(first.end, second.start))) continue
    const [from, to] = first.perEntity === undefined && first.per === undefined ? [second, first] : [first, second]
    if (to.perEntity === undefined && from.perEntity !== undefined) to.perEntity = from.perEntity
    if (to.per === undefined && from.per !== undefined) to.per = from.per
  }
}

/** "12 minutes each": the unit of the count before, with "each" in the figure's words. */
function eachAfter(text: string, figures: readonly MutableFigure[], figure: MutableFigure, swedish: boolean): void {
  const each = matchAt(EACH_AFTER, text, figure.end)
  if (each === null) return
  setUnit(figure, countedBefore(text, figures, figure.start, swedish))
  if (figure.perEntity === undefined) return
  figure.end = each.index + each[0].length
  figure.text = text.slice(figure.start, figure.end)
}

/** Gives prices the unit their words name (in place); see the file comment. */
export function linkUnitPrices(text: string, figures: readonly MutableFigure[], swedish: boolean): void {
  const sorted = [...figures].sort((a, b) => a.start - b.start)
  for (const figure of sorted) {
    if (isUnitTimeCandidate(figure)) eachAfter(text, sorted, figure, swedish)
    if (!isUnitPriceCandidate(figure)) continue
    const lead = sentenceBefore(text, figure.start, LEAD_REACH)
    const each = matchAt(EACH_AFTER, text, figure.end) !== null
    if (AT_BEFORE.test(lead) || EACH_BEFORE.test(lead) || each) {
      // "each worth $6,000 a year", "à 18 500 kr per dag": a value per period, which stays one.
      if (figure.per !== undefined) continue
      if (each) eachAfter(text, sorted, figure, swedish)
      else setUnit(figure, countedBefore(text, sorted, figure.start, swedish))
    } else {
      setUnit(figure, namedUnit(lead, swedish))
    }
  }
  shareCompared(
    text,
    sorted.filter((figure) => figure.kind === 'money'),
  )
}

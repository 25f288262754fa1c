// "from 12 to 4 minutes", "från 40 till 25 minuter", "from 12% to 8%": the two figures of a change.
// The first is flagged 'fromTo', the second gets `fromValue`; a number whose unit is written only
// after the other ("from 12 to 4 minutes") becomes a figure with that unit, flagged 'pairedUnit'.
import type { MutableFigure } from './figures-types.ts'

/** A number the reader found no unit for; it becomes a figure only as half of a from–to pair. */
export interface BareNumber {
  readonly start: number
  readonly end: number
  readonly value: number
}

const FROM_BEFORE =
  /(?:^|[^\p{L}])(?:from|från)[ \t\u00a0]+(?:(?:about|around|approximately|roughly|cirka|ca\.?|ungefär|omkring)[ \t\u00a0]+)?$/iu
const TO_BETWEEN =
  /^[ \t\u00a0]*(?:to|till|down to|up to|ner till|ned till|upp till|→|->)[ \t\u00a0]+(?:(?:about|around|approximately|roughly|only|just|cirka|ca\.?|ungefär|bara|endast)[ \t\u00a0]+)?$/iu
/** "that drops to", "it falls to", "sjunker till": the level a figure changes to, in the same sentence. */
const DROPS_TO =
  /^[^.!?\d]*(?:drops?|dropping|falls?|goes\s+down|comes\s+down|shrinks?|is\s+cut|sjunker|faller|går\s+ner|minskar)[ \t\u00a0]+(?:to|till)[ \t\u00a0]+(?:(?:about|around|only|just|cirka|ca\.?|bara|endast)[ \t\u00a0]+)?$/iu
const DROPS_REACH = 80
/** "I dag", "today", "currently" just before the first figure of its sentence. */
const TODAY_BEFORE = /(?:^|[^\p{L}])(?:today|currently|right\s+now|i\s+dag|idag|i\s+nuläget)[ \t\u00a0,:]*(?:[\p{L}]+[ \t\u00a0]+){0,3}$/iu
/** ", med roboten", "; with our app it's": the means of the change, then the level. */
const WITH_BETWEEN =
  /^[^.!?\d]{0,24}[,;][ \t\u00a0]*(?:with|using|med|efter|after)[ \t\u00a0]+[^.!?\d,;]{1,30}?(?:[ \t\u00a0]+(?:it's|it\s+is|that's|takes|tar\s+det|blir\s+det|är\s+det|det|blir|är))?[ \t\u00a0]*(?:(?:about|only|just|bara|cirka|ca\.?|runt)[ \t\u00a0]+)?$/iu
/** How far before the first figure "from" may stand, and how long the words between the two may be. */
const FROM_REACH = 40
const BETWEEN_REACH = 40

type Item = { readonly start: number; readonly end: number } & ({ figure: MutableFigure } | { bare: BareNumber })

function withUnitOf(model: MutableFigure, bare: BareNumber, text: string): MutableFigure {
  const figure: MutableFigure = {
    ...model,
    value: bare.value,
    start: bare.start,
    end: bare.end,
    text: text.slice(bare.start, bare.end),
    flags: ['pairedUnit'],
  }
  delete figure.low
  delete figure.high
  delete figure.fromValue
  return figure
}

function comparable(first: MutableFigure, second: MutableFigure): boolean {
  return first.kind === second.kind && first.currency === second.currency
}

/** "from $0.62 to $0.47 per mile", "från 15 % till 11 % per år": the first figure's unit is written after the second. */
function shareUnit(from: MutableFigure, to: MutableFigure): void {
  const perEntity = from.perEntity === undefined && to.perEntity !== undefined
  const per = from.per === undefined && to.per !== undefined
  if (perEntity) from.perEntity = to.perEntity
  if (per) from.per = to.per
  if (perEntity || per) from.flags = [...from.flags, 'pairedUnit']
}

/** Links the from–to pairs among `figures` (in place) and returns the figures made from bare numbers. */
export function linkFromTo(text: string, figures: readonly MutableFigure[], bare: readonly BareNumber[]): MutableFigure[] {
  const items: Item[] = [
    ...figures.map((figure) => ({ start: figure.start, end: figure.end, figure })),
    ...bare.map((number) => ({ start: number.start, end: number.end, bare: number })),
  ].sort((a, b) => a.start - b.start)
  const added: MutableFigure[] = []
  for (let index = 0; index + 1 < items.length; index += 1) {
    const first = items[index]
    const second = items[index + 1]
    if (first === undefined || second === undefined) continue
    const between = text.slice(first.end, second.start)
    // "Trucks wait 75 minutes at your docks; with slot booking that drops to 20": the level after, unit unwritten.
    const figureThenBare = 'figure' in first && 'bare' in second && between.length <= DROPS_REACH
    const dropsTo = figureThenBare && DROPS_TO.test(between)
    // "I dag 380 prover per skift, med roboten 520": today's level, then the level with the offer.
    const todayThenWith =
      figureThenBare && TODAY_BEFORE.test(text.slice(Math.max(0, first.start - FROM_REACH), first.start)) && WITH_BETWEEN.test(between)
    if (!dropsTo && !todayThenWith) {
      if (second.start - first.end > BETWEEN_REACH || !TO_BETWEEN.test(between)) continue
      if (!FROM_BEFORE.test(text.slice(Math.max(0, first.start - FROM_REACH), first.start))) continue
    }
    let from: MutableFigure
    let to: MutableFigure
    if ('figure' in first && 'figure' in second) {
      if (!comparable(first.figure, second.figure)) continue
      from = first.figure
      to = second.figure
      shareUnit(from, to)
    } else if ('bare' in first && 'figure' in second) {
      from = withUnitOf(second.figure, first.bare, text)
      to = second.figure
      added.push(from)
    } else if ('figure' in first && 'bare' in second) {
      from = first.figure
      to = withUnitOf(first.figure, second.bare, text)
      added.push(to)
    } else {
      continue
    }
    from.flags = [...from.flags, 'fromTo']
    to.fromValue = from.value
  }
  return added
}

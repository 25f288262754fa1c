// A cost the text says disappears altogether, beside the story's main claim: "late-payment fees add
// $1,200 a month … and late fees disappear". It is added to the value in full — the text claims all
// of it — and only when a sentence saying so names the same thing as the cost's own sentence.
import type { RoledFigure } from './roles.ts'
import { PERIOD_CAMEL, isPerPeriod, periodFactor, rescaleNote, type Design } from './story-kit.ts'
import { makeTerm, type DesignContext } from './terms.ts'

/** "disappear", "are eliminated", "no more", "försvinner", "elimineras". */
const GONE = /\b(?:disappear\p{L}*|eliminat\p{L}*|vanish\p{L}*|go away|goes away|no longer|försvinner|elimineras|upphör|slipper)\b/iu

/** Words that name a thing (four letters or more), lower-case, without the claim words themselves. */
function namingWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? []
  return new Set(words.filter((word) => !GONE.test(word)))
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/u)
}

/** The cost figure a "… disappear" sentence names, when the design does not use it already. */
function avoidedCost(design: Design, roled: readonly RoledFigure[], context: DesignContext): RoledFigure | undefined {
  const gone = context.reading.pages.flatMap((page) => sentencesOf(page.text)).filter((sentence) => GONE.test(sentence))
  if (gone.length === 0) return undefined
  const used = new Set(design.terms.flatMap((term) => term.figures))
  return roled.find((entry) => {
    if (entry.role !== 'baseline' || entry.figure.kind !== 'money' || !isPerPeriod(entry) || used.has(entry.figure)) return false
    const named = namingWords(entry.clause)
    return gone.some((sentence) => [...namingWords(sentence)].some((word) => named.has(word) && sentence !== entry.clause))
  })
}

/** The design with a cost the text says disappears added to its value; the design itself otherwise. */
export function withAvoidedCost(design: Design, roled: readonly RoledFigure[], context: DesignContext): Design {
  if (design.noValueClaim || design.valueType !== 'moneySaved') return design
  const cost = avoidedCost(design, roled, context)
  if (cost === undefined) return design
  const { texts } = context
  const { period } = design
  const note = rescaleNote(context, cost.figure.per, period)
  const avoided = makeTerm(
    {
      key: 'avoided',
      role: 'baseline',
      name: `avoidedCostPer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Costs avoided per ${texts.periodNoun(period)}`, `Undvikna kostnader per ${texts.periodNoun(period)}`),
      unit: texts.perPeriod(period),
      quantity: 'money',
      assumption: 0,
      priority: 5,
      scale: periodFactor(cost.figure.per, period),
      ...(note === undefined ? {} : { scaleNote: note }),
    },
    cost.figure,
    context,
  )
  return {
    ...design,
    terms: [...design.terms, avoided],
    formula: (n) => `${design.formula(n)} + ${n.avoided}`,
    explain: (p) => `${design.explain(p).replace(/\.$/u, '')} + ${p.avoided}.`,
    metrics: (n) =>
      design
        .metrics(n)
        .map((metric) => (metric.name === 'valuePerPeriod' ? { ...metric, formula: `${metric.formula} + ${n.avoided}` } : metric)),
  }
}

// A calculator's name says the value it shows, in its language: "Time saved for site managers",
// "Sänkta kostnader för lastbilar" — from the model's first stream and the figures it uses, never
// a document's address line or a bare "ROI Calculator".
import type { ComposedModel } from '../compose/compose.ts'
import type { AnalysisInput } from '../types.ts'
import type { Input } from './inputs.ts'
import { thingOf } from './labels.ts'
import { explainTexts } from './texts.ts'

export function calculatorNameFor(model: ComposedModel, inputs: readonly Input[], analysis: AnalysisInput): string {
  const texts = explainTexts(analysis.language)
  const [stream] = model.streams
  if (stream === undefined) return texts.namePrefix.generic
  const refs = [...stream.effect, ...stream.chain.map((factor) => factor.ref)]
  const quantities = refs
    .flatMap((ref) => (typeof ref === 'number' ? [model.quantities[ref]?.quantity] : []))
    .filter((quantity) => quantity !== undefined)
  const time = quantities.some((quantity) => quantity.kind === 'duration' && (quantity.unit.hour ?? 0) > 0)
  const kind = stream.valueType === 'gain' ? texts.namePrefix.revenue : time ? texts.namePrefix.time : texts.namePrefix.cost
  // The thing the customer counts most of in the chain: its people, trucks, stores.
  const counted = quantities
    .filter((quantity) => quantity.kind === 'count' && quantity.nounText !== undefined)
    .sort((a, b) => b.value - a.value)
  // A count of things, per period or not ("18 000 sidor i månaden"), never a rate of one thing per another.
  const plain = counted.filter((quantity) =>
    Object.entries(quantity.unit).every(([atom, power]) => power > 0 || ['day', 'week', 'month', 'quarter', 'year'].includes(atom)),
  )
  const subject = counted.find((quantity) => quantity.unit.person !== undefined) ?? plain[0]
  // Lower case unless the seller wrote an acronym ("FTE", "SKU").
  const nounText =
    subject?.nounText === undefined
      ? undefined
      : subject.nounText.replace(/\p{L}+/gu, (word) => (/^\p{Lu}{2,}s?$/u.test(word) ? word : word.toLowerCase()))
  void inputs
  if (nounText !== undefined && nounText.length <= 40) return `${kind} ${texts.forWord} ${nounText}`
  // No one counted: what the streams are about ("Cost savings: in-house cleaners, sick days").
  const things = [...model.streams]
    .sort((a, b) => b.yearly - a.yearly)
    .map((each) =>
      [...each.effect, ...each.chain.map((factor) => factor.ref)].map((ref) =>
        typeof ref === 'number' ? model.quantities[ref] : undefined,
      ),
    )
    .map((entries) =>
      entries.map((entry) => (entry === undefined ? undefined : thingOf(entry))).find((thing) => thing !== undefined && thing.length <= 30),
    )
    .filter((thing): thing is string => thing !== undefined)
  const distinct = [...new Set(things)].slice(0, 2)
  return distinct.length === 0 ? kind : `${kind}: ${distinct.join(', ')}`
}

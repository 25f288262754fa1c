// A document's calculator: what the pipeline composed from its pages when it claims value (with the
// document's price when the pipeline found none), else the honest calculator of its domain (also
// when the pipeline's only streams are costs it read as replaced: see value-claim.ts).
import type { CalculatorDataInput } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import { explainModel } from '../explain/calculator.ts'
import type { AnalysisInput } from '../types.ts'
import { isOfferPrice, withDocumentPrice } from './attach-price.ts'
import { documentCalculator } from './document-calculator.ts'
import type { DocumentSide } from './document-side.ts'
import type { DocumentPrice } from './price-side.ts'
import { claimsValue } from './value-claim.ts'

export function documentDraft(side: DocumentSide, model: ComposedModel, analysis: AnalysisInput): CalculatorDataInput {
  if (!claimsValue(model))
    return documentCalculator({ side, quantities: model.quantities.map((entry) => entry.quantity), roled: model.quantities, analysis })
  const explained = explainModel(model, analysis)
  return side.price !== undefined && isOfferPrice(side.price) && !pricesTheValue(side.price, model)
    ? withDocumentPrice(explained, side.price, analysis)
    : explained
}

/** Whether the document's price is made of figures the value streams use ("An analyst costs $55 per hour" is the customer's cost). */
function pricesTheValue(price: DocumentPrice, model: ComposedModel): boolean {
  const used = model.streams.flatMap((stream) => [...stream.effect, ...stream.chain.map((factor) => factor.ref)])
  const quantities = used
    .flatMap((ref) => (typeof ref === 'number' ? [model.quantities[ref]?.quantity] : []))
    .filter((quantity) => quantity !== undefined)
  return price.inputs.some(
    (input) =>
      input.stated !== undefined &&
      quantities.some((quantity) => input.stated?.quote.includes(quantity.text) === true && quantity.kind === 'money'),
  )
}

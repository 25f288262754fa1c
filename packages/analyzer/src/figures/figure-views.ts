// What the figures panel shows of a build (issue 36): every figure read, with its quote, page and
// role, whether the calculator uses it, and the value streams with their kind and value per year.
import type { CalculatorData } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import { quoteAround, MAX_QUOTE } from '../read/quotes.ts'
import { calculatorFromFigures, composeFigures, type FigureChoices, type FigureReading } from './reading.ts'
import { sellerRoleOf, type SellerRole } from './seller-roles.ts'
import { streamKey, streamKindOf, type StreamKind } from './stream-choices.ts'

export interface FigureView {
  /** The figure's index in the reading: the key of the seller's choice. */
  readonly index: number
  /** The figure as written ("$65/hour", "30 %"). */
  readonly text: string
  /** The passage around it. */
  readonly quote: string
  /** The page it is on (documents). */
  readonly page?: number
  /** Its role now: the seller's when chosen, else the analyzer's. */
  readonly role: SellerRole
  /** The role the analyzer gave it. */
  readonly suggested: SellerRole
  /** The calculator uses it (in a value stream or the price). */
  readonly used: boolean
}

export interface StreamView {
  readonly key: string
  readonly kind: StreamKind
  /** Its gross value per year at the defaults, in the calculator's currency. */
  readonly yearly: number
  /** The reading's figures it is made of. */
  readonly figures: readonly number[]
}

export interface FigureBuild {
  readonly calculatorData: CalculatorData
  readonly figures: readonly FigureView[]
  readonly streams: readonly StreamView[]
}

function usedIndices(model: ComposedModel): Set<number> {
  const refs = [
    ...model.streams.flatMap((stream) => [...stream.effect, ...stream.chain.map((factor) => factor.ref)]),
    ...model.price.flatMap((term) => term.factors.map((factor) => factor.ref)),
  ]
  return new Set(refs.filter((ref): ref is number => typeof ref === 'number'))
}

const firstGuesses = new WeakMap<FigureReading, ComposedModel>()

/** The model the analyzer composed before any choice of the seller's, once per reading. */
function firstGuess(reading: FigureReading, choices: FigureChoices, model: ComposedModel): ComposedModel {
  const known = firstGuesses.get(reading)
  if (known !== undefined) return known
  const guess = Object.keys(choices).length === 0 ? model : composeFigures(reading)
  firstGuesses.set(reading, guess)
  return guess
}

/** The calculator of a reading under the seller's choices, with what the panel shows of it. */
export function buildFromFigures(reading: FigureReading, choices: FigureChoices = {}): FigureBuild {
  const { model, calculatorData } = calculatorFromFigures(reading, choices)
  const used = usedIndices(model)
  const document = reading.input.kind === 'document'
  const first = firstGuess(reading, choices, model)
  const figures = reading.roled.map(({ quantity, role: read }): FigureView => {
    const chosen = choices.roles?.[String(quantity.index)]
    // The role the composition settled on: a closing amount read as the price is the price.
    const role = first.quantities[quantity.index]?.role ?? read
    const offset = quantity.start - quantity.sentenceStart
    return {
      index: quantity.index,
      text: quantity.text,
      quote: quoteAround(quantity.sentence, offset, quantity.end - quantity.sentenceStart).slice(0, MAX_QUOTE),
      ...(document ? { page: quantity.page } : {}),
      role: chosen ?? sellerRoleOf(role),
      suggested: sellerRoleOf(role),
      used: used.has(quantity.index),
    }
  })
  const kinds = choices.streamKinds ?? {}
  const streams = model.streams.map((stream): StreamView => {
    const key = streamKey(stream)
    const refs = [...stream.effect, ...stream.chain.map((factor) => factor.ref)]
    return {
      key,
      kind: kinds[key] ?? streamKindOf(stream, model),
      yearly: stream.yearly,
      figures: refs.filter((ref): ref is number => typeof ref === 'number' && ref < reading.roled.length),
    }
  })
  return { calculatorData, figures, streams }
}

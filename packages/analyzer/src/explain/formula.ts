// The formula text: the sum of the streams (gross value per year) and the price per year, each a
// product of the inputs in their base units, written so a seller can read it.
import type { ComposedModel } from '../compose/compose.ts'
import type { Factor, GainPart, Stream } from '../model.ts'
import type { Input } from './inputs.ts'

/** A number as formula text, without binary noise ("0.0329", "12"). */
export function literal(value: number): string {
  const text = String(Number(value.toPrecision(6)))
  return text.includes('e') ? value.toFixed(6) : text
}

function scaled(input: Input): string {
  if (input.scale === 1) return input.name
  if (input.scale === 0.01) return `${input.name} / 100`
  if (Math.abs(input.scale - 1 / 60) < 1e-12) return `${input.name} / 60`
  return input.scale < 1 ? `${input.name} / ${literal(1 / input.scale)}` : `${input.name} * ${literal(input.scale)}`
}

function term(inputs: ReadonlyMap<number | string, Input>, ref: number | string): string {
  const input = inputs.get(ref)
  if (input === undefined) throw new Error(`no input for ${String(ref)}`)
  const text = scaled(input)
  return text === input.name ? text : `(${text})`
}

function factorText(inputs: ReadonlyMap<number | string, Input>, factor: Factor): { text: string; divide: boolean } {
  const base = factor.minus === undefined ? term(inputs, factor.ref) : `(${term(inputs, factor.ref)} - ${term(inputs, factor.minus)})`
  return { text: base, divide: factor.exponent === -1 }
}

function effectText(inputs: ReadonlyMap<number | string, Input>, stream: Stream, model: ComposedModel): string | undefined {
  const [first, second] = stream.effect
  if (first === undefined) return undefined
  const quantity = model.quantities[first]?.quantity
  switch (stream.effectWhat) {
    case 'beforeAfter': {
      if (second === undefined) return term(inputs, first)
      const throughput = quantity?.kind === 'count' && (quantity.unit.hour ?? 0) < 0 && stream.output !== true
      if (throughput) return `(1 / ${term(inputs, first)} - 1 / ${term(inputs, second)})`
      const beforeValue = model.valueOf(first)
      const afterValue = model.valueOf(second)
      return beforeValue >= afterValue
        ? `(${term(inputs, first)} - ${term(inputs, second)})`
        : `(${term(inputs, second)} - ${term(inputs, first)})`
    }
    case 'points':
      if (second === undefined) return term(inputs, first)
      return model.valueOf(first) >= model.valueOf(second)
        ? `(${term(inputs, first)} - ${term(inputs, second)})`
        : `(${term(inputs, second)} - ${term(inputs, first)})`
    case 'multiplier':
      return `(1 - 1 / ${inputs.get(first)?.name ?? ''})`
    case 'uplift':
      return quantity?.kind === 'multiplier' ? `(${inputs.get(first)?.name ?? ''} - 1)` : term(inputs, first)
    case 'remaining':
      return `(1 - ${term(inputs, first)})`
    case 'replace':
      // A cost replaced whole is its chain's first factor when the chain was built from it.
      return quantity?.kind === 'percent' || !stream.chain.some((factor) => factor.ref === first) ? term(inputs, first) : undefined
    default:
      return term(inputs, first)
  }
}

/** One stream's value per year as formula text. */
export function streamFormula(stream: Stream, inputs: ReadonlyMap<number | string, Input>, model: ComposedModel): string {
  const multiplied: string[] = []
  const divided: string[] = []
  const effect = effectText(inputs, stream, model)
  if (effect !== undefined) multiplied.push(effect)
  for (const factor of stream.chain) {
    const { text, divide } = factorText(inputs, factor)
    ;(divide ? divided : multiplied).push(text)
  }
  if (Math.abs(stream.conversion - 1) > 1e-12) multiplied.push(literal(stream.conversion))
  const product = multiplied.length === 0 ? '0' : multiplied.join(' * ')
  return divided.length === 0 ? product : `${product} / ${divided.length === 1 ? divided[0] : `(${divided.join(' * ')})`}`
}

/** The recurring price per year (or per month, `periodsPerYear` 12) as formula text, or undefined without one. */
export function priceFormula(model: ComposedModel, inputs: ReadonlyMap<number | string, Input>, periodsPerYear = 1): string | undefined {
  const parts = model.price
    .filter((priceTerm) => priceTerm.period === 'year')
    .map((priceTerm) => {
      const factors = priceTerm.factors.map((factor) => term(inputs, factor.ref))
      const conversion = priceTerm.conversion / periodsPerYear
      if (Math.abs(conversion - 1) > 1e-12) factors.push(literal(conversion))
      // A share of the gain is taken of the streams' value, so it moves with every input they use.
      if (priceTerm.ofGain !== undefined) factors.push(`(${gainFormula(priceTerm.ofGain, model, inputs)})`)
      return factors.join(' * ')
    })
  return parts.length === 0 ? undefined : parts.join(' + ')
}

/** The value a share of the gain is taken of: each stream's formula, divided by the margins that make it sales. */
function gainFormula(parts: readonly GainPart[], model: ComposedModel, inputs: ReadonlyMap<number | string, Input>): string {
  const texts = parts.flatMap((part) => {
    const stream = model.streams[part.stream]
    if (stream === undefined) return []
    const value = streamFormula(stream, inputs, model)
    return [part.divideBy.length === 0 ? value : `(${value}) / (${part.divideBy.map((ref) => term(inputs, ref)).join(' * ')})`]
  })
  return texts.length === 0 ? '0' : texts.join(' + ')
}

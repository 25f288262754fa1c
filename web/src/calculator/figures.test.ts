import { calculatorDataSchema } from '@valueproof/formula'
import { SELLER_ROLES, STREAM_KINDS } from '@valueproof/analyzer'
import { FIGURE_ROLES, VALUE_STREAM_KINDS, figureChoicesSchema } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { hasChoices, keptChoices, rebuiltConfig, withAddedStream, withoutStream, withRole } from './figures.ts'

const base = calculatorDataSchema.parse({
  name: 'Cost savings',
  formula: 'hours * rate',
  parameters: [
    { name: 'hours', label: 'Hours', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'rate', label: 'Rate', min: 0, max: 100, step: 1, defaultValue: 50 },
  ],
  baseCurrency: 'USD',
  price: { amount: 100, period: 'month', source: { kind: 'description', quote: 'It costs $100 a month.' } },
})

describe('the seller’s choices over the figures', () => {
  it('drops a role set back to the analyzer’s own, so the choices stay what the seller changed', () => {
    const chosen = withRole({}, 3, 'cost', 'price')
    expect(chosen.roles).toEqual({ 3: 'cost' })
    expect(hasChoices(withRole(chosen, 3, 'price', 'price'))).toBe(false)
  })

  it('removes an added stream by its place and a stream of the text by its key', () => {
    const added = withAddedStream(withAddedStream({}, 'time'), 'custom')
    expect(withoutStream(added, 'any', 0).addedStreams).toEqual(['custom'])
    expect(withoutStream({}, '1>2*3', undefined).removedStreams).toEqual(['1>2*3'])
  })
})

describe('a rebuilt calculator stays the seller’s', () => {
  it('keeps an entered price and a name the seller gave, and takes the rebuild’s name otherwise', () => {
    const entered = {
      ...base,
      name: 'Our offer for Acme',
      price: { amount: 900, period: 'month' as const, setup: undefined, formula: undefined, source: { kind: 'entered' as const } },
    }
    const rebuilt = { ...base, name: 'Time saved' }
    expect(rebuiltConfig(rebuilt, entered, ['Cost savings'])).toMatchObject({ name: 'Our offer for Acme', price: { amount: 900 } })
    expect(rebuiltConfig(rebuilt, base, ['Cost savings'])).toMatchObject({ name: 'Time saved', price: { amount: 100 } })
  })
})

describe('kept choices', () => {
  it('are what the calculator service accepts, in the analyzer’s own words', () => {
    expect([...FIGURE_ROLES]).toEqual([...SELLER_ROLES])
    expect([...VALUE_STREAM_KINDS]).toEqual([...STREAM_KINDS])
    const kept = keptChoices({ roles: { 4: 'cost' }, addedStreams: ['custom'] }, 'a * b', 'Value')
    expect(figureChoicesSchema.parse(kept)).toEqual({
      choices: { roles: { 4: 'cost' }, addedStreams: ['custom'] },
      formula: 'a * b',
      name: 'Value',
    })
  })
})

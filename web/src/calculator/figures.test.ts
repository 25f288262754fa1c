import { calculatorDataSchema } from '@valueproof/formula'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hasChoices, rebuiltConfig, storeChoices, storedChoices, withAddedStream, withoutStream, withRole } from './figures.ts'

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
  const items = new Map<string, string>()
  beforeEach(() => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      },
    })
  })
  afterEach(() => {
    items.clear()
    vi.unstubAllGlobals()
  })

  it('keeps the choices with the formula they built, and reads junk as none', () => {
    storeChoices('abc', { choices: { roles: { 1: 'none' } }, formula: 'a * b', name: 'Value' })
    expect(storedChoices('abc')).toEqual({ choices: { roles: { 1: 'none' } }, formula: 'a * b', name: 'Value' })
    items.set('valueproof.figureChoices.abc', '{not json')
    expect(storedChoices('abc')).toEqual({ choices: {}, formula: '' })
    storeChoices('abc', { choices: {}, formula: 'x' })
    expect(items.has('valueproof.figureChoices.abc')).toBe(false)
  })
})

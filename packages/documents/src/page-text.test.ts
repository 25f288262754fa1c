import { describe, expect, it } from 'vitest'
import { isResourceExhaustion, normalizePageText } from './page-text.mjs'

describe('normalizePageText', () => {
  it('keeps line breaks and table tabs, folds runs of spaces and trims lines', () => {
    expect(normalizePageText('  Service \t  Monthly fee  \r\nIT support\u00a0\u00a0 1\u00a0250 USD   \rEnd ')).toBe(
      'Service\tMonthly fee\nIT support 1 250 USD\nEnd',
    )
  })

  it('drops NUL and control characters, turning vertical tab and form feed into line breaks', () => {
    expect(normalizePageText('Fee\u0000: 95\u0007 EUR\u000bper hour\u000cNext')).toBe('Fee: 95 EUR\nper hour\nNext')
  })

  it('keeps at most one blank line in a row', () => {
    expect(normalizePageText('\n\nScope\n\n\n\n\nPrice\n \n \nTerms\n\n')).toBe('Scope\n\nPrice\n\nTerms')
  })
})

describe('isResourceExhaustion', () => {
  it('tells running out of memory or stack from damaged data', () => {
    expect(isResourceExhaustion(new RangeError('Array buffer allocation failed'))).toBe(true)
    expect(isResourceExhaustion(new RangeError('Maximum call stack size exceeded'))).toBe(true)
    expect(isResourceExhaustion(new RangeError('Invalid typed array length: -4'))).toBe(false)
    expect(isResourceExhaustion(new Error('Array buffer allocation failed'))).toBe(false)
  })
})

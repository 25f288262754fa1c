// Issue 36: a Swedish calculator writes its numbers the Swedish way everywhere it is shown — the
// generator screen (which fixes en-US for English calculators, SPEC §9), the proposal page, its
// payback chart and its PDF: "4,8 månader", "2 231,8 %", "Mindre än 0,1 månader", "345 600 kr",
// an axis in "tkr", and "Återbetald på mindre än 0,1 månader" in lower case mid-sentence.
import { describe, expect, it } from 'vitest'
import { validateCalculatorData, type CalculatorDataInput } from '../calculator/calculator-data.ts'
import { calculatorTexts } from '../calculator/calculator-texts.ts'
import { createCalculator } from '../calculator/calculator.ts'
import { GENERATOR_SCREEN_LOCALE } from '../money/money-format.ts'
import { calculatorFigures } from './calculator-figures.ts'
import { formatInputValue, formatPayback, formatPercent, paybackStatement } from './figure-format.ts'
import { compactMoneyFormatter, moneyDisplayOf } from './money-display.ts'
import { proposalTexts } from './proposal-texts.ts'

// ICU writes no-break spaces in sv-SE (and U+2212 for minus); the page shows them as spaces.
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-')
}

function calculatorOf(input: CalculatorDataInput) {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

/** tests/e2e/pages.ts's SWEDISH_CALCULATOR: 18 000 pages a month at 1,60 kr, so 28 800 kr a month. */
const SWEDISH: CalculatorDataInput = {
  name: 'Fakturautskick',
  formula: 'sidor * besparingPerSida',
  parameters: [
    { name: 'sidor', label: 'Sidor per månad', min: 0, max: 50000, step: 100, defaultValue: 18000, unit: 'sidor' },
    { name: 'besparingPerSida', label: 'Besparing per sida', min: 0, max: 10, step: 0.1, defaultValue: 1.6, unit: 'kr' },
  ],
  baseCurrency: 'SEK',
  baseTimeframe: 'monthly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  language: 'sv',
}

/** A value calculator whose highlighted key metric is a percentage with a decimal: (233 180 − 10 000) / 10 000 = 2 231,8 %. */
const SWEDISH_VALUE: CalculatorDataInput = {
  name: 'Avkastning',
  formula: '',
  calculatorType: 'value',
  baseCurrency: 'SEK',
  language: 'sv',
  parameters: [],
  valueFields: [
    { name: 'kostnad', label: 'Kostnad', defaultValue: 10000, calculated: false, unit: 'kr' },
    { name: 'vinst', label: 'Vinst', defaultValue: 233180, calculated: false, unit: 'kr' },
    { name: 'avkastning', label: 'Avkastning', calculated: true, formula: '(vinst - kostnad) / kostnad * 100', unit: '%', highlight: true },
  ],
}

function figureValues(input: CalculatorDataInput, moneyLocale?: string): Record<string, string> {
  const data = calculatorOf(input)
  const figures = calculatorFigures(
    createCalculator(data).compute(),
    data,
    moneyDisplayOf(data, undefined, moneyLocale),
    calculatorTexts(data.language),
  )
  return Object.fromEntries([...figures.main, ...figures.more].map((figure) => [figure.key, plain(figure.value)]))
}

describe('a Swedish calculator’s figures', () => {
  it.each([
    ['the proposal page and the PDF', undefined],
    ['the generator screen', GENERATOR_SCREEN_LOCALE],
  ])('on %s: money in kronor, months and percentages with the Swedish decimal comma', (_screen, moneyLocale) => {
    // SPEC §9's estimate: the cost is 40 % of the yearly 345 600 kr, paid back in 0,4 × 12 = 4,8 months.
    expect(figureValues(SWEDISH, moneyLocale)).toMatchObject({
      monthly: '28 800 kr',
      yearly: '345 600 kr',
      'three-year': '1 036 800 kr',
      payback: '4,8 månader',
    })
    expect(figureValues(SWEDISH_VALUE, moneyLocale)).toEqual({ avkastning: '2 231,8 %' })
  })

  it('an English calculator on the generator screen keeps SPEC §9’s en-US format', () => {
    expect(figureValues({ ...SWEDISH, language: 'en' }, GENERATOR_SCREEN_LOCALE)).toMatchObject({
      yearly: 'SEK 345,600',
      payback: '4.8 months',
    })
    expect(figureValues({ ...SWEDISH_VALUE, language: 'en' }, GENERATOR_SCREEN_LOCALE)).toEqual({ avkastning: '2,231.8%' })
  })

  it('writes a percentage input with a space before % in Swedish, none in English', () => {
    expect(plain(formatInputValue(2231.8, '%', 'sv-SE'))).toBe('2 231,8 %')
    expect(formatInputValue(2231.8, '%', 'en-US')).toBe('2,231.8%')
    expect(plain(formatPercent(2231.8, 'sv-SE'))).toBe('2 232 %')
  })
})

describe('a Swedish payback', () => {
  const sv = calculatorTexts('sv')
  const en = calculatorTexts('en')

  it('says "Mindre än 0,1 månader" alone and "mindre än" mid-sentence', () => {
    const quick = { paidBack: true, months: 0.017 }
    expect(formatPayback(quick, sv, 'sv-SE')).toBe('Mindre än 0,1 månader')
    expect(formatPayback(quick, sv, 'sv-SE', { midSentence: true })).toBe('mindre än 0,1 månader')
    expect(formatPayback(quick, en, 'en-US', { midSentence: true })).toBe('less than 0.1 months')
    const slow = { paidBack: true, months: 200 }
    expect(formatPayback(slow, sv, 'sv-SE')).toBe('Mer än 10 år')
    expect(formatPayback(slow, sv, 'sv-SE', { midSentence: true })).toBe('mer än 10 år')
  })

  it('is one phrase after "Återbetald på", and its own label when it never pays back', () => {
    const texts = proposalTexts('sv')
    expect(paybackStatement({ paidBack: true, months: 0.017 }, texts, sv, 'sv-SE')).toEqual({
      label: 'Återbetald på',
      value: 'mindre än 0,1 månader',
    })
    expect(paybackStatement({ paidBack: true, months: 4.8 }, texts, sv, 'sv-SE')).toEqual({ label: 'Återbetald på', value: '4,8 månader' })
    expect(paybackStatement({ paidBack: false, months: Number.NaN }, texts, sv, 'sv-SE')).toEqual({
      label: 'Återbetalningstid',
      value: 'Återbetalas inte',
    })
    expect(paybackStatement({ paidBack: true, months: 0.017 }, proposalTexts('en'), en, 'en-US')).toEqual({
      label: 'Pays back in',
      value: 'less than 0.1 months',
    })
  })
})

describe('the payback chart’s amount axis', () => {
  it('writes kronor as tkr, mnkr and mdkr in Swedish', () => {
    const axis = compactMoneyFormatter('SEK', { currency: 'SEK', locale: 'sv-SE' })
    expect([0, 500, 250_000, 500_000, 1_250_000, 1_500_000, 2_000_000_000, -250_000].map((amount) => plain(axis(amount)))).toEqual([
      '0 kr',
      '500 kr',
      '250 tkr',
      '500 tkr',
      '1,25 mnkr',
      '1,5 mnkr',
      '2 mdkr',
      '-250 tkr',
    ])
    // 999 999 kr rounds up to the next step rather than to "1 000 tkr".
    expect(plain(axis(999_999))).toBe('1 mnkr')
    expect(plain(axis(999_994))).toBe('999,99 tkr')
  })

  it('writes kronor so in their own locale too, and keeps the compact style of English and of other currencies', () => {
    expect(plain(compactMoneyFormatter('SEK', { currency: 'SEK', locale: undefined })(500_000))).toBe('500 tkr')
    expect(compactMoneyFormatter('USD', { currency: 'USD', locale: undefined })(1_500_000)).toBe('$1.5M')
    expect(plain(compactMoneyFormatter('SEK', { currency: 'SEK', locale: 'en-US' })(500_000))).toBe('SEK 500K')
    expect(plain(compactMoneyFormatter('EUR', { currency: 'EUR', locale: 'sv-SE' })(1_500_000))).toBe('1,5 mn €')
  })
})

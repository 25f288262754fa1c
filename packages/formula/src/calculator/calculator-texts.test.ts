import { describe, expect, it } from 'vitest'
import { calculatorDataSchema } from './calculator-data.ts'
import { assumptionNoteOf, calculatorTexts } from './calculator-texts.ts'
import { timeframeLabel, timeframeResults } from './timeframes.ts'

describe('calculatorTexts', () => {
  it('keeps SPEC §9’s English labels for English calculators and for those stored without a language', () => {
    for (const texts of [calculatorTexts('en'), calculatorTexts(undefined)]) {
      expect(texts.timeframeLabel('monthly', 'moneySaved')).toBe('What you save in a month')
      expect(texts.timeframeLabel('yearly', 'moneyGained')).toBe('What you will earn in a year')
      expect(texts.timeframeLabel('weekly', undefined)).toBe('Weekly Value')
      expect([texts.threeYearValue, texts.roi, texts.paybackPeriod, texts.keyMetrics]).toEqual([
        '3-Year Value',
        'ROI',
        'Payback Period',
        'Key Metrics',
      ])
    }
  })

  it('writes a Swedish calculator’s labels, periods, source lines and numbers in Swedish', () => {
    const texts = calculatorTexts('sv')
    expect(texts.timeframeLabel('monthly', 'moneySaved')).toBe('Det här sparar ni per månad')
    expect(texts.timeframeLabel('daily', 'moneyGained')).toBe('Det här tjänar ni per dag')
    expect(texts.timeframeLabel('yearly', undefined)).toBe('Värde per år')
    expect(texts.months('4,8', 4.8)).toBe('4,8 månader')
    expect(texts.months('1', 1)).toBe('1 månad')
    expect(texts.prospectSource({ kind: 'document', page: 3 })).toBe('Från förslaget, s. 3')
    expect(texts.prospectSource({ kind: 'assumption' })).toBe('Uppskattning — justera efter er situation')
    expect(texts.locale).toBe('sv-SE')
    expect(texts.estimateNote('40 %')).toBe(
      'Avkastning och återbetalningstid är uppskattningar som antar att lösningen kostar 40 % av årsvärdet; de räknar inte med ett pris som anges i kalkylatorn.',
    )
  })

  it('gives the prospect a neutral source line, never a file name or a generation note', () => {
    const texts = calculatorTexts('en')
    expect(texts.prospectSource({ kind: 'document', page: 3 })).toBe('From the proposal, p. 3')
    expect(texts.prospectSource({ kind: 'description' })).toBe('As stated in the offer')
    expect(texts.prospectSource({ kind: 'assumption' })).toBe('Estimate — adjust to your situation')
  })
})

describe('the seller’s note on an assumed default (issue 36)', () => {
  const sv = calculatorTexts('sv')
  const en = calculatorTexts('en')

  it('follows the label without saying "Assumption" twice, in either language', () => {
    expect(`${sv.assumption} ${assumptionNoteOf('Antagande — ingen siffra i dokumentet', sv)}`).toBe('Antagande: ingen siffra i dokumentet')
    expect(`${sv.assumption} ${assumptionNoteOf('Ett antagande: anpassa det till kunden.', sv)}`).toBe(
      'Antagande: anpassa det till kunden.',
    )
    // A model's English note on a Swedish calculator: the label stays Swedish and says it once.
    expect(`${sv.assumption} ${assumptionNoteOf('Assumption — no figure in the document', sv)}`).toBe(
      'Antagande: no figure in the document',
    )
    expect(`${en.assumption} ${assumptionNoteOf('An assumption: adjust it to the customer.', en)}`).toBe(
      'Assumption: adjust it to the customer.',
    )
    expect(assumptionNoteOf('assumption - 10 hours a week is typical', en)).toBe('10 hours a week is typical')
  })

  it('keeps a note that only starts like the word, and falls back when nothing is left', () => {
    expect(assumptionNoteOf('Antagandet bygger på branschsnittet.', sv)).toBe('Antagandet bygger på branschsnittet.')
    expect(assumptionNoteOf('Assumed from similar customers.', en)).toBe('Assumed from similar customers.')
    expect(assumptionNoteOf('Antagande', sv)).toBe(sv.assumptionFallback)
    expect(assumptionNoteOf(undefined, en)).toBe(en.assumptionFallback)
  })
})

describe('the texts around a price (issue 15)', () => {
  it('names the price, how it recurs and where it came from, in English', () => {
    const texts = calculatorTexts('en')
    const document = { kind: 'document', quote: 'The service is $1,200 per month.', page: 2 } as const
    expect(texts.priceLine({ amount: '$1,200', period: 'month', setup: undefined, source: document })).toBe(
      'Price: $1,200 per month, from the offer, p. 2',
    )
    expect(texts.priceLine({ amount: '$12,000', period: 'year', setup: '$5,000', source: { kind: 'entered' } })).toBe(
      'Price: $12,000 per year plus $5,000 once',
    )
    expect(texts.priceLine({ amount: '€9,000', period: 'one-off', setup: undefined, source: { kind: 'description', quote: 'x' } })).toBe(
      'Price: €9,000 one-off, as stated in the offer',
    )
    expect([texts.roiOver(3), texts.netValueOver(3), texts.notPaidBack, texts.moreThanYears(10), texts.lessThanMonths('0.1')]).toEqual([
      'ROI over 3 years',
      'Net value over 3 years',
      'Not paid back',
      'More than 10 years',
      'Less than 0.1 months',
    ])
    expect([texts.moreThanYears(10, true), texts.lessThanMonths('0.1', true)]).toEqual(['more than 10 years', 'less than 0.1 months'])
  })

  it('says the same in Swedish', () => {
    const texts = calculatorTexts('sv')
    expect(
      texts.priceLine({ amount: '1 200 kr', period: 'month', setup: '5 000 kr', source: { kind: 'document', quote: 'x', page: 2 } }),
    ).toBe('Pris: 1 200 kr per månad plus 5 000 kr en gång, enligt offerten, s. 2')
    expect(texts.priceLine({ amount: '9 000 kr', period: 'one-off', setup: undefined, source: { kind: 'description', quote: 'x' } })).toBe(
      'Pris: 9 000 kr som engångsbelopp, enligt erbjudandet',
    )
    expect(texts.priceLine({ amount: '42 000 kr', period: 'year', setup: undefined, source: { kind: 'entered' } })).toBe(
      'Pris: 42 000 kr per år',
    )
    expect([texts.roiOver(3), texts.netValueOver(3), texts.notPaidBack, texts.moreThanYears(10), texts.lessThanMonths('0,1')]).toEqual([
      'Avkastning (ROI) på 3 år',
      'Nettovärde på 3 år',
      'Återbetalas inte',
      'Mer än 10 år',
      'Mindre än 0,1 månader',
    ])
    expect([texts.moreThanYears(10, true), texts.lessThanMonths('0,1', true)]).toEqual(['mer än 10 år', 'mindre än 0,1 månader'])
    expect(texts.pricedNote(3)).toContain('på 3 år')
  })
})

describe('a calculator’s language', () => {
  it('is kept by the schema and names its timeframes', () => {
    const data = calculatorDataSchema.parse({ name: 'Kalkyl', formula: '10', parameters: [], language: 'sv', valueType: 'moneySaved' })
    expect(data.language).toBe('sv')
    expect(timeframeResults({ ...data, timeframes: [{ period: 'monthly', multiplier: 1, display: true }] }, 10)[0]?.label).toBe(
      'Det här sparar ni per månad',
    )
    expect(timeframeLabel('monthly', 'moneySaved', 'sv')).toBe('Det här sparar ni per månad')
  })

  it('is optional: calculators stored before it read as English, and an unknown language is refused', () => {
    expect(calculatorDataSchema.parse({ name: 'Calc', formula: '10', parameters: [] }).language).toBeUndefined()
    expect(calculatorDataSchema.safeParse({ name: 'Calc', formula: '10', parameters: [], language: 'de' }).success).toBe(false)
  })
})

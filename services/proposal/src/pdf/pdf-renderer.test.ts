// The proposal PDF as a reader's PDF library sees it (pdf.js): real text in an embedded font, the
// page's order, the figures @valueproof/formula gives for the scenario and values asked for, the
// calculator's language, and on every page "Page n of m" and the share link.
import { createCalculator, formatMoney, headlineOf, scenarioValues, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { invoiceAutomationCalculator, leadValueCalculator, supportTriageCalculator } from '../testing/calculators.ts'
import { calculator, proposalWith, render, SHARE_URL } from './pdf-test-proposals.ts'
import { sameSpaces } from './pdf-text.ts'

const PRICE = { amount: 4_000, period: 'month', setup: 10_000, source: { kind: 'entered' } } as const

function yearlyValueText(calculatorData: CalculatorData, values: Record<string, number>, locale?: string): string {
  const yearly = headlineOf(createCalculator(calculatorData).compute(values)).yearlyValue
  if (yearly === undefined) throw new Error('the calculator has no yearly value')
  return sameSpaces(formatMoney(yearly, calculatorData.baseCurrency, locale))
}

/** Where each text first appears, to check their order. */
function positions(text: string, parts: readonly string[]): number[] {
  return parts.map((part) => {
    const at = text.indexOf(part)
    expect(at, part).toBeGreaterThanOrEqual(0)
    return at
  })
}

describe('the proposal PDF', () => {
  const priced = calculator({ ...supportTriageCalculator, price: PRICE })

  it('is real text in an embedded subset of Source Sans 3, with the page number and share link on every page', async () => {
    const { bytes, pages } = await render({ proposal: proposalWith(priced) })
    const raw = Buffer.from(bytes).toString('latin1')
    expect(raw.startsWith('%PDF-')).toBe(true)
    expect(raw).toMatch(/\/FontFile2/)
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSans3/)
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`)
      expect(page).toContain(SHARE_URL)
    })
  })

  it('leads with the title, date, headline value, payback and scenario, then SPEC §2’s sections in order', async () => {
    const { pages, text, calculatorData, values } = await render({ proposal: proposalWith(priced), scenario: 'conservative' })
    const first = pages[0] ?? ''
    const yearly = yearlyValueText(calculatorData, values)
    expect(first).toContain('Support desk automation for Acme')
    expect(first).toContain('November 24, 2026')
    expect(first).toContain(`You save per year ${yearly}`)
    expect(first).toContain('Pays back in')
    expect(first).toContain('Scenario: Conservative')
    expect(first).toContain('Payback over 3 years')
    expect(first).toContain('Cumulative value')
    expect(first).toContain('Cumulative cost')
    const order = positions(text, [
      'ValueProof',
      'Support desk automation for Acme',
      yearly,
      'Executive Summary',
      'Problem Statement',
      'Solution Overview',
      'Value Proposition',
      'ROI Calculator',
      'Next Steps',
    ])
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(text).toMatch(/Next Steps Book a pilot for your first team this month\. Contact Sam Seller E-mail: sam@example\.com/)
    // The seller's price turns ROI and payback real: no estimate is claimed.
    expect(text).toContain('Net value over 3 years')
    expect(text).not.toContain('Estimate')
  })

  it('shows the scenario’s values with their units, and the figures they give', async () => {
    const conservative = await render({ proposal: proposalWith(priced), scenario: 'conservative' })
    const expected = await render({ proposal: proposalWith(priced), scenario: 'expected' })
    // The conservative scenario moves the improvement claim, not the prospect's own figures.
    expect(conservative.values.hoursSavedPerWeek).toBeLessThan(expected.values.hoursSavedPerWeek ?? 0)
    for (const run of [conservative, expected]) {
      const { values, text } = run
      expect(text).toContain(`Support agents ${values.agents} agents`)
      expect(text).toContain(`Hours saved per agent per week ${new Intl.NumberFormat('en-US').format(values.hoursSavedPerWeek ?? 0)} hours`)
      expect(text).toContain(`Cost of an agent hour ${values.hourlyCost} USD`)
      expect(text).toContain(yearlyValueText(run.calculatorData, values))
    }
    expect(yearlyValueText(conservative.calculatorData, conservative.values)).not.toBe(
      yearlyValueText(expected.calculatorData, expected.values),
    )
  })

  it('follows the values asked for, clamped to their sliders', async () => {
    const asked = await render({ proposal: proposalWith(priced), values: { agents: 20, hoursSavedPerWeek: 7.5 } })
    const clamped = await render({ proposal: proposalWith(priced), values: { agents: 5000 } })
    expect(asked.text).toContain(`You save per year ${yearlyValueText(asked.calculatorData, asked.values)}`)
    expect(asked.text).toContain('Support agents 20 agents')
    expect(asked.text).toContain('7.5 hours')
    // 12 agents (the documented $168,480 a year) would be a different figure.
    expect(asked.text).not.toContain('$168,480')
    expect(clamped.text).toContain('Support agents 50 agents')
    expect(clamped.text).toContain(yearlyValueText(clamped.calculatorData, { ...clamped.values, agents: 50 }))
  })

  it('says in words that a payback without the seller’s price is an estimate', async () => {
    const { pages } = await render({ proposal: proposalWith(calculator(supportTriageCalculator)) })
    expect(pages[0]).toContain('Pays back in (Estimate)')
    expect(pages[0]).toContain('You save per year $168,480')
    expect(pages[0]).not.toContain('Payback over 3 years')
  })

  it('states a negative value per year as a net cost, never “You save −…” (issue 36)', async () => {
    const negative = calculator({ ...supportTriageCalculator, formula: 'agents * hoursSavedPerWeek * hourlyCost - 200000' })
    const yearly = headlineOf(createCalculator(negative).compute(scenarioValues(negative, 'expected'))).yearlyValue ?? Number.NaN
    expect(yearly).toBeLessThan(0)
    const { pages } = await render({ proposal: proposalWith(negative) })
    expect(pages[0]).toContain(`Net cost per year ${sameSpaces(formatMoney(-yearly, 'USD'))}`)
    expect(pages[0]).toContain('Payback Period (Estimate) Not paid back')
    expect(pages[0]).not.toContain('You save per year')
  })

  it('is Swedish all through for a Swedish calculator, with Swedish numbers', async () => {
    const swedish = calculator({ ...invoiceAutomationCalculator, language: 'sv' })
    const { pages, text } = await render({ proposal: proposalWith(swedish, { title: 'Fakturahantering för Åkesson & Söner AB' }) })
    pages.forEach((page, index) => expect(page).toContain(`Sida ${index + 1} av ${pages.length}`))
    // 5 × 8 h × 450 kr a week: 936 000 kr a year (testing/calculators.ts).
    expect(pages[0]).toContain(`Ni sparar per år ${sameSpaces('936 000 kr')}`)
    expect(pages[0]).toContain('Fakturahantering för Åkesson & Söner AB')
    expect(pages[0]).toContain('24 november 2026')
    expect(pages[0]).toContain('Scenario: Förväntat')
    expect(text).toContain('Sammanfattning')
    expect(text).toContain('ROI-kalkylator')
    expect(text).toContain('Antal medarbetare 5 personer')
    expect(text).not.toContain('Page ')
  })

  it('puts the calculator right after the summary in the executive layout', async () => {
    const { text } = await render({ proposal: proposalWith(priced, { templateType: 'executive' }) })
    const order = positions(text, [
      'Support desk automation for Acme',
      'Key Financial Impact',
      'Current Challenge',
      'Our Solution',
      'Value Delivered',
      'Next Steps',
    ])
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(text).not.toContain('Executive Summary')
  })

  it('shows a value calculator’s key metrics and no yearly headline', async () => {
    const { text } = await render({ proposal: proposalWith(calculator(leadValueCalculator)) })
    // 40 leads × 10% × $2,500 a month (testing/calculators.ts).
    expect(text).toContain('Extra revenue per month $10,000')
    expect(text).not.toContain('You gain per year')
    expect(text).toContain('Scenario: Expected')
  })

  it('shows the agreed figures with their date, and says so when the stored record was altered', async () => {
    const values = scenarioValues(priced, 'expected')
    const agreement = {
      scenario: 'optimistic' as const,
      values: { ...values, agents: 14 },
      figures: { yearlyValue: 196_560, paybackMonths: 2.5, paidBack: true, paybackEstimate: false },
      agreedAt: '2026-11-25T09:30:00.000Z',
      hash: 'f'.repeat(64),
      verified: true,
    }
    const agreed = await render({ proposal: proposalWith(priced, { agreement }) })
    expect(agreed.text).toContain('Agreed figures')
    expect(agreed.text).toContain('Agreed on November 25, 2026')
    expect(agreed.text).toContain('Scenario: Optimistic')
    expect(agreed.text).toContain('You save per year $196,560')
    expect(agreed.text).toContain('Pays back in 2.5 months')
    expect(agreed.text).toContain('Support agents 14 agents')
    expect(agreed.text).not.toContain('no longer matches')
    const altered = await render({ proposal: proposalWith(priced, { agreement: { ...agreement, verified: false } }) })
    expect(altered.text).toContain('The stored agreement no longer matches its record.')
  })
})

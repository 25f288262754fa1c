// A seller's description becomes the calculator an analyst would build (issue 14): the claimed
// reduction acts on the customer's stated cost, the seller's price (with its one-off fee) is the
// calculator's price behind ROI, payback and net value; a Swedish price comparison has Swedish labels
// throughout.
import type { Page } from '@playwright/test'
import { createCalculator, type CalculatorData } from '@valueproof/formula'
import { expect, test } from './fixtures.ts'
import { currentCalculatorConfig, generateFromDescription, screenshot, startGuardedAction } from './pages.ts'

async function generate(page: Page, text: string, language: 'en' | 'sv', currency: 'USD' | 'SEK') {
  await page.goto('/calculator')
  await generateFromDescription(page, text, { language, currency, type: 'Advanced' })
}

const defaults = (config: CalculatorData): Array<number | undefined> => config.parameters.map((parameter) => parameter.defaultValue)

/** The calculator's value per year at its defaults, computed as the screen computes it. */
function yearlyValue(config: CalculatorData): number {
  const result = createCalculator(config).compute()
  if (result.calculatorType !== 'standard') throw new Error('expected a standard calculator')
  return result.standard.yearly
}

test.describe('a description becomes its ROI story', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('the claimed reduction on the stated cost; the seller’s price and one-off fee set ROI, payback and net value', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    await generate(
      page,
      'Switching your fleet to our route optimisation cuts fuel costs by 12%. You spend $38,000 a month on fuel today, and the service costs $1,500 per month. Installation is a one-off $9,000.',
      'en',
      'USD',
    )
    const config = await currentCalculatorConfig(page)
    expect(defaults(config)).toEqual(expect.arrayContaining([38_000, 12]))
    // The result is the value before the price: 12 % of $38,000 a month, a year; the price is the
    // calculator's, set against it (decision 101), in the seller's own period.
    expect(yearlyValue(config)).toBeCloseTo(38_000 * 0.12 * 12, 2)
    expect(config.price).toMatchObject({ amount: 1_500, period: 'month', setup: 9_000, source: { kind: 'description' } })
    for (const label of ['Cost of fuel today per month', 'Reduction: fuel costs (%)'])
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible()
    // Every default, and the price, quotes the sentence that states it.
    await expect(page.getByText('and the service costs $1,500 per month', { exact: false }).first()).toBeVisible()
    // ROI, payback and net value come from the price: no estimate mark, and the price is named.
    const panel = page.getByTestId('current-calculator')
    await expect(panel.locator('[data-estimate]')).toHaveCount(0)
    await expect(panel.locator('[data-result="net-value"] dt')).toHaveText('Net value over 3 years')
    await expect(panel.locator('[data-price-line]')).toHaveText('Price: $1,500 per month plus $9,000 once, as stated in the offer')
    await screenshot(page, 'fuel-story')
  })

  test('a Swedish price per page against today’s: Swedish labels, and a Swedish calculator on the prospect’s page', async ({
    page,
    signedInUser,
    browser,
  }) => {
    void signedInUser
    await generate(
      page,
      'Vi skriver ut och kuverterar era fakturor för 2,50 kr per sida. I dag kostar det er 4,10 kr per sida i egen regi, och ni skickar 18 000 sidor i månaden.',
      'sv',
      'SEK',
    )
    const config = await currentCalculatorConfig(page)
    expect(defaults(config)).toEqual(expect.arrayContaining([18_000, 4.1, 2.5]))
    // Today's cost of the pages is what the service replaces; its price per page is the calculator's
    // price, set against it: (4,10 − 2,50) kr × 18 000 sidor a month is what is left.
    expect(yearlyValue(config)).toBeCloseTo(4.1 * 18_000 * 12, 2)
    expect(config.price).toMatchObject({ amount: 2.5 * 18_000, period: 'month', source: { kind: 'description' } })
    for (const label of ['Sidor per månad', 'Kostnad per sida i dag', 'Pris per sida'])
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible()
    // The seller's screen says where each default came from, in the calculator's language.
    await expect(page.getByText('Från din beskrivning:').first()).toBeVisible()
    await screenshot(page, 'swedish-price-comparison')

    await startGuardedAction(page, 'Share')
    const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
    await dialog.getByLabel('Calculator Name').fill('Fakturautskick för Acme')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(page.getByText('Link copied!').first()).toBeVisible()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    const context = await browser.newContext()
    try {
      const prospect = await context.newPage()
      await prospect.goto(link)
      // The prospect's calculator carries the calculator's own name, in Swedish.
      const calculator = prospect.getByRole('group', { name: config.name })
      await expect(calculator.getByRole('slider').first()).toBeVisible()
      // 18 000 pages × 4,10 kr a month replaced, written the Swedish way; the net value sets the price against it.
      await expect(calculator.locator('[data-result="monthly"] dd')).toHaveText(/^73\s800\skr$/u)
      for (const text of ['Det här sparar ni per månad', 'Värde på 3 år', 'Återbetalningstid', 'Enligt erbjudandet'])
        await expect(calculator.getByText(text, { exact: true }).first()).toBeVisible()
      // The proposal around it is Swedish too: its heading and a sv-SE long date.
      await expect(prospect.getByRole('heading', { name: 'ROI-kalkylator', level: 2 })).toBeVisible()
      const today = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date())
      await expect(prospect.locator('article time')).toHaveText(today)
      // No English UI word in what the prospect reads of the proposal, and no seller's note.
      const visible = await prospect.locator('article').innerText()
      expect(visible).not.toMatch(
        /\b(?:What|you|save|Value|Payback|Period|months?|From|your|description|document|page|Assumption|Estimate|Enter|Calculator|January|February|March|April|May|June|July|August|September|October|November|December)\b/u,
      )
      await screenshot(prospect, 'swedish-prospect-calculator')
      // On a phone in the dark theme the estimate mark and the numbers stay readable.
      await prospect.setViewportSize({ width: 390, height: 844 })
      await prospect.evaluate(() => window.localStorage.setItem('valueproof-theme', 'dark'))
      await prospect.reload()
      await expect(prospect.locator('html')).toHaveClass(/\bdark\b/u)
      // The price is stated, so ROI is computed, not estimated.
      await expect(calculator.locator('[data-result="roi"] [data-estimate]')).toHaveCount(0)
      await expect(calculator.locator('[data-result="roi"] dd')).toBeVisible()
      await screenshot(prospect, 'swedish-prospect-calculator-dark-phone')
    } finally {
      await context.close()
    }
  })
})

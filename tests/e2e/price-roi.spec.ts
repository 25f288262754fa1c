// A price turns ROI real (issue 15, docs/decisions/101): the seller enters the price in the edit
// dialog, and ROI, payback and net value are computed from it — no estimate mark — on the seller's
// screen and on the prospect's page alike; a price the analyzer reads from a Swedish description
// reaches the prospect in Swedish.
import type { Browser, Page } from '@playwright/test'
import { convertCurrency, createCalculator, formatMoney, GENERATOR_SCREEN_LOCALE } from '@valueproof/formula'
import { expect, test, watchPageHealth } from './fixtures.ts'
import { currentCalculatorConfig, generateFromDescription, screenshot, startGuardedAction } from './pages.ts'

async function generate(page: Page, text: string, language: 'en' | 'sv', currency: 'USD' | 'SEK') {
  await page.goto('/calculator')
  await generateFromDescription(page, text, { language, currency, type: 'Advanced' })
}

/** Shares the current calculator and opens the link as a prospect in a fresh context. */
async function shareAndOpen(page: Page, browser: Browser, name: string) {
  await startGuardedAction(page, 'Share')
  const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
  await dialog.getByLabel('Calculator Name').fill(name)
  await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
  await expect(page.getByText('Link copied!').first()).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  const context = await browser.newContext()
  const prospect = await context.newPage()
  const problems = await watchPageHealth(prospect)
  await prospect.goto(link)
  return { context, prospect, problems }
}

const RESULT_KEYS = ['three-year', 'net-value', 'roi', 'payback'] as const

test.describe('a price turns ROI real', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('the seller enters a price: ROI, payback and net value use it, here and on the prospect’s page', async ({
    page,
    signedInUser,
    browser,
  }) => {
    void signedInUser
    await generate(
      page,
      'We automate invoice processing for finance teams. Each invoice takes 12 minutes to handle by hand, a team of 4 clerks handles 2,000 invoices per month, and a clerk costs $45 per hour.',
      'en',
      'USD',
    )
    const panel = page.getByTestId('current-calculator')
    // No price yet: SPEC §9's estimate, marked and explained.
    await expect(panel.locator('[data-result="roi"] [data-estimate]')).toHaveText('Estimate')
    await expect(panel.locator('[data-estimate-note]')).toBeVisible()
    await expect(panel.locator('[data-result="net-value"]')).toHaveCount(0)
    const estimatedRoi = await panel.locator('[data-result="roi"] dd').textContent()

    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Calculator Configuration' })
    const amount = dialog.getByLabel('Price', { exact: true })
    // A price that is not a number is placed at its field, and nothing is saved.
    await amount.fill('1,200')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog.getByRole('alert')).toContainText('Your price: Price: Price must be a number')
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await amount.fill('1200')
    await dialog.getByLabel('Billed').selectOption('month')
    await dialog.getByLabel('Setup price (once)').fill('5000')
    await dialog.getByRole('heading', { name: 'Your price' }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }))
    await screenshot(page, 'price-in-edit-dialog', false)
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toBeHidden()

    const config = await currentCalculatorConfig(page)
    expect(config.price).toEqual({ amount: 1200, period: 'month', setup: 5000, source: { kind: 'entered' } })
    // The figures the formula package computes from the price, as the generator screen writes them (en-US).
    const result = createCalculator(config).compute(createCalculator(config).initialValues())
    if (result.calculatorType !== 'standard' || result.priced === undefined) throw new Error('expected a priced standard calculator')
    const money = (value: number) => formatMoney(convertCurrency(value, config.baseCurrency, 'USD'), 'USD', GENERATOR_SCREEN_LOCALE)
    const { priced } = result
    await expect(panel.locator('[data-result="net-value"] dt')).toHaveText('Net value over 3 years')
    await expect(panel.locator('[data-result="net-value"] dd')).toHaveText(money(priced.netValue))
    await expect(panel.locator('[data-result="roi"] dt')).toHaveText('ROI over 3 years')
    await expect(panel.locator('[data-result="roi"] dd')).toHaveText(
      new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }).format(priced.roiPercent / 100),
    )
    await expect(panel.locator('[data-result="roi"] dd')).not.toHaveText(estimatedRoi ?? '')
    if (!priced.payback.paidBack) throw new Error('expected the price to be paid back')
    await expect(panel.locator('[data-result="payback"] dd')).toHaveText(
      `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(priced.payback.months)} months`,
    )
    // Nothing is marked as an estimate any more, and the price is named.
    await expect(panel.locator('[data-estimate]')).toHaveCount(0)
    await expect(panel.locator('[data-estimate-note]')).toHaveCount(0)
    await expect(panel.locator('[data-price-line]')).toHaveText('Price: $1,200 per month plus $5,000 once')
    await screenshot(page, 'seller-priced-results')
    const sellerFigures = await Promise.all(RESULT_KEYS.map((key) => panel.locator(`[data-result="${key}"] dd`).textContent()))

    const { context, prospect, problems } = await shareAndOpen(page, browser, 'Invoice automation for Acme')
    try {
      await expect(prospect.locator('[data-result="net-value"] dd')).toBeVisible()
      for (const [index, key] of RESULT_KEYS.entries()) {
        await expect(prospect.locator(`[data-result="${key}"] dd`)).toHaveText(sellerFigures[index] ?? '')
      }
      await expect(prospect.locator('[data-estimate]')).toHaveCount(0)
      await expect(prospect.locator('[data-price-line]')).toHaveText('Price: $1,200 per month plus $5,000 once')
      await screenshot(prospect, 'prospect-priced-results')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('a price read from a Swedish description reaches the prospect in Swedish, computed, not estimated', async ({
    page,
    signedInUser,
    browser,
  }) => {
    void signedInUser
    await generate(
      page,
      'Vår kundtjänstplattform besvarar enkla ärenden automatiskt. Ni tar emot 6 000 ärenden i månaden, en handläggare lägger 7 minuter per ärende och kostar 450 kr i timmen. 35 % av ärendena kan besvaras helt automatiskt. Licensen kostar 9 900 kr i månaden.',
      'sv',
      'SEK',
    )
    const config = await currentCalculatorConfig(page)
    expect(config.price).toMatchObject({
      amount: 9900,
      period: 'month',
      source: { kind: 'description', quote: 'Licensen kostar 9 900 kr i månaden.' },
    })
    const panel = page.getByTestId('current-calculator')
    await expect(panel.locator('[data-estimate]')).toHaveCount(0)
    // The seller's screen quotes where the price was read.
    await expect(panel.locator('[data-price-quote]')).toHaveText('Licensen kostar 9 900 kr i månaden.')

    const { context, prospect, problems } = await shareAndOpen(page, browser, 'Kundtjänst för Acme')
    try {
      const article = prospect.locator('article')
      await expect(article.locator('[data-result="net-value"] dt')).toHaveText('Nettovärde på 3 år')
      await expect(article.locator('[data-result="roi"] dt')).toHaveText('Avkastning (ROI) på 3 år')
      // Written the Swedish way, with a space before the percent sign.
      await expect(article.locator('[data-result="roi"] dd')).toHaveText(/^[\d\s]+\s%$/u)
      await expect(article.locator('[data-price-line]')).toHaveText(/^Pris: 9\s900\skr per månad, enligt erbjudandet$/u)
      await expect(article.locator('[data-estimate]')).toHaveCount(0)
      // The prospect never reads the quoted passage, and no English word of the results.
      await expect(article.locator('[data-price-quote]')).toHaveCount(0)
      const visible = await article.innerText()
      expect(visible).not.toMatch(/\b(?:Price|Net|value|over|years?|months?|Payback|Estimate|once|from|offer|ROI over)\b/u)
      await screenshot(prospect, 'swedish-prospect-priced-results')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})

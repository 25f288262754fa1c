// A check before sharing, each input the seller's to shape, never a negative "You save" (issue 36).
// A calculator worth −$65,640 a year (as in the issue) asks first: Share names the negative value,
// the missing price and "3 of 5 inputs are assumptions you have not confirmed", each with a button to
// the place to fix it; confirming an assumption lowers the count. The seller shapes inputs in place
// (a number field, a fixed figure, a new label and range) and renames the calculator; the prospect's
// page shows it so, and its headline says "Net cost per year", never "You save −…". Screenshots:
// light, dark, a 375 px phone and a Swedish calculator.
import type { Browser, Page } from '@playwright/test'
import { accessibilityViolations } from './accessibility.ts'
import { expect, test, toasts, watchPageHealth } from './fixtures.ts'
import { currentCalculatorConfig, generateFromDescription, screenshot } from './pages.ts'

const assumed = (note: string) => ({ kind: 'assumption', note })
const stated = (quote: string) => ({ kind: 'description', quote })

const FEES = Array.from({ length: 44 }, (_, index) => 100 + index * 10)

/** 200 hours × $50 × 1 team − $70,000 − $5,640 = −$65,640 a year; 3 of its 5 inputs are assumptions; no price. */
function negativeCalculator(language: 'en' | 'sv') {
  const sv = language === 'sv'
  return {
    name: sv ? 'Rapportautomation' : 'Reporting automation',
    description: '',
    formula: 'hoursSaved * hourlyRate * teams - runningCost - trainingCost',
    // A price list of 44 fees under the calculator: it folds to one line.
    explanation: [
      sv ? 'Avgifterna:' : 'The fees:',
      ...FEES.map((fee, index) => (sv ? `Avgift ${index + 1}: ${fee} kr` : `Fee ${index + 1}: $${fee}`)),
    ].join('\n'),
    parameters: [
      {
        name: 'hoursSaved',
        label: sv ? 'Sparade timmar per år' : 'Hours saved per year',
        unit: sv ? 'timmar' : 'hours',
        min: 0,
        max: 2000,
        step: 10,
        defaultValue: 200,
        source: assumed(sv ? 'Ett vanligt team.' : 'A typical team.'),
      },
      {
        name: 'hourlyRate',
        label: sv ? 'Timkostnad' : 'Hourly cost',
        unit: sv ? 'kr' : 'USD',
        min: 10,
        max: 200,
        step: 5,
        defaultValue: 50,
        source: stated(sv ? '50 kr i timmen' : '$50 an hour'),
      },
      {
        name: 'teams',
        label: sv ? 'Team' : 'Teams',
        min: 1,
        max: 10,
        step: 1,
        defaultValue: 1,
        source: stated(sv ? 'ett team' : 'one team'),
      },
      {
        name: 'runningCost',
        label: sv ? 'Driftkostnad per år' : 'Running cost per year',
        unit: sv ? 'kr' : 'USD',
        min: 0,
        max: 100_000,
        step: 100,
        defaultValue: 70_000,
        source: assumed(sv ? 'Vår uppskattning.' : 'Our estimate.'),
      },
      {
        name: 'trainingCost',
        label: sv ? 'Utbildning per år' : 'Training per year',
        unit: sv ? 'kr' : 'USD',
        min: 0,
        max: 20_000,
        step: 10,
        defaultValue: 5_640,
        source: assumed(sv ? 'Vår uppskattning.' : 'Our estimate.'),
      },
    ],
    baseCurrency: sv ? 'SEK' : 'USD',
    baseTimeframe: 'yearly',
    valueType: 'moneySaved',
    calculatorType: 'standard',
    language,
  }
}

/** Generates a calculator on the generator screen, then makes the server's copy of it `config` and reloads. */
async function openSellerCalculator(page: Page, origin: string, config: object, language: 'en' | 'sv') {
  await page.goto('/calculator')
  await generateFromDescription(page, 'We automate weekly reporting for finance teams; each report takes 3 hours by hand.', {
    type: 'Minimal',
    language,
    currency: language === 'sv' ? 'SEK' : 'USD',
  })
  const id = await page.evaluate(() => JSON.parse(window.localStorage.getItem('valueproof.currentCalculator') ?? 'null') as string)
  const response = await page.request.patch(`/api/calculators/${id}`, { headers: { Origin: origin }, data: { config, values: {} } })
  expect(response.status(), await response.text()).toBe(200)
  await page.reload()
  await expect(page.getByTestId('current-calculator')).toBeVisible()
  await expect
    .poll(async () => (await currentCalculatorConfig(page)).formula)
    .toBe('hoursSaved * hourlyRate * teams - runningCost - trainingCost')
}

/** The share dialog after the check, then the copied link opened by a prospect in a fresh context. */
async function shareAndOpen(page: Page, browser: Browser, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
  await expect(dialog).toBeVisible()
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

test.describe('a check before sharing, and inputs the seller shapes', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('a negative calculator asks first, counts its assumptions, and reaches the prospect as a net cost', async ({
    page,
    signedInUser,
    origin,
    browser,
  }) => {
    void signedInUser
    await openSellerCalculator(page, origin, negativeCalculator('en'), 'en')
    const panel = page.getByTestId('current-calculator')
    const warnings = page.getByTestId('calculator-warnings')
    await expect(warnings.locator('[data-warning="negative_value"]')).toContainText('-$65,640 a year')
    await expect(warnings.locator('[data-warning="no_price"]')).toContainText('The calculator has no price')
    await expect(warnings.locator('[data-warning="unchecked_assumptions"]')).toContainText(
      '3 of 5 inputs are assumptions you have not confirmed',
    )
    // Even the seller's card says the net cost, never "What you save in a year −…".
    await expect(panel.locator('[data-result="yearly"] dt')).toHaveText('Net cost per year')
    await expect(panel.locator('[data-result="yearly"] dd')).toHaveText('$65,640')

    // Share asks first, naming each thing with a button to fix it; Cancel shares nothing.
    const share = page.getByRole('button', { name: 'Share', exact: true })
    await share.click()
    const check = page.getByRole('dialog', { name: 'Check before you share' })
    await expect(check).toContainText('This calculator has 3 things to check. Share it anyway?')
    for (const code of ['negative_value', 'no_price', 'unchecked_assumptions']) {
      await expect(check.locator(`[data-warning="${code}"] [data-fix]`)).toBeVisible()
    }
    await screenshot(page, 'check-dialog-light', false)
    expect(await accessibilityViolations(page), 'accessibility rule violations with the check open').toEqual([])
    await check.getByRole('button', { name: 'Cancel' }).click()
    await expect(check).toBeHidden()
    await expect(page.getByRole('dialog', { name: 'Share Calculator' })).toHaveCount(0)

    // "Enter the price" opens the edit dialog, where the price is set.
    await share.click()
    await check.locator('[data-warning="no_price"] [data-fix]').click()
    await expect(page.getByRole('dialog', { name: 'Edit Calculator Configuration' })).toBeVisible()
    await page.keyboard.press('Escape')

    // "Check the assumptions" opens the first unchecked one; confirming it lowers the count.
    await share.click()
    await check.locator('[data-warning="unchecked_assumptions"] [data-fix]').click()
    await expect(check).toBeHidden()
    const confirmFirst = panel.locator('[data-confirm-input="hoursSaved"]')
    await expect(confirmFirst).toBeFocused()
    await confirmFirst.click()
    await expect(toasts(page)).toContainText('Figure confirmed')
    // The button goes; the focus stays in the row.
    await expect(confirmFirst).toHaveCount(0)
    await expect(panel.getByRole('button', { name: 'Edit input: Hours saved per year' })).toBeFocused()
    await expect(warnings.locator('[data-warning="unchecked_assumptions"]')).toContainText(
      '2 of 5 inputs are assumptions you have not confirmed',
    )
    await expect(panel.locator('[data-input="hoursSaved"] [data-source="assumption"][data-checked]')).toContainText(
      'Assumption, checked by you:',
    )

    // Checked, the figure may be fixed (the fix opened its editor).
    await expect(panel.getByRole('button', { name: 'Edit input: Hours saved per year' })).toHaveAttribute('aria-expanded', 'true')
    await panel.locator('[data-input-editor="hoursSaved"]').getByRole('radio', { name: 'Fixed figure' }).check()
    await expect(panel.locator('[data-input-tools="hoursSaved"]')).toContainText('Fixed: the prospect sees this figure')

    // An unchecked assumption cannot be fixed: it stays something the prospect can move.
    await panel.getByRole('button', { name: 'Edit input: Running cost per year' }).click()
    await expect(panel.locator('[data-input-editor="runningCost"]').getByRole('radio', { name: 'Fixed figure' })).toBeDisabled()

    // The hourly cost becomes a number field with its own label and range; the team a fixed figure.
    await panel.getByRole('button', { name: 'Edit input: Hourly cost' }).click()
    const rate = panel.locator('[data-input-editor="hourlyRate"]')
    await rate.getByRole('radio', { name: 'Number field' }).check()
    await expect(toasts(page)).toContainText('Input updated')
    await rate.getByLabel('Label').fill('Loaded hourly cost')
    await rate.getByLabel('Max').fill('150')
    await rate.getByLabel('Max').press('Tab')
    await expect(panel.locator('[data-input="hourlyRate"] label').first()).toHaveText('Loaded hourly cost')
    await expect(panel.locator('[data-input="hourlyRate"] input[type="range"]')).toHaveCount(0)
    // A range that runs backwards is named at its field and not saved.
    await rate.getByLabel('Min').fill('500')
    await rate.getByRole('button', { name: 'Done' }).click()
    await expect(rate).toContainText('Max must not be less than min.')
    await rate.getByLabel('Min').fill('10')
    await rate.getByRole('button', { name: 'Done' }).click()
    await expect(rate).toBeHidden()
    await panel.getByRole('button', { name: 'Edit input: Teams' }).click()
    await panel.locator('[data-input-editor="teams"]').getByRole('radio', { name: 'Fixed figure' }).check()
    await expect(panel.locator('[data-input-tools="teams"]')).toContainText('Fixed: the prospect sees this figure')

    // The name, in place.
    await panel.getByRole('button', { name: 'Rename: Reporting automation' }).click()
    await panel.getByLabel('Calculator name').fill('Reporting for Acme')
    await panel.getByLabel('Calculator name').press('Enter')
    await expect(toasts(page)).toContainText('Calculator renamed')
    await expect(panel.getByRole('heading', { name: 'Reporting for Acme' })).toBeVisible()
    await screenshot(page, 'seller-panel-light')

    // Kept by the server: a reload shows every change.
    await page.reload()
    await expect(panel.getByRole('heading', { name: 'Reporting for Acme' })).toBeVisible()
    const kept = await currentCalculatorConfig(page)
    expect(kept.parameters.find((parameter) => parameter.name === 'hourlyRate')).toMatchObject({
      type: 'number',
      label: 'Loaded hourly cost',
      max: 150,
    })
    expect(kept.parameters.find((parameter) => parameter.name === 'teams')?.type).toBe('fixed')
    expect(kept.parameters.find((parameter) => parameter.name === 'hoursSaved')).toMatchObject({
      type: 'fixed',
      source: { confirmed: true },
    })

    // Only the seller's confirmation shares it.
    await share.click()
    await check.getByRole('button', { name: 'Share anyway' }).click()
    const { context, prospect, problems } = await shareAndOpen(page, browser, 'Reporting for Acme')
    try {
      const headline = prospect.locator('[data-headline-figure="yearly-value"]')
      await expect(headline.locator('dt')).toHaveText('Net cost per year')
      await expect(headline.locator('dd')).toHaveText('$65,640')
      // A cost never pays back, whatever the clamped estimate would say.
      await expect(prospect.locator('[data-headline-figure="payback"] dd')).toHaveText('Not paid back')
      await expect(prospect.locator('[data-result="payback"] dd')).toHaveText('Not paid back')
      await expect(prospect.locator('body')).not.toContainText(/You save[^\n]*[−-]\s?\$/)
      await expect(prospect.locator('[data-result="yearly"] dt')).toHaveText('Net cost per year')
      // The number field, its label and range; the fixed figure with its source, nothing to move.
      const rateInput = prospect.locator('[data-input="hourlyRate"]')
      await expect(rateInput.locator('label')).toHaveText('Loaded hourly cost')
      await expect(rateInput.locator('input[type="range"]')).toHaveCount(0)
      await expect(rateInput.locator('input[type="number"]')).toHaveAttribute('max', '150')
      const teams = prospect.locator('[data-input="teams"]')
      await expect(teams).toHaveAttribute('data-input-type', 'fixed')
      await expect(teams.locator('input')).toHaveCount(0)
      await expect(teams.locator('[data-fixed-value]')).toHaveText('1')
      await expect(teams).toContainText('As stated in the offer')
      // The figure the seller checked and fixed says so, not "Estimate — adjust to your situation".
      const hours = prospect.locator('[data-input="hoursSaved"]')
      await expect(hours).toHaveAttribute('data-input-type', 'fixed')
      await expect(hours.locator('[data-fixed-value]')).toHaveText('200 hours')
      await expect(hours).toContainText('The seller’s checked figure')
      await expect(prospect.locator('[data-input="runningCost"]')).toContainText('Estimate — adjust to your situation')
      // The 44 fees fold to one line, and open one a line.
      const fees = prospect.locator('[data-folded-list]')
      await expect(fees.locator('summary')).toHaveText('44 fees — show')
      await expect(fees.locator('li').first()).toBeHidden()
      await fees.locator('summary').click()
      await expect(fees.locator('li')).toHaveCount(44)
      await expect(fees.locator('li').last()).toHaveText('Fee 44: $530')
      await fees.locator('summary').click()
      await prospect.locator('[data-input="teams"]').scrollIntoViewIfNeeded()
      await screenshot(prospect, 'prospect-net-cost-light')
      expect(await accessibilityViolations(prospect), 'accessibility rule violations on the prospect’s page').toEqual([])
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('a Swedish calculator is checked in Swedish; dark theme and a 375 px phone', async ({ page, signedInUser, origin, browser }) => {
    void signedInUser
    await page.emulateMedia({ colorScheme: 'dark' })
    await openSellerCalculator(page, origin, negativeCalculator('sv'), 'sv')
    const warnings = page.getByTestId('calculator-warnings')
    await expect(warnings.getByRole('heading', { name: 'Kontrollera innan du delar' })).toBeVisible()
    await expect(warnings.locator('[data-warning="unchecked_assumptions"]')).toContainText(
      '3 av 5 indata är antaganden som du inte har bekräftat',
    )
    await screenshot(page, 'seller-panel-swedish-dark')
    const share = page.getByRole('button', { name: 'Share', exact: true })
    await share.click()
    const check = page.getByRole('dialog', { name: 'Kontrollera innan du delar' })
    await expect(check).toContainText('Kalkylatorn har 3 saker att kontrollera. Dela den ändå?')
    await expect(check.locator('[data-warning="no_price"] [data-fix]')).toHaveText('Ange priset')
    await screenshot(page, 'check-dialog-swedish-dark', false)
    await check.getByRole('button', { name: 'Avbryt' }).click()

    // A 375 × 812 phone: the panel and the check fit, nothing runs off the side.
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.reload()
    const panel = page.getByTestId('current-calculator')
    await expect(panel.locator('[data-folded-list] summary')).toHaveText('44 avgifter — visa')
    await panel.getByRole('button', { name: 'Redigera indata: Timkostnad' }).click()
    await expect(panel.locator('[data-input-editor="hourlyRate"]')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await panel.locator('[data-input-editor="hourlyRate"]').scrollIntoViewIfNeeded()
    await screenshot(page, 'input-editor-phone', false)
    await share.click()
    await expect(check).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'check-dialog-phone', false)
    await check.getByRole('button', { name: 'Dela ändå' }).click()
    const { context, prospect, problems } = await shareAndOpen(page, browser, 'Rapportautomation')
    try {
      const headline = prospect.locator('[data-headline-figure="yearly-value"]')
      await expect(headline.locator('dt')).toHaveText('Nettokostnad per år')
      await expect(headline.locator('dd')).toHaveText(/^65\s640\skr$/)
      await expect(prospect.locator('[data-result="yearly"] dt')).toHaveText('Nettokostnad per år')
      await screenshot(prospect, 'prospect-net-cost-swedish')
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})

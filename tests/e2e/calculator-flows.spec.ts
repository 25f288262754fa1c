// The generator screen's flows (issue 36): the editor applies what it saves, in the calculator's
// language; Generate survives a double click and says so first when the month's calculators are used
// up; the list keeps its order by time; the language is remembered; regenerate keeps the
// calculator's own language and currency, asks before discarding the seller's changes and is not a
// new calculator for the month's count.
import type { Page } from '@playwright/test'
import { createCalculator, GENERATOR_SCREEN_LOCALE, moneyDisplayOf, moneyFormatter, type CalculatorData } from '@valueproof/formula'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { calculatorEntries, chooseCalculatorType, currentCalculatorConfig, generateFromDescription, screenshot } from './pages.ts'

const DESCRIPTION_EN =
  'We automate invoice processing for finance teams. Each invoice takes 12 minutes to handle by hand, a team of 4 clerks handles 2,000 invoices per month, and a clerk costs $45 per hour.'
const DESCRIPTION_SV =
  'Vi automatiserar fakturahanteringen för ekonomiavdelningar. Varje faktura tar 12 minuter att hantera manuellt, ett team på 4 personer hanterar 2 000 fakturor per månad och en timme kostar 450 kr.'

/** Opens the generator screen once the server's list of calculators has arrived (it replaces the cached one). */
async function openCalculator(page: Page) {
  const listed = page.waitForResponse((response) => response.request().method() === 'GET' && response.url().endsWith('/api/calculators'))
  await page.goto('/calculator')
  await expect(page.getByRole('tab', { name: 'Create Proposal' })).toHaveAttribute('aria-selected', 'true')
  await listed
}

const panel = (page: Page) => page.getByTestId('current-calculator')

async function storedValues(page: Page): Promise<Record<string, number>> {
  const text = await page.evaluate(() => window.localStorage.getItem('valueproof.calculatorFormValues'))
  return JSON.parse(text ?? '{}') as Record<string, number>
}

/** The yearly figure for these values, shown in the calculator's own currency as the generator screen writes it (SPEC §9: en-US). */
function yearlyFigure(config: CalculatorData, values: Record<string, number>): string {
  const result = createCalculator(config).compute(values)
  if (result.calculatorType !== 'standard') throw new Error(`expected a standard calculator, got ${result.calculatorType}`)
  const yearly = result.timeframes.find((timeframe) => timeframe.period === 'yearly')
  if (yearly === undefined) throw new Error('the calculator shows no yearly figure')
  // As the screen writes it: a Swedish calculator the Swedish way (decision 130).
  return moneyFormatter(config.baseCurrency, moneyDisplayOf(config, config.baseCurrency, GENERATOR_SCREEN_LOCALE))(yearly.value)
}

/** Calculators this month, as the home's usage card reads them ('2 of 5'). */
async function homeUsage(page: Page): Promise<string> {
  await page.goto('/')
  const figure = page.getByRole('region', { name: "This month's usage" }).getByTestId('usage-figure')
  await expect(figure).toHaveText(/^\d+ of \d+$/)
  return (await figure.textContent()) ?? ''
}

test.describe('the generator screen’s flows', () => {
  test.describe.configure({ timeout: 90_000 })

  test('saving the editor applies the new defaults at once, with a toast and notes in the calculator’s language', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_SV, { language: 'sv', currency: 'SEK', type: 'Balanced' })
    const generated = await currentCalculatorConfig(page)
    expect(generated.language).toBe('sv')
    // The two inputs shown as sliders (an input of type 'number' is a number field).
    const [first, second] = generated.parameters.filter((parameter) => parameter.type === 'slider')
    if (first === undefined || second === undefined) throw new Error('a Balanced calculator has two sliders')
    const groupOf = (parameter: typeof first) => `Parameter ${generated.parameters.indexOf(parameter) + 1}`
    const yearly = panel(page).locator('[data-result="yearly"] dd')
    const before = await yearly.textContent()

    // New defaults inside each range, different from the generated ones.
    const newDefault = (parameter: typeof first) => {
      const { min = 0, max = 100, step = 1 } = parameter
      const candidate = Math.min(max, min + 3 * step)
      return candidate === parameter.defaultValue ? Math.min(max, min + 4 * step) : candidate
    }
    const firstDefault = newDefault(first)
    const secondDefault = newDefault(second)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Calculator Configuration' })
    await dialog
      .getByRole('group', { name: groupOf(first), exact: true })
      .getByLabel('Default value')
      .fill(String(firstDefault))
    await dialog
      .getByRole('group', { name: groupOf(second), exact: true })
      .getByLabel('Default value')
      .fill(String(secondDefault))
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toBeHidden()

    // The sliders and the figures follow the new defaults at once.
    const sliders = panel(page).getByRole('slider')
    await expect(sliders.nth(0)).toHaveValue(String(firstDefault))
    await expect(sliders.nth(1)).toHaveValue(String(secondDefault))
    const edited = await currentCalculatorConfig(page)
    const defaults = createCalculator(edited).initialValues()
    expect(defaults[first.name]).toBe(firstDefault)
    await expect.poll(() => storedValues(page)).toEqual(defaults)
    await expect(yearly).toHaveText(yearlyFigure(edited, defaults))
    expect(await yearly.textContent()).not.toBe(before)

    // Swedish calculator, Swedish toast and Swedish note under the inputs set by hand.
    await expect(toasts(page)).toContainText('Kalkylatorn är uppdaterad')
    await expect(panel(page).getByText('Angivet för hand i redigeraren.')).toHaveCount(2)
    await expect(panel(page).getByText('Set by hand in the editor.')).toHaveCount(0)
    await screenshot(page, 'edit-applied-sv')

    // Kept by the server: a reload shows the same.
    await page.reload()
    await expect(panel(page).getByRole('slider').nth(0)).toHaveValue(String(firstDefault))

    // Regenerate would discard the edit: it asks first, naming it, and Keep my changes keeps it (on a phone, dark).
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await page.getByRole('button', { name: 'Regenerate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Regenerate this calculator?' })
    await expect(confirm).toContainText('your edits to the calculator')
    await expect(confirm).not.toContainText('the slider values you set')
    await screenshot(page, 'regenerate-confirm-phone-dark', false)
    await confirm.getByRole('button', { name: 'Keep my changes' }).click()
    await expect(confirm).toBeHidden()
    expect((await currentCalculatorConfig(page)).parameters[0]?.defaultValue).toBe(firstDefault)
  })

  test('a double click on Generate opens the type dialog once, and a double click on a type generates once', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    let generations = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/calculator/analyze-text')) generations += 1
    })
    await openCalculator(page)
    await page.getByRole('button', { name: 'Or describe your service in words' }).click()
    await page.getByLabel('Describe your service').fill(DESCRIPTION_EN)
    await page.getByRole('button', { name: 'Generate Calculator' }).dblclick()
    const dialog = page.getByRole('dialog', { name: 'Choose Calculator Type' })
    await expect(dialog).toBeVisible()
    // Still open a moment later: the second click did not dismiss it.
    await page.waitForTimeout(400)
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Minimal/ }).dblclick()
    await expect(dialog).toBeHidden()
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 30_000 })
    await page.waitForTimeout(500)
    await expect(calculatorEntries(page)).toHaveCount(1)
    expect(generations).toBe(1)
  })

  test('with no calculators left this month, Generate says so with the upgrade instead of the type dialog', async ({
    page,
    signedInUser,
    origin,
  }) => {
    void signedInUser
    for (let count = 0; count < 5; count += 1) {
      const response = await postJson(page.request, origin, '/api/calculator/analyze-text', {
        description: DESCRIPTION_EN,
        complexity: 'minimal',
        language: 'en',
        currency: 'USD',
      })
      expect(response.ok(), await response.text()).toBe(true)
    }
    await openCalculator(page)
    await page.getByRole('button', { name: 'Or describe your service in words' }).click()
    await page.getByLabel('Describe your service').fill(DESCRIPTION_EN)
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    const limit = page.getByRole('dialog', { name: 'No calculators left this month' })
    await expect(limit).toBeVisible()
    await expect(limit).toContainText('You have used all 5 calculators of this month.')
    await expect(limit.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Choose Calculator Type' })).toHaveCount(0)
    await screenshot(page, 'limit-dialog', false)
    await limit.getByRole('button', { name: 'Not now' }).click()
    await expect(limit).toBeHidden()
    // Asked again, it says so again (on a phone, dark).
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    await expect(limit).toBeVisible()
    await screenshot(page, 'limit-dialog-phone-dark', false)
    await limit.getByRole('button', { name: 'Not now' }).click()
    await expect(limit).toBeHidden()
    // The description stays for next month (or after the upgrade).
    await expect(page.getByLabel('Describe your service')).toHaveValue(DESCRIPTION_EN)
  })

  test('a failed entry keeps its place by time: a newer calculator is listed above it, after a reload too', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    await openCalculator(page)
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nthis is not really a PDF\n') })
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    await chooseCalculatorType(page, 'Balanced')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'error')
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Minimal' })
    const statuses = () => calculatorEntries(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))
    await expect.poll(statuses).toEqual(['completed', 'error'])
    await page.reload()
    await expect(calculatorEntries(page)).toHaveCount(2)
    await expect.poll(statuses).toEqual(['completed', 'error'])
  })

  test('the language chosen is remembered like the currency', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await page.getByLabel('Language').selectOption('sv')
    await page.getByLabel('Currency').selectOption('SEK')
    await page.goto('/')
    await openCalculator(page)
    await expect(page.getByLabel('Language')).toHaveValue('sv')
    await expect(page.getByLabel('Currency')).toHaveValue('SEK')
    await page.reload()
    await expect(page.getByLabel('Language')).toHaveValue('sv')
  })

  test('regenerate keeps the calculator’s language and currency, asks before discarding changes, and is not counted', async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_SV, { language: 'sv', currency: 'SEK', type: 'Balanced' })
    const generated = await currentCalculatorConfig(page)
    const used = await homeUsage(page)
    expect(used).toBe('1 of 5')

    // The selector now says English and USD; the seller moves a slider.
    await openCalculator(page)
    await page.getByLabel('Language').selectOption('en')
    await page.getByLabel('Currency').selectOption('USD')
    const slider = panel(page).getByRole('slider').first()
    await slider.focus()
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(async () => (await storedValues(page))[generated.parameters[0]?.name ?? ''])
      .not.toBe(generated.parameters[0]?.defaultValue)

    // Regenerate asks first and names what it would discard; Cancel keeps everything.
    await page.getByRole('button', { name: 'Regenerate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Regenerate this calculator?' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toContainText('the slider values you set')
    await screenshot(page, 'regenerate-confirm', false)
    await confirm.getByRole('button', { name: 'Keep my changes' }).click()
    await expect(confirm).toBeHidden()
    const moved = await storedValues(page)
    expect(moved).not.toEqual(createCalculator(generated).initialValues())

    await page.getByRole('button', { name: 'Regenerate' }).click()
    await confirm.getByRole('button', { name: 'Regenerate', exact: true }).click()
    await expect(toasts(page)).toContainText('Calculator has been regenerated', { timeout: 30_000 })
    await expect(confirm).toBeHidden()
    const regenerated = await currentCalculatorConfig(page)
    expect(regenerated.language).toBe('sv')
    expect(regenerated.baseCurrency).toBe(generated.baseCurrency)
    expect(regenerated.parameters.map((parameter) => parameter.label)).toEqual(generated.parameters.map((parameter) => parameter.label))
    await expect.poll(() => storedValues(page)).toEqual(createCalculator(regenerated).initialValues())

    // Nothing changed since: no question.
    const again = page.waitForResponse((response) => response.url().endsWith(`/regenerate`))
    await page.getByRole('button', { name: 'Regenerate' }).click()
    expect((await again).status()).toBe(200)
    await expect(confirm).toHaveCount(0)

    // Not a new calculator: the month's count is as it was.
    expect(await homeUsage(page)).toBe(used)
  })
})

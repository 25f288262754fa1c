// Issue 16: calculator templates are Pro (SPEC §1). A Free user sees the built-in ROI stories
// locked, with the upgrade; a Pro user (upgraded through the test-mode checkout) starts a calculator
// from a Swedish template, sees it in Swedish with every figure marked as the template's example,
// and saves a calculator as a template of their own.
import type { Page } from '@playwright/test'
import { PRO_ONLY_TEMPLATES_MESSAGE } from '@valueproof/contracts'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { calculatorEntries, currentCalculatorConfig, generateFromDescription, screenshot, upgradeToPro } from './pages.ts'

const SUPPORT = 'Each of your 8 agents spends 10 hours per week on triage; our assistant saves 30% of that time at $45 per hour.'

async function openTemplates(page: Page) {
  await page.getByRole('button', { name: 'Start from a template' }).click()
  const dialog = page.getByRole('dialog', { name: 'Start from a template' })
  await expect(dialog.getByRole('region', { name: 'Built-in templates' })).toBeVisible()
  return dialog
}

test.describe('calculator templates', () => {
  test('a Free user sees the templates locked, with the upgrade, and cannot save one', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/calculator')
    await generateFromDescription(page, SUPPORT)
    const saveButton = page.getByRole('button', { name: /^Save as template/ })
    await expect(saveButton).toBeDisabled()
    await expect(saveButton).toContainText('Pro')

    const dialog = await openTemplates(page)
    await expect(dialog.getByText(PRO_ONLY_TEMPLATES_MESSAGE)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled()
    const builtin = dialog.getByRole('region', { name: 'Built-in templates' }).getByRole('listitem')
    expect(await builtin.count()).toBeGreaterThanOrEqual(6)
    for (const card of await builtin.all()) await expect(card).toHaveAttribute('data-locked', 'true')
    await expect(builtin.first()).toContainText('Support ticket handling time')
    await expect(dialog.getByRole('button', { name: /^Use template/ })).toHaveCount(0)
    await screenshot(page, 'free-templates-locked', false)

    // The upgrade goes to the payment page.
    await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click()
    await page.waitForURL(/\/checkout\/test\/[^/]+$/)
  })

  test('a Pro user starts from a Swedish template and saves a calculator as their own template', async ({ page, signedInUser }) => {
    void signedInUser
    await upgradeToPro(page)
    await page.goto('/calculator')
    await page.getByLabel('Language').selectOption('sv')
    await page.getByLabel('Currency').selectOption('SEK')

    const dialog = await openTemplates(page)
    await expect(dialog.getByText(PRO_ONLY_TEMPLATES_MESSAGE)).toHaveCount(0)
    await expect(dialog.getByText('Support ticket handling time')).toHaveCount(0)
    await screenshot(page, 'pro-templates-swedish', false)
    await dialog.getByRole('button', { name: 'Use template Handläggningstid för supportärenden' }).click()
    await expect(dialog).toBeHidden()

    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed')
    const calculator = page.getByTestId('current-calculator')
    await expect(calculator.getByRole('spinbutton', { name: 'Supportärenden per månad' })).toBeVisible()
    await expect(calculator.getByText('Exempelvärde från mallen', { exact: false }).first()).toBeVisible()
    const config = await currentCalculatorConfig(page)
    expect(config).toMatchObject({ language: 'sv', baseCurrency: 'SEK', name: 'Supportärenden — ROI-kalkylator' })
    expect(config.parameters.every((parameter) => parameter.source?.kind === 'assumption')).toBe(true)
    await screenshot(page, 'pro-swedish-template-calculator')

    // The screen's next visit lists it from the server.
    await page.reload()
    await expect(calculatorEntries(page).first()).toContainText('Supportärenden — ROI-kalkylator')
    await page.getByLabel('Language').selectOption('sv')

    await page.getByRole('button', { name: /^Save as template/ }).click()
    const save = page.getByRole('dialog', { name: 'Save as template' })
    await save.getByLabel('Template name').fill('Vår supportberäkning')
    await save.getByRole('button', { name: 'Save template' }).click()
    await expect(save).toBeHidden()
    await expect(toasts(page)).toContainText('Saved as template')

    const again = await openTemplates(page)
    const own = again.getByRole('region', { name: 'Your templates' }).getByRole('listitem')
    await expect(own).toHaveCount(1)
    await expect(own.first()).toContainText('Vår supportberäkning')
    await expect(own.first().getByRole('button', { name: 'Use template Vår supportberäkning' })).toBeVisible()
    await screenshot(page, 'pro-own-template', false)
  })

  test('after Pro ends, the calculators made beyond the Free allowance are listed locked, and can be removed', async ({
    page,
    signedInUser,
    origin,
  }) => {
    void signedInUser
    await upgradeToPro(page)
    // Six calculators this month, the sixth beyond the Free plan's five.
    for (let made = 1; made <= 6; made += 1) {
      const response = await postJson(page.request, origin, '/api/calculator-templates/builtin-energy-costs-en/use', {})
      expect(response.status(), await response.text()).toBe(200)
    }
    // The subscription is canceled and its period ended with the test clock (test mode): Free again.
    expect((await postJson(page.request, origin, '/api/subscription/cancel', {})).status()).toBe(200)
    expect((await postJson(page.request, origin, '/api/billing/test-mode/end-period', {})).status()).toBeLessThan(300)
    await expect
      .poll(async () => {
        const listed = (await (await page.request.get('/api/calculators')).json()) as { calculators: Array<{ locked: boolean }> }
        return listed.calculators.filter((calculator) => calculator.locked).length
      })
      .toBe(1)

    await page.goto('/calculator')
    const locked = page.locator('[data-status="locked"]')
    await expect(locked).toHaveCount(1)
    await expect(locked.getByRole('button', { name: 'Upgrade to Pro to open' })).toBeVisible()
    await expect(locked).toContainText('Energy Costs — ROI Calculator')
    await expect(calculatorEntries(page).filter({ has: page.getByRole('button', { name: 'View Calculator' }) })).toHaveCount(5)
    await screenshot(page, 'locked-calculator-after-downgrade')

    await locked.getByRole('button', { name: 'Remove Energy Costs — ROI Calculator' }).click()
    await expect(locked).toHaveCount(0)
    await expect(calculatorEntries(page)).toHaveCount(5)
  })
})

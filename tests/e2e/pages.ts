// What the browser tests share: screenshots they keep, the generator screen's list and current
// calculator, generating from a description, and the standard calculator the proposal tests share.
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import { calculatorDataSchema, type CalculatorData } from '@valueproof/formula'
import { postJson, watchPageHealth } from './fixtures.ts'

export type CalculatorType = 'Minimal' | 'Balanced' | 'Advanced' | 'Value'

/** A screenshot kept in the test's output folder and attached to the report (full page unless said). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const path = test.info().outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage })
  await test.info().attach(name, { path, contentType: 'image/png' })
}

/** The 'Generated Calculators' list's entries (newest first). */
export function calculatorEntries(page: Page): Locator {
  return page.getByRole('region', { name: 'Generated Calculators' }).getByRole('listitem')
}

/** Picks a type in 'Choose Calculator Type' and waits for the dialog to close. */
export async function chooseCalculatorType(page: Page, type: CalculatorType): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Choose Calculator Type' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: new RegExp(`^${type}`) }).click()
  await expect(dialog).toBeHidden()
}

/**
 * On the generator screen: describes the service (in the language and currency given) and generates
 * a calculator of the type given; waits for it to complete unless `wait` is false.
 */
export async function generateFromDescription(
  page: Page,
  text: string,
  options: { type?: CalculatorType; language?: 'en' | 'sv'; currency?: 'USD' | 'EUR' | 'SEK'; wait?: boolean } = {},
): Promise<void> {
  if (options.language !== undefined) await page.getByLabel('Language').selectOption(options.language)
  if (options.currency !== undefined) await page.getByLabel('Currency').selectOption(options.currency)
  const textarea = page.getByLabel('Describe your service')
  if (!(await textarea.isVisible())) await page.getByRole('button', { name: 'Or describe your service in words' }).click()
  await textarea.fill(text)
  await page.getByRole('button', { name: 'Generate Calculator' }).click()
  await chooseCalculatorType(page, options.type ?? 'Balanced')
  if (options.wait === false) return
  await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 30_000 })
}

/**
 * Clicks Share or Create Proposal on the generator screen and, when the calculator has warnings to
 * confirm (issue 35: "Check before you share"), goes on anyway; waits for the action's own dialog.
 */
export async function startGuardedAction(page: Page, action: 'Share' | 'Create Proposal'): Promise<void> {
  await page.getByRole('button', { name: action, exact: true }).click()
  // The check speaks the calculator's language (issue 36).
  const confirm = page.getByRole('dialog', { name: /^(Check before you share|Kontrollera innan du delar)$/ })
  const next = page.getByRole('dialog', { name: action === 'Share' ? 'Share Calculator' : 'Create Proposal' })
  await expect(confirm.or(next)).toBeVisible()
  if (await confirm.isVisible()) {
    const anyway = action === 'Share' ? /^(Share anyway|Dela ändå)$/ : /^(Create proposal anyway|Skapa förslag ändå)$/
    await confirm.getByRole('button', { name: anyway }).click()
  }
  await expect(next).toBeVisible()
}

/** The current calculator as the screen keeps it (its local-storage copy). */
export async function currentCalculatorConfig(page: Page): Promise<CalculatorData> {
  const text = await page.evaluate(() => window.localStorage.getItem('valueproof.currentCalculatorConfig'))
  expect(text, 'the current calculator config is in local storage').not.toBeNull()
  return calculatorDataSchema.parse(JSON.parse(text ?? 'null'))
}

/** A standard calculator: hoursSaved × hourlyRate per week, so a week starts at $500 and a year at $26,000. */
export const SUPPORT_CALCULATOR = {
  name: 'Support Automation Savings',
  description: 'What automating first-line support saves.',
  formula: 'hoursSaved * hourlyRate',
  explanation: 'Hours saved each week times the loaded hourly cost of an agent.',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per week', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 10, unit: 'hours' },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50, unit: 'USD' },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
}

/** A Swedish calculator: pages per month × the saving per page, in kronor (18 000 × 1,60 kr a month). */
export const SWEDISH_CALCULATOR = {
  name: 'Fakturautskick',
  description: 'Enligt erbjudandet.',
  formula: 'sidor * besparingPerSida',
  explanation: 'Sidor per månad gånger besparingen per sida.',
  parameters: [
    { name: 'sidor', label: 'Sidor per månad', type: 'slider', min: 0, max: 50000, step: 100, defaultValue: 18000, unit: 'sidor' },
    { name: 'besparingPerSida', label: 'Besparing per sida', type: 'slider', min: 0, max: 10, step: 0.1, defaultValue: 1.6, unit: 'kr' },
  ],
  baseCurrency: 'SEK',
  baseTimeframe: 'monthly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  language: 'sv',
}

/** Shares `calculatorData` as a published proposal through the API (the signed-in request's session); answers its id. */
export async function shareCalculatorByApi(
  request: APIRequestContext,
  origin: string,
  title: string,
  calculatorData: object,
): Promise<string> {
  const response = await postJson(request, origin, '/api/proposals', { title, content: '', calculatorData })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** A signed-out visitor in a fresh browser context, watched for page errors and CSP violations (checked on close). */
export async function signedOutVisitor(
  browser: Browser,
  origin: string,
  options: { timezoneId?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({
    baseURL: origin,
    colorScheme: options.colorScheme ?? 'light',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  })
  const page = await context.newPage()
  const problems = await watchPageHealth(page)
  return {
    page,
    async close() {
      await context.close()
      expect(problems, 'page errors and CSP violations').toEqual([])
    },
  }
}

/** The Subscription Plan card on /settings. */
export function planCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Subscription Plan' })
}

/**
 * A signed-in Free user becomes Pro the way a person does: 'Upgrade to Pro' in the header, Pay on the
 * test-mode payment page, /settings/success, then /settings showing PRO.
 */
export async function upgradeToPro(page: Page): Promise<void> {
  await page.goto('/settings')
  await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click()
  await page.waitForURL(/\/checkout\/test\/[^/]+$/)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/settings\/success/)
  await page.waitForURL(/\/settings$/)
  await expect(planCard(page).getByText('PRO', { exact: true })).toBeVisible()
}

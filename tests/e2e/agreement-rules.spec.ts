// Issue 34 in the browser: a seller names who may agree — a stranger is refused, a named address
// agrees — and releases an agreement they did not expect, which stays in their history while the
// prospect's page takes a new agreement; the refusal speaks a Swedish proposal's language; and the
// Share dialog refuses a common access code and shares with a generated one.
import type { Page, Response } from '@playwright/test'
import { ACCESS_CODE_TOO_COMMON_MESSAGE } from '@valueproof/contracts'
import { proposalTexts } from '@valueproof/formula'
import { expect, test, toasts } from './fixtures.ts'
import {
  generateFromDescription,
  screenshot,
  shareCalculatorByApi,
  signedOutVisitor,
  SUPPORT_CALCULATOR,
  SWEDISH_CALCULATOR,
  startGuardedAction,
} from './pages.ts'

const TIME_ZONE = 'UTC'
test.use({ timezoneId: TIME_ZONE })

const EN = proposalTexts('en')
const SV = proposalTexts('sv')
const NAMED = 'priya@initech.example'

const agreementPanel = (page: Page) => page.getByRole('region', { name: 'Agreement', exact: true })

/** The script files a page downloads, by URL. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = []
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname)
  })
  return scripts
}

/** The seller names who may agree on their proposal's page. */
async function allowOnly(page: Page, emails: string): Promise<void> {
  const panel = agreementPanel(page)
  await panel.getByRole('radio', { name: 'Only these e-mail addresses' }).check()
  await panel.getByLabel('E-mail addresses that may agree').fill(emails)
  await panel.getByRole('button', { name: 'Save who may agree' }).click()
  await expect(toasts(page)).toContainText('Who may agree saved')
  await expect(agreementPanel(page).getByLabel('E-mail addresses that may agree')).toHaveValue(emails.toLowerCase())
}

/** The prospect fills in "These numbers work for us" and confirms. */
async function agree(page: Page, texts: typeof EN, who: { name: string; email: string }): Promise<void> {
  const agreeButton = page.getByRole('button', { name: texts.agree })
  if (await agreeButton.isVisible()) await agreeButton.click()
  const form = page.locator('form[data-agreement-form]')
  await form.getByLabel(texts.yourName).fill(who.name)
  await form.getByLabel(texts.yourEmail).fill(who.email)
  await form.getByRole('button', { name: texts.confirmAgreement }).click()
}

test.describe('who may agree, releasing an agreement, and access codes', () => {
  test('a stranger is refused on a restricted proposal, a named address agrees, and the seller releases an unexpected agreement', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(90_000)
    expect(signedInUser).not.toBe('')
    const title = `Restricted savings for Initech ${Date.now()}`
    const id = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
    const ownerScripts = scriptsOf(page)
    await page.goto(`/proposals/${id}`)
    await expect(agreementPanel(page).getByRole('radio', { name: 'Anyone with the link' })).toBeChecked()
    await allowOnly(page, `${NAMED}\ncfo@initech.example`)
    expect(ownerScripts.some((path) => path.includes('owner-agreement'))).toBe(true)
    await screenshot(page, 'owner-who-may-agree')

    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
    const prospectScripts = scriptsOf(prospect.page)
    await prospect.page.goto(`/proposals/${id}`)
    await prospect.page.getByRole('button', { name: EN.agree }).click()
    await expect(prospect.page.locator('[data-agreement-restricted]')).toHaveText(EN.agreeListedOnly)
    await agree(prospect.page, EN, { name: 'Sam Stranger', email: 'sam@elsewhere.example' })
    await expect(prospect.page.locator('form[data-agreement-form]').getByRole('alert')).toHaveText(EN.agreementNotListed)
    await screenshot(prospect.page, 'prospect-not-listed')
    // The named address, typed in another case, agrees.
    await agree(prospect.page, EN, { name: 'Priya Raman', email: 'Priya@Initech.example' })
    await expect(prospect.page.getByRole('region', { name: EN.agreedFigures })).toBeVisible()
    expect(prospectScripts.filter((path) => path.includes('owner-agreement'))).toEqual([])

    // The seller did not expect it: release it, after a confirmation.
    await page.reload()
    const panel = agreementPanel(page)
    await panel.getByRole('button', { name: 'Release agreement' }).click()
    const dialog = page.getByRole('dialog', { name: 'Release this agreement?' })
    await expect(dialog).toContainText(`Priya Raman (Priya@Initech.example) agreed to the expected figures`)
    await screenshot(page, 'owner-release-dialog', false)
    await dialog.getByRole('button', { name: 'Release agreement' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(toasts(page)).toContainText('Agreement released')
    const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(
      new Date(),
    )
    const released = panel.getByTestId('released-agreements')
    await expect(released).toContainText(`Released by the seller on ${today}. The record still matches its hash.`)
    await expect(panel.getByRole('button', { name: 'Release agreement' })).toHaveCount(0)
    await screenshot(page, 'owner-released-agreement')
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(released).toBeVisible()
    expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth)).toBe(true)
    await screenshot(page, 'owner-agreement-panel-phone')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(agreementPanel(page).getByTestId('released-agreements')).toBeVisible()
    await screenshot(page, 'owner-agreement-panel-phone-dark')

    // The prospect's page takes a new agreement, on the same link and version.
    await prospect.page.reload()
    await expect(prospect.page.getByRole('region', { name: EN.agreedFigures })).toHaveCount(0)
    await expect(prospect.page.getByRole('button', { name: EN.agree })).toBeVisible()
    await agree(prospect.page, EN, { name: 'Priya Raman', email: NAMED })
    await expect(prospect.page.getByRole('region', { name: EN.agreedFigures })).toBeVisible()
    await screenshot(prospect.page, 'prospect-agreed-again')
    await prospect.close()
  })

  test('a Swedish proposal tells a stranger in Swedish, on a phone and in the dark', async ({ page, browser, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Fakturautskick för Initech ${Date.now()}`
    const id = await shareCalculatorByApi(page.request, origin, title, SWEDISH_CALCULATOR)
    await page.goto(`/proposals/${id}`)
    await allowOnly(page, NAMED)

    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE, colorScheme: 'dark' })
    await prospect.page.setViewportSize({ width: 375, height: 812 })
    await prospect.page.goto(`/proposals/${id}`)
    await prospect.page.getByRole('button', { name: SV.agree }).click()
    await expect(prospect.page.locator('[data-agreement-restricted]')).toHaveText(SV.agreeListedOnly)
    await agree(prospect.page, SV, { name: 'Sven Främling', email: 'sven@annanstans.example' })
    const refusal = prospect.page.locator('form[data-agreement-form]').getByRole('alert')
    await expect(refusal).toHaveText(SV.agreementNotListed)
    expect(await prospect.page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth)).toBe(true)
    await refusal.scrollIntoViewIfNeeded()
    await screenshot(prospect.page, 'prospect-not-listed-swedish-phone-dark', false)
    await prospect.close()
  })

  test('the Share dialog refuses a common access code at its field and shares with a generated one', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(60_000)
    expect(signedInUser).not.toBe('')
    await page.goto('/calculator')
    await generateFromDescription(page, 'We automate invoice sending for finance teams that send 2,000 invoices a month by hand.', {
      type: 'Minimal',
    })
    await startGuardedAction(page, 'Share')
    const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
    await dialog.getByLabel('Calculator Name').fill('Invoice automation for Initech')
    const accessPassword = dialog.getByLabel('Access Password')
    await accessPassword.fill('letmein')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(dialog.getByText(ACCESS_CODE_TOO_COMMON_MESSAGE)).toBeVisible()
    await expect(accessPassword).toHaveAttribute('aria-invalid', 'true')
    await expect(toasts(page)).toContainText(ACCESS_CODE_TOO_COMMON_MESSAGE)
    await screenshot(page, 'share-common-code-refused', false)

    await dialog.getByRole('button', { name: 'Generate', exact: true }).click()
    const generated = await accessPassword.inputValue()
    expect(generated).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/)
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(toasts(page)).toContainText('Link copied!')
    const link = await dialog.getByLabel('Share link').inputValue()
    const id = new URL(link).pathname.split('/').pop() ?? ''

    // The prospect opens it with the generated code.
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    await prospect.page.getByLabel('Enter Password').fill(generated)
    await prospect.page.getByRole('button', { name: 'Access Calculator' }).click()
    await expect(prospect.page.getByRole('heading', { level: 1, name: 'Invoice automation for Initech' })).toBeVisible()
    await prospect.close()
  })
})

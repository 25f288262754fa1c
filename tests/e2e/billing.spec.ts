// Issue 16: plans and billing in the browser, through the built-in test-mode checkout (no Stripe key):
// a Free user upgrades, uses Pro's company profile on a shared proposal, cancels, and returns to Free
// when the test clock ends the period; the canceled checkout and the checkout flags show their toasts.
// Issue 34: a deployment with neither Stripe nor PAYMENTS_TEST_MODE sells nothing, and says so.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page, Route } from '@playwright/test'
import { ALREADY_PRO_MESSAGE, PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@valueproof/contracts'
import { startProduct, type Product } from '../bench/product.ts'
import { tinyPng } from '../integration/support/images.ts'
import { expect, greeting, STRONG_PASSWORD, test, toasts, uniqueUsername } from './fixtures.ts'
import { generateFromDescription, planCard, screenshot, signedOutVisitor, upgradeToPro, startGuardedAction } from './pages.ts'

const SERVICE =
  'Our help desk automation answers 40% of first-line tickets. Your 5 agents each handle 60 tickets a day, and an agent costs $45 per hour.'
const COMPANY = { name: 'Initech Consulting', website: 'https://initech.example' }

const profileCard = (page: Page) => page.getByRole('region', { name: 'Company Profile Settings' })
const badge = (page: Page, text: 'PRO' | 'FREE') => planCard(page).getByText(text, { exact: true })

/** Holds a call for a moment so its busy label can be seen. */
async function slowDown(page: Page, url: string): Promise<void> {
  await page.route(url, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
}

async function expectFreeSettings(page: Page) {
  await expect(badge(page, 'FREE')).toBeVisible()
  const profile = profileCard(page)
  for (const label of ['Company name', 'Company logo', 'Company website']) await expect(profile.getByLabel(label)).toBeDisabled()
  await expect(profile.getByText('Pro only', { exact: true })).toHaveCount(3)
  await expect(profile.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
  await expect(profile.getByRole('button', { name: 'Upgrade to Pro to Edit' })).toBeEnabled()
}

/** Company name, a logo generated here, website; Save Changes reloads the page with them. */
async function editCompanyProfile(page: Page) {
  const profile = profileCard(page)
  await profile.getByLabel('Company name').fill(COMPANY.name)
  await slowDown(page, '**/api/upload-logo')
  await profile.getByLabel('Company logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() })
  await expect(profile.getByText('Uploading...')).toBeVisible()
  await expect(toasts(page).filter({ hasText: 'Logo uploaded successfully' })).toBeVisible()
  await expect(profile.getByRole('img', { name: 'Current company logo' })).toHaveAttribute('src', /^\/api\/logos\//)
  await profile.getByLabel('Company website').fill(COMPANY.website)
  const reloaded = page.waitForEvent('load')
  await profile.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toasts(page).filter({ hasText: 'Profile updated successfully' })).toBeVisible()
  await reloaded
  await expect(profile.getByLabel('Company name')).toHaveValue(COMPANY.name)
  await expect(profile.getByLabel('Company website')).toHaveValue(COMPANY.website)
}

/** A calculator from a description, shared; answers the link the seller would send. */
async function shareCalculator(page: Page, title: string): Promise<string> {
  await page.goto('/calculator')
  await generateFromDescription(page, SERVICE)
  await startGuardedAction(page, 'Share')
  const share = page.getByRole('dialog', { name: 'Share Calculator' })
  await share.getByLabel('Calculator Name').fill(title)
  await share.getByRole('button', { name: 'Generate Share Link' }).click()
  await expect(toasts(page)).toContainText('Link copied!')
  return page.evaluate(() => navigator.clipboard.readText())
}

test.describe('plans and billing', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('a Free user upgrades, brands a shared proposal, cancels, and is Free again when the period ends', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(120_000)
    void signedInUser
    await page.goto('/settings')
    await expectFreeSettings(page)
    await expect(planCard(page).getByText('$9.99/month - Unlock Pro features', { exact: true })).toBeVisible()
    await expect(planCard(page).getByRole('progressbar', { name: 'Calculators used this month' })).toHaveAttribute('aria-valuenow', '0')
    await screenshot(page, 'settings-free')

    // The header's Upgrade to Pro → the test-mode payment page → Pay.
    await slowDown(page, '**/api/subscription/create')
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Processing...' })).toBeDisabled()
    await page.waitForURL(/\/checkout\/test\/[^/]+$/)
    await expect(page.getByText('Test mode — no real payment')).toBeVisible()
    await expect(page.getByText('$9.99/month', { exact: true })).toBeVisible()
    await screenshot(page, 'test-checkout')
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
    const confirmation = page.waitForRequest('**/api/subscription/upgrade-manual')
    await page.getByRole('button', { name: /^Pay / }).click()

    await page.waitForURL(/\/settings\/success\?session_id=/)
    // The success page confirms the session its URL names, not whichever checkout is the latest.
    expect((await confirmation).postDataJSON()).toEqual({ sessionId })
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
    await expect(toasts(page).filter({ hasText: 'Account Upgraded' })).toBeVisible()
    await screenshot(page, 'payment-success')
    await page.waitForURL(/\/settings$/)
    await expect(badge(page, 'PRO')).toBeVisible()
    await expect(planCard(page)).toContainText('up to 100')
    await expect(planCard(page).getByRole('button', { name: "You're on the Pro Plan" })).toBeDisabled()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'title',
      /^Priority support: reply /,
    )

    await editCompanyProfile(page)
    await screenshot(page, 'settings-pro')

    // The prospect sees the company's name and logo.
    const link = await shareCalculator(page, 'Help desk savings for Acme')
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(link)
    const header = prospect.page.locator('article header')
    await expect(header.getByText(COMPANY.name, { exact: true })).toBeVisible()
    await expect(header.locator('img')).toHaveAttribute('src', /\/api\/logos\//)
    await screenshot(prospect.page, 'prospect-pro-branding')

    // Cancel: the dialog says what happens; Pro stays until the period's end, which is shown.
    await page.goto('/settings')
    await planCard(page).getByRole('button', { name: 'Cancel Subscription' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel your Pro subscription?' })
    await expect(dialog).toContainText('locked, not deleted')
    await expect(dialog).toContainText(/You keep Pro until [A-Z][a-z]+ \d{1,2}, \d{4}/)
    await slowDown(page, '**/api/subscription/cancel')
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click()
    await expect(dialog.getByRole('button', { name: 'Canceling...' })).toBeDisabled()
    await expect(toasts(page).filter({ hasText: 'Subscription Canceled' })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('pro-ends')).toContainText(/You keep Pro until [A-Z][a-z]+ \d{1,2}, \d{4}/)
    await expect(planCard(page).getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0)
    await expect(badge(page, 'PRO')).toBeVisible()

    // The test clock ends the period: Free again, and the proposal shows ValueProof's branding.
    await planCard(page).getByRole('button', { name: 'End billing period now' }).click()
    await expect(badge(page, 'FREE')).toBeVisible()
    await expectFreeSettings(page)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible()
    await prospect.page.reload()
    await expect(header.getByRole('img', { name: 'ValueProof' })).toBeVisible()
    await expect(header).not.toContainText(COMPANY.name)
    await prospect.close()
  })

  test('a canceled checkout goes to /settings/canceled, says so, and returns to /settings on Free', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings')
    await slowDown(page, '**/api/subscription/create')
    await planCard(page).getByRole('button', { name: 'Upgrade to Pro' }).click()
    await expect(planCard(page).getByRole('button', { name: 'Upgrading...' })).toBeDisabled()
    await page.waitForURL(/\/checkout\/test\/[^/]+$/)
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()

    await page.waitForURL(/\/settings\/canceled$/)
    await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible()
    const toast = toasts(page).filter({ hasText: 'Checkout Canceled' })
    await expect(toast).toBeVisible()
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    await page.waitForURL(/\/settings$/)
    await expectFreeSettings(page)
  })

  test('the checkout flags on /settings show their toasts, then the address is /settings', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings?success=true')
    await expect(toasts(page).filter({ hasText: 'Payment Successful' })).toContainText(
      'Your account will be upgraded to Pro shortly. If your account is not upgraded within a few minutes, please contact support.',
    )
    await expect(page).toHaveURL(/\/settings$/)

    await page.goto('/settings?canceled=true')
    const canceled = toasts(page).filter({ hasText: 'Checkout Canceled' })
    await expect(canceled).toContainText("You've canceled the subscription process. You can try again anytime.")
    await expect(canceled).toHaveAttribute('data-variant', 'destructive')
    await expect(page).toHaveURL(/\/settings$/)
  })

  test("on a phone the header's Upgrade to Pro and Logout are on the screen, and the plan card reads in one column", async ({
    page,
    signedInUser,
  }) => {
    void signedInUser
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/settings')
    const upgrade = await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).boundingBox()
    const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox()
    expect(upgrade && logout && upgrade.x >= 0 && upgrade.x + upgrade.width <= 375 && logout.x + logout.width <= 375).toBe(true)
    // Logout shares the first row with the logo and its name (issue 36); the greeting keeps room for
    // the name on the line under it, beside Upgrade to Pro.
    const welcome = await greeting(page, signedInUser).boundingBox()
    expect(welcome && logout && welcome.y >= logout.y + logout.height - 1 && welcome.width > 200).toBe(true)
    await expect(planCard(page).getByText('$9.99/month - Unlock Pro features')).toBeInViewport()
    await screenshot(page, 'settings-free-phone')
  })

  test("a refused upgrade: the header's alert and the settings toast with the server's reason", async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings')
    await expect(badge(page, 'FREE')).toBeVisible()
    // The same user upgrades in another tab; this one still shows Free, and billing refuses a second checkout.
    const other = await page.context().newPage()
    await upgradeToPro(other)
    await other.close()

    // The alert is answered as it opens: a click waits while one is open.
    const alerts: string[] = []
    page.once('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.dismiss()
    })
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click()
    await expect.poll(() => alerts).toEqual(['alert: Error creating subscription. Please try again.'])

    await planCard(page).getByRole('button', { name: 'Upgrade to Pro' }).click()
    const toast = toasts(page).filter({ hasText: ALREADY_PRO_MESSAGE })
    await expect(toast).toContainText('Error')
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    await expect(planCard(page).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled()
    await expect(page).toHaveURL(/\/settings$/)
  })

  test('upgradeToPro leaves a Pro user on /settings', async ({ page, signedInUser }) => {
    void signedInUser
    await upgradeToPro(page)
    await expect(profileCard(page).getByLabel('Company name')).toBeEnabled()
    await expect(profileCard(page).getByText('Pro only', { exact: true })).toHaveCount(0)
  })
})

test.describe('a deployment that sells nothing: no Stripe key, PAYMENTS_TEST_MODE=false (docs/decisions/120)', () => {
  let product: Product | undefined
  let dataDir: string

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    dataDir = await mkdtemp(join(tmpdir(), 'valueproof-e2e-no-payments-'))
    product = await startProduct({ dataDir, env: { PAYMENTS_TEST_MODE: 'false', REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000' } })
  })
  test.afterAll(async () => {
    await product?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  test("Upgrade to Pro shows 'Payments are not configured' in the settings toast; the plan stays Free", async ({ page }) => {
    const origin = product?.url ?? ''
    const registered = await page.request.post(`${origin}/api/register`, {
      headers: { Origin: origin },
      data: { username: uniqueUsername('no-payments'), password: STRONG_PASSWORD },
    })
    expect(registered.status()).toBe(201)
    await page.goto(`${origin}/settings`)
    await expect(badge(page, 'FREE')).toBeVisible()

    await planCard(page).getByRole('button', { name: 'Upgrade to Pro' }).click()
    const toast = toasts(page).filter({ hasText: PAYMENTS_NOT_CONFIGURED_MESSAGE })
    await expect(toast).toContainText('Error')
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    await screenshot(page, 'settings-payments-not-configured', false)

    // The header's button says what SPEC §8 says for a failed checkout; nothing opened a payment page.
    const alerts: string[] = []
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click()
    await expect.poll(() => alerts).toEqual(['Error creating subscription. Please try again.'])
    await expect(page).toHaveURL(`${origin}/settings`)
    await page.reload()
    await expect(badge(page, 'FREE')).toBeVisible()
  })
})

// Issue 39's HubSpot in the browser, against a fake HubSpot speaking the API's shapes (the product's
// HUBSPOT_API_URL points at it; the real client library calls it): a Free seller is offered the
// upgrade; a Pro seller connects with a private app's token (a wrong one is refused), links a
// proposal to a deal found by name on its analytics page, and a prospect's first open becomes a note
// on that deal. When HubSpot stops accepting the token, /settings says so with the last error, and
// connecting again and disconnecting work.
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { startFakeHubspot, type FakeHubspot } from '../../services/notification/src/hubspot/testing/fake-hubspot.ts'
import { accessibilityViolations } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { expectFitsScreen, SMALL_PHONE } from './layout.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR, upgradeToPro } from './pages.ts'
import { HUBSPOT_FAKE_PORT_OFFSET } from './playwright.config.ts'

const PORTAL_ID = 48_151_623
const hubspotCard = (page: Page) => page.getByRole('region', { name: 'HubSpot', exact: true })
const dealCard = (page: Page) => page.getByRole('region', { name: 'HubSpot deal' })
const token = () => `pat-eu1-${randomBytes(16).toString('hex')}`

async function switchTheme(page: Page, to: 'dark' | 'light'): Promise<void> {
  await page.getByRole('button', { name: `Switch to ${to} theme` }).click()
  if (to === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
}

async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-light`)
  await switchTheme(page, 'dark')
  await screenshot(page, `${name}-dark`)
  await switchTheme(page, 'light')
}

// One fake on one port: this file's tests run one after another in one worker.
test.describe.configure({ mode: 'serial' })

test.describe('HubSpot', () => {
  let hubspot: FakeHubspot
  test.beforeAll(async () => {
    hubspot = await startFakeHubspot({ port: Number(process.env.E2E_PORT ?? 3100) + HUBSPOT_FAKE_PORT_OFFSET })
    hubspot.addDeal({ id: '3101', name: 'Initech – support desk automation', stage: 'presentationscheduled', amount: '120000' })
    hubspot.addDeal({ id: '3102', name: 'Initech renewal 2027', stage: 'qualifiedtobuy' })
    hubspot.addDeal({ id: '3103', name: 'Globex pilot' })
  })
  test.afterAll(async () => hubspot?.close())

  test('a Free seller is offered the upgrade instead of the connection', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings')
    await expect(hubspotCard(page).getByText('HubSpot is part of Pro.')).toBeVisible()
    await expect(hubspotCard(page).getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible()
    await expect(hubspotCard(page).getByLabel('Private app access token')).toHaveCount(0)
    await hubspotCard(page).scrollIntoViewIfNeeded()
    await screenshot(page, 'hubspot-free', false)
  })

  test("a Pro seller connects, links a proposal to a deal, and a prospect's first open becomes a note on it", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(150_000)
    void signedInUser
    await upgradeToPro(page)
    const card = hubspotCard(page)
    // The notification service learns of the plan from billing's event: a moment after the upgrade it may not know yet.
    await expect(async () => {
      await page.reload()
      await expect(card.getByText('Not connected.')).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })

    // A token HubSpot does not accept is refused, with the reason under the field.
    await card.getByLabel('Private app access token').fill(token())
    await card.getByRole('button', { name: 'Connect HubSpot' }).click()
    await expect(card.getByText('HubSpot does not accept this access token. Copy it again from your private app.')).toBeVisible()
    await card.scrollIntoViewIfNeeded()
    await screenshot(page, 'hubspot-refused-token', false)

    const first = token()
    hubspot.addToken(first, PORTAL_ID)
    await card.getByLabel('Private app access token').fill(first)
    await card.getByRole('button', { name: 'Connect HubSpot' }).click()
    await expect(card.getByText(`Connected to HubSpot account ${PORTAL_ID}.`)).toBeVisible()
    await expect(card.getByRole('button', { name: 'Disconnect HubSpot' })).toBeVisible()
    expect(await page.content()).not.toContain(first)
    await card.scrollIntoViewIfNeeded()
    await screenshots(page, 'hubspot-connected')

    // The proposal's analytics page finds the deal by name and links it.
    const title = `Support savings for Initech ${Date.now().toString(36)}`
    const proposalId = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
    await expect(async () => {
      await page.goto(`/analytics/${proposalId}`)
      await expect(dealCard(page)).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 20_000 })
    await dealCard(page).getByRole('searchbox', { name: 'Search your HubSpot deals' }).fill('initech')
    await dealCard(page).getByRole('button', { name: 'Search' }).click()
    const found = dealCard(page).getByRole('list', { name: 'Deals found' }).getByRole('listitem')
    await expect(found).toHaveCount(2)
    await expect(found.first()).toContainText('Initech – support desk automation · presentationscheduled · amount 120000')
    expect.soft(await accessibilityViolations(page), 'analytics with the deal search: accessibility rule violations').toEqual([])
    await screenshots(page, 'hubspot-deal-search')
    await dealCard(page).getByRole('button', { name: 'Link Initech – support desk automation' }).click()
    await expect(dealCard(page).getByText('Initech – support desk automation', { exact: true })).toBeVisible()
    await expect(dealCard(page).getByRole('button', { name: 'Unlink' })).toBeVisible()
    await screenshot(page, 'hubspot-deal-linked')

    // A prospect opens the proposal: a note on the deal says so, with a link to its analytics.
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${proposalId}`)
    await expect(prospect.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await prospect.close()
    await expect
      .poll(() => hubspot.notes.filter((note) => note.deals.some((deal) => deal.id === '3101')).length, { timeout: 20_000 })
      .toBe(1)
    const [note] = hubspot.notes.filter((entry) => entry.deals.some((deal) => deal.id === '3101'))
    expect(note?.token).toBe(first)
    expect(note?.body).toContain(`A prospect opened &quot;${title}&quot; for the first time.`)
    expect(note?.body).toContain(`/analytics/${proposalId}`)

    // HubSpot stops accepting the token: the next call says so, and /settings shows the last error.
    hubspot.revoke(first)
    await dealCard(page).getByRole('button', { name: 'Unlink' }).click()
    await dealCard(page).getByRole('searchbox', { name: 'Search your HubSpot deals' }).fill('globex')
    await dealCard(page).getByRole('button', { name: 'Search' }).click()
    await expect(dealCard(page).getByRole('alert')).toContainText('HubSpot refused the access token (401)')
    await page.goto('/settings')
    await expect(card.getByText('HubSpot stopped accepting the access token: no notes are added until you connect again.')).toBeVisible()
    await expect(card.getByRole('status')).toContainText('HubSpot refused the access token (401): connect again with a new one')
    expect.soft(await accessibilityViolations(page), 'settings with a revoked HubSpot: accessibility rule violations').toEqual([])
    await card.scrollIntoViewIfNeeded()
    await screenshots(page, 'hubspot-revoked')

    // The same on a 375 px phone in the dark, signed in as the same seller.
    const phone = await browser.newContext({
      ...SMALL_PHONE,
      baseURL: origin,
      colorScheme: 'dark',
      storageState: await page.context().storageState(),
    })
    const phonePage = await phone.newPage()
    await phonePage.goto('/settings')
    await expect(hubspotCard(phonePage).getByRole('status')).toContainText('HubSpot refused the access token (401)')
    // As /settings is checked on phones (phone-routes.spec.ts): it fits the width.
    await expectFitsScreen(phonePage, 'settings with HubSpot')
    // The theme chosen on the desktop page (light) came along with the session: switch to dark.
    await switchTheme(phonePage, 'dark')
    await hubspotCard(phonePage).scrollIntoViewIfNeeded()
    await screenshot(phonePage, 'hubspot-revoked-phone-dark', false)
    await phone.close()

    // Connecting again with a new token clears the error; disconnecting forgets the token.
    const second = token()
    hubspot.addToken(second, PORTAL_ID)
    await card.getByLabel('Private app access token').fill(second)
    await card.getByRole('button', { name: 'Connect again' }).click()
    await expect(card.getByText(`Connected to HubSpot account ${PORTAL_ID}.`)).toBeVisible()
    await expect(card.getByRole('status')).toHaveCount(0)
    await card.getByRole('button', { name: 'Disconnect HubSpot' }).click()
    await expect(card.getByText('Not connected.')).toBeVisible()
    await expect(card.getByRole('button', { name: 'Connect HubSpot' })).toBeVisible()
  })
})

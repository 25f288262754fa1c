// The signed-in home (issue 18): usage this month, the first-run checklist, the latest proposals with
// their prospect views, and the shortcuts into the generator; on a phone and in the dark theme too.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, postJson, test } from './fixtures.ts'
import { expectMobileFriendlyLayout, PHONE } from './layout.ts'
import { screenshot, signedOutVisitor, SUPPORT_CALCULATOR } from './pages.ts'

// Dates are compared in UTC so the expected text does not depend on the machine's time zone.
const TIME_ZONE = 'UTC'
test.use({ timezoneId: TIME_ZONE })

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso))

function readId(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') return body.id
  throw new Error(`no id in ${JSON.stringify(body)}`)
}

/** POST /api/proposals as the signed-in page's user (what 'Generate Share Link' does); answers the id. */
async function shareProposal(request: APIRequestContext, origin: string, title: string): Promise<string> {
  const response = await postJson(request, origin, '/api/proposals', { title, content: '', calculatorData: SUPPORT_CALCULATOR })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return readId(await response.json())
}

/** The titles shared, oldest first; each a moment after the one before, so their order is certain. */
async function shareProposals(request: APIRequestContext, origin: string, count: number): Promise<Array<{ id: string; title: string }>> {
  const stamp = Date.now().toString(36)
  const shared: Array<{ id: string; title: string }> = []
  for (let index = 1; index <= count; index += 1) {
    const title = `Support savings ${index} for Acme ${stamp}`
    shared.push({ id: await shareProposal(request, origin, title), title })
  }
  return shared
}

const usageCard = (page: Page) => page.getByRole('region', { name: "This month's usage" })
const checklist = (page: Page) => page.getByRole('region', { name: 'Get started' })
const latest = (page: Page) => page.getByRole('region', { name: 'Latest proposals' })
const latestItems = (page: Page) => latest(page).getByRole('list', { name: 'Latest proposals, newest first' }).getByRole('listitem')
const step = (page: Page, name: 'generate' | 'share' | 'upgrade'): Locator => checklist(page).locator(`li[data-step="${name}"]`)

async function openHome(page: Page, username: string): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${username}` })).toBeVisible()
}

test('a new user sees 0 of 5 this month, the checklist with nothing done and no proposals', async ({ page, signedInUser }) => {
  await openHome(page, signedInUser)

  const usage = usageCard(page)
  await expect(usage.getByTestId('usage-figure')).toHaveText('0 of 5')
  await expect(usage.getByRole('progressbar', { name: 'Calculators used this month' })).toHaveAttribute('aria-valuenow', '0')
  await expect(usage.getByText('5 calculators left this month.', { exact: true })).toBeVisible()
  await expect(usage.getByText('FREE', { exact: true })).toBeVisible()
  // Far from the limit, the home does not press the upgrade: the card leads to the plan instead.
  await expect(usage.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0)
  await expect(usage.getByRole('link', { name: 'Plan and billing' })).toHaveAttribute('href', '/settings')

  const steps = checklist(page).getByRole('list', { name: 'Getting started steps' }).getByRole('listitem')
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toContainText('Generate your first calculator')
  await expect(steps.nth(1)).toContainText('Share a proposal with a prospect')
  await expect(steps.nth(2)).toContainText('Upgrade to Pro')
  // Each step's state is text a screen reader reads, not only an icon.
  for (const name of ['generate', 'share', 'upgrade'] as const) await expect(step(page, name)).toContainText('Status: To do')
  await expect(checklist(page).getByText('0 of 3 done', { exact: true })).toBeVisible()
  await expect(step(page, 'generate').getByRole('link', { name: 'Generate a calculator' })).toHaveAttribute('href', '/calculator')
  await expect(step(page, 'upgrade').getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled()

  await expect(latest(page).getByText(/^No proposals yet\./)).toBeVisible()
  await expect(latestItems(page)).toHaveCount(0)
  await expect(latest(page).getByRole('link', { name: 'All proposals' })).toHaveAttribute('href', '/proposals')
  await screenshot(page, 'home-new-user')
})

test('lists the newest five proposals first with the views prospects gave them', async ({ page, browser, origin, signedInUser }) => {
  const shared = await shareProposals(page.request, origin, 6)
  const listed = (await (await page.request.get('/api/proposals')).json()) as Array<{ id: string; createdAt: string }>
  const newest = shared[5]
  if (newest === undefined) throw new Error('six proposals were shared')
  const newestCreatedAt = listed.find((entry) => entry.id === newest.id)?.createdAt ?? ''

  await openHome(page, signedInUser)
  const items = latestItems(page)
  await expect(items).toHaveCount(5)
  const expectedTitles = shared
    .slice(1)
    .reverse()
    .map((proposal) => proposal.title)
  for (const [index, title] of expectedTitles.entries()) await expect(items.nth(index)).toContainText(title)
  await expect(latest(page).getByText(shared[0]?.title ?? '')).toHaveCount(0)
  await expect(items.first()).toContainText(`Created ${shortDate(newestCreatedAt)}`)
  await expect(items.first().getByTestId('proposal-views')).toHaveText('No views yet')
  await expect(items.first().getByRole('link')).toHaveAttribute('href', `/proposals/${newest.id}`)

  // Sharing is done; nothing generated this month and no calculator kept, and still Free.
  await expect(step(page, 'share')).toContainText('Status: Done')
  await expect(step(page, 'generate')).toContainText('Status: To do')
  await expect(step(page, 'upgrade')).toContainText('Status: To do')
  await expect(checklist(page).getByText('1 of 3 done', { exact: true })).toBeVisible()

  // The owner's own visit is not a view; a prospect's is, recorded by the page's first beacon.
  await page.goto(`/proposals/${newest.id}`)
  await expect(page.getByRole('heading', { name: newest.title })).toBeVisible()
  const visitor = await signedOutVisitor(browser, origin)
  const viewBeacon = visitor.page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/proposals/${newest.id}/views`,
  )
  await visitor.page.goto(`/proposals/${newest.id}`)
  await expect(visitor.page.getByRole('heading', { name: newest.title })).toBeVisible()
  expect((await viewBeacon).status()).toBe(202)
  await visitor.close()

  // Views are written in batches a moment later.
  await expect(async () => {
    await openHome(page, signedInUser)
    await expect(latestItems(page).first().getByTestId('proposal-views')).toHaveText('1 view', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(latestItems(page).nth(1).getByTestId('proposal-views')).toHaveText('No views yet')
  await screenshot(page, 'home-with-proposals')

  await latestItems(page).first().getByRole('link').click()
  await expect(page).toHaveURL(`/proposals/${newest.id}`)
  await expect(page.getByRole('heading', { name: newest.title })).toBeVisible()
})

test('the shortcuts open the generator with the file upload or the description ready', async ({ page, signedInUser }) => {
  await openHome(page, signedInUser)
  await page.getByRole('link', { name: /^Generate from a file/ }).click()
  await expect(page).toHaveURL('/calculator?input=file')
  await expect(page.getByTestId('upload-area')).toBeFocused()
  await expect(page.getByLabel('Describe your service')).toHaveCount(0)

  await openHome(page, signedInUser)
  await page.getByRole('link', { name: /^Generate from a description/ }).click()
  await expect(page).toHaveURL('/calculator?input=description')
  const description = page.getByLabel('Describe your service')
  await expect(description).toBeVisible()
  await expect(description).toBeFocused()
  await expect(page.getByTestId('upload-area')).toHaveCount(0)
  // The text mode is the ordinary one: its link back to the upload still works.
  await page.getByRole('button', { name: 'Back to file upload' }).click()
  await expect(page.getByTestId('upload-area')).toBeVisible()

  // Without the parameter (or with one it does not know) the screen opens as before: file mode, nothing focused.
  await page.goto('/calculator?input=nonsense')
  await expect(page.getByTestId('upload-area')).toBeVisible()
  await expect(page.getByTestId('upload-area')).not.toBeFocused()
})

test('a Free user near the limit is offered Pro, and the offer leads to the payment page', async ({ page, signedInUser }) => {
  // Four and five calculators this month: the user record as the server answers it, with the count raised.
  let created = 4
  await page.route('**/api/session', async (route) => {
    const response = await route.fetch()
    const { user } = (await response.json()) as { user: Record<string, unknown> }
    await route.fulfill({ response, json: { user: { ...user, calculatorsCreated: created } } })
  })
  await openHome(page, signedInUser)
  const usage = usageCard(page)
  await expect(usage.getByTestId('usage-figure')).toHaveText('4 of 5')
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80')
  await expect(usage.getByText('1 calculator left this month. Pro gives you up to 100 a month.', { exact: true })).toBeVisible()
  // Something was generated this month, so that step is done.
  await expect(step(page, 'generate')).toContainText('Status: Done')

  created = 5
  await openHome(page, signedInUser)
  await expect(usage.getByTestId('usage-figure')).toHaveText('5 of 5')
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  await expect(usage.getByText(/^You have used all 5 calculators of this month\./)).toBeVisible()
  await usage.getByRole('button', { name: 'Upgrade to Pro' }).click()
  await page.waitForURL(/\/checkout\/test\/[^/]+$/)
})

test('a load failure is said plainly, with a retry that works', async ({ page, signedInUser }) => {
  let fail = true
  await page.route('**/api/proposals', async (route) => {
    if (fail && route.request().method() === 'GET') {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'database unavailable' }) })
      return
    }
    await route.continue()
  })
  await openHome(page, signedInUser)
  const failure = latest(page).getByRole('alert')
  await expect(failure).toContainText('Your proposals could not be loaded.')
  await expect(step(page, 'share')).toContainText('Status: Could not check')
  fail = false
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(latest(page).getByText(/^No proposals yet\./)).toBeVisible()
  await expect(step(page, 'share')).toContainText('Status: To do')
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the home fits the screen and every tap target is large enough', async ({ page, origin, signedInUser }) => {
    await shareProposals(page.request, origin, 2)
    await openHome(page, signedInUser)
    await expect(latestItems(page)).toHaveCount(2)
    await expect(checklist(page)).toBeVisible()
    await screenshot(page, 'home-phone')
    await expectMobileFriendlyLayout(page)
  })
})

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' })

  test('the home keeps its layout', async ({ page, origin, signedInUser }) => {
    await shareProposals(page.request, origin, 2)
    await openHome(page, signedInUser)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(latestItems(page)).toHaveCount(2)
    await screenshot(page, 'home-dark')
    await expectMobileFriendlyLayout(page)
  })

  test.describe('on a phone', () => {
    test.use(PHONE)

    test('the home fits the screen', async ({ page, signedInUser }) => {
      await openHome(page, signedInUser)
      await expect(checklist(page)).toBeVisible()
      await screenshot(page, 'home-dark-phone')
      await expectMobileFriendlyLayout(page)
    })
  })
})

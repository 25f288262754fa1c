// Issue 15: the owner manages shared proposals on My Proposals (rename, expiry, duplicate, revoke,
// delete; the access code masked until revealed), a revoked or expired link shows prospects a clear
// "no longer available" page, and the share dialog keeps focus inside after 'Generate Share Link'.
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { screenshot, signedOutVisitor, SUPPORT_CALCULATOR, startGuardedAction } from './pages.ts'

const TIME_ZONE = 'UTC'
test.use({ timezoneId: TIME_ZONE })

const CALCULATOR = SUPPORT_CALCULATOR

const UNAVAILABLE_HEADING = 'This proposal is no longer available'

async function shareProposal(request: APIRequestContext, origin: string, body: { title: string; accessCode?: string; expiresAt?: string }) {
  const response = await postJson(request, origin, '/api/proposals', { content: '', calculatorData: CALCULATOR, ...body })
  expect(response.status(), await response.text()).toBe(201)
  const created = (await response.json()) as { id: string }
  return created.id
}

/** A signed-out prospect in a fresh browser context, watched for page errors and CSP violations. */
function prospect(browser: Browser, origin: string) {
  return signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
}

/** The list's row of one proposal, found by its exactly named View link. */
function rowOf(page: Page, title: string): Locator {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `View ${title}`, exact: true }) })
}

/** 'YYYY-MM-DD' and 'Mon D, YYYY' of a day some days from now, in the tests' time zone. */
function dayFromNow(days: number): { value: string; shown: string } {
  const day = new Date(Date.now() + days * 86_400_000)
  return {
    value: day.toISOString().slice(0, 10),
    shown: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(day),
  }
}

async function expectUnavailable(browser: Browser, origin: string, id: string, screenshotName: string) {
  const visitor = await prospect(browser, origin)
  await visitor.page.goto(`/proposals/${id}`)
  await expect(visitor.page.getByRole('heading', { level: 1, name: UNAVAILABLE_HEADING })).toBeVisible()
  await expect(visitor.page.getByText('Failed to load proposal')).toHaveCount(0)
  await expect(visitor.page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await screenshot(visitor.page, screenshotName)
  await visitor.close()
}

test.describe('My Proposals: managing a shared link', () => {
  test('revoke: the owner confirms, the row is marked, the link shows prospects that it is no longer available', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Revoked for Acme ${Date.now()}`
    const id = await shareProposal(page.request, origin, { title, accessCode: 'acme-2026' })
    await page.goto('/proposals')
    const row = rowOf(page, title)
    await row.getByRole('button', { name: `Revoke ${title}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke this link?' })
    await expect(confirm).toContainText(title)
    await confirm.getByRole('button', { name: 'Revoke link' }).click()
    await expect(confirm).toBeHidden()
    await expect(toasts(page)).toContainText('Link revoked')
    await expect(row.getByRole('rowheader')).toContainText('Revoked')
    await expect(row.getByRole('button', { name: `Revoke ${title}` })).toHaveCount(0)
    await screenshot(page, 'list-with-revoked-row')

    await expectUnavailable(browser, origin, id, 'revoked-link-for-a-prospect')

    // The owner still opens it, with a note saying prospects cannot.
    await row.getByRole('link', { name: `View ${title}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('note')).toHaveText('Revoked — prospects can no longer open this link.')
    await screenshot(page, 'revoked-proposal-for-its-owner')
  })

  test('expiry: a day set in the list shows; a past expiry shows prospects the same page', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Expiring for Globex ${Date.now()}`
    const id = await shareProposal(page.request, origin, { title })
    await page.goto('/proposals')
    const row = rowOf(page, title)
    const inAWeek = dayFromNow(7)
    await row.getByRole('button', { name: `Expiry ${title}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Link expiry' })
    await dialog.getByLabel('Link expires after').fill(inAWeek.value)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    await expect(row.getByRole('rowheader')).toContainText(`Link open until ${inAWeek.shown}`)

    // The owner moves the expiry into the past (through the API, as the dialog offers today or later only).
    const past = await page.request.patch(`/api/proposals/${id}`, {
      headers: { Origin: origin },
      data: { expiresAt: new Date(Date.now() - 60_000).toISOString() },
    })
    expect(past.status()).toBe(200)
    await page.reload()
    await expect(rowOf(page, title).getByRole('rowheader')).toContainText('Expired')
    await expectUnavailable(browser, origin, id, 'expired-link-for-a-prospect')
  })

  test('rename shows in the list; duplicate adds a copy; delete removes it after confirming', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Initech savings ${Date.now()}`
    await shareProposal(page.request, origin, { title })
    await page.goto('/proposals')
    await rowOf(page, title)
      .getByRole('button', { name: `Rename ${title}` })
      .click()
    const rename = page.getByRole('dialog', { name: 'Rename proposal' })
    await expect(rename.getByLabel('Title')).toBeFocused()
    await rename.getByLabel('Title').fill(`${title} (final)`)
    await rename.getByRole('button', { name: 'Save' }).click()
    await expect(rename).toBeHidden()
    const renamed = `${title} (final)`
    await expect(rowOf(page, renamed)).toHaveCount(1)

    await rowOf(page, renamed)
      .getByRole('button', { name: `Duplicate ${renamed}` })
      .click()
    await expect(toasts(page)).toContainText('Proposal duplicated')
    const copy = rowOf(page, `${renamed} (copy)`)
    await expect(copy).toHaveCount(1)

    await copy.getByRole('button', { name: `Delete ${renamed} (copy)` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this proposal?' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(copy).toHaveCount(0)
    await expect(rowOf(page, renamed)).toHaveCount(1)
    // Focus does not fall to the page when the row it came from is gone.
    await expect(page.locator('body')).not.toBeFocused()
  })

  test('the access code is masked until its owner reveals it', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Protected for Umbrella ${Date.now()}`
    await shareProposal(page.request, origin, { title, accessCode: 'umbrella-2026' })
    await page.goto('/proposals')
    const codeCell = rowOf(page, title).getByRole('cell').nth(1)
    await expect(codeCell).toContainText('••••••')
    await expect(codeCell).not.toContainText('umbrella-2026')
    await screenshot(page, 'masked-access-code')
    await codeCell.getByRole('button', { name: `Reveal access code for ${title}` }).click()
    await expect(codeCell).toContainText('umbrella-2026')
    await codeCell.getByRole('button', { name: `Hide access code for ${title}` }).click()
    await expect(codeCell).not.toContainText('umbrella-2026')
  })
})

test.describe('Share dialog', () => {
  test('after Generate Share Link focus stays in the dialog on the link, and Escape closes it; the expiry reaches the list', async ({
    page,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    await page.goto('/calculator')
    const description = page.getByLabel('Describe your service')
    if (!(await description.isVisible())) await page.getByRole('button', { name: 'Or describe your service in words' }).click()
    await description.fill(
      'We automate invoice processing for finance teams. Each invoice takes 12 minutes by hand, a team handles 2,000 invoices per month, and a clerk costs $45 per hour.',
    )
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    const choose = page.getByRole('dialog', { name: 'Choose Calculator Type' })
    await choose.getByRole('button', { name: /^Balanced/ }).click()
    await expect(page.getByRole('region', { name: 'Generated Calculators' }).getByRole('listitem').first()).toHaveAttribute(
      'data-status',
      'completed',
      { timeout: 20_000 },
    )

    await startGuardedAction(page, 'Share')
    const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
    const title = `Shared with an expiry ${Date.now()}`
    const lastDay = dayFromNow(30)
    await dialog.getByLabel('Calculator Name').fill(title)
    await dialog.getByLabel('Link expires after').fill(lastDay.value)
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    const link = dialog.getByLabel('Share link')
    await expect(link).toHaveValue(/\/proposals\/[A-Za-z0-9_-]{22}$/)
    await expect(link).toBeFocused()
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await screenshot(page, 'share-dialog-after-generating')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused()

    await page.goto('/proposals')
    await expect(rowOf(page, title).getByRole('rowheader')).toContainText(`Link open until ${lastDay.shown}`)
  })
})

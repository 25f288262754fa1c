// The seller's e-mail notifications (issue 39, decision 137): the five switches in /settings, each
// saved at once and kept across a reload, put back with a toast when the save fails; the public
// unsubscribe page an e-mail's link opens, signed in or out; and the development mailbox of
// `npm start`, where e-mails are read without an SMTP server.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { NotificationKind } from '@valueproof/contracts'
import { signUnsubscribeToken, unsubscribeKey } from '../../services/notification/src/domain/unsubscribe-token.ts'
import { accessibilityViolations } from './accessibility.ts'
import { expect, postJson, STRONG_PASSWORD, test, toasts, uniqueUsername } from './fixtures.ts'
import { expectFitsScreen, expectMobileFriendlyLayout, MIN_TAP_TARGET_PX, SMALL_PHONE } from './layout.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR } from './pages.ts'

const SWITCHES = [
  'A prospect opens a proposal for the first time',
  'Later opens, gathered (at most one e-mail an hour per proposal)',
  'A prospect agrees to the numbers',
  'A prospect downloads the PDF',
  'Weekly digest of views (Mondays)',
] as const
type SwitchName = (typeof SWITCHES)[number]

const INVALID = 'This unsubscribe link is not valid.'

const notificationsCard = (page: Page) => page.getByRole('region', { name: 'E-mail notifications' })
const switchOf = (page: Page, name: SwitchName): Locator => notificationsCard(page).getByRole('switch', { name, exact: true })

/** Flips a switch and waits for the server to have saved exactly that kind. */
async function flip(page: Page, name: SwitchName, kind: string, on: boolean): Promise<void> {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/settings') && response.request().method() === 'PUT',
  )
  await switchOf(page, name).click()
  const response = await saved
  expect(response.status()).toBe(200)
  expect(response.request().postDataJSON()).toEqual({ [kind]: on })
}

async function expectSwitches(page: Page, on: Record<SwitchName, boolean>): Promise<void> {
  for (const name of SWITCHES) {
    await expect(switchOf(page, name), name).toBeChecked({ checked: on[name] })
  }
}

const allOn = Object.fromEntries(SWITCHES.map((name) => [name, true])) as Record<SwitchName, boolean>

test('every e-mail is on at first; each switch saves at once and stays as set after a reload', async ({ page, signedInUser }) => {
  void signedInUser
  await page.goto('/settings')
  await expect(notificationsCard(page)).toContainText('E-mails go to your confirmed address in Settings › E-mail.')
  await expectSwitches(page, allOn)

  await flip(page, 'A prospect agrees to the numbers', 'agreed', false)
  await flip(page, 'Weekly digest of views (Mondays)', 'weeklyDigest', false)
  await flip(page, 'A prospect agrees to the numbers', 'agreed', true)
  await flip(page, 'A prospect downloads the PDF', 'pdfDownloaded', false)
  const expected = { ...allOn, 'Weekly digest of views (Mondays)': false, 'A prospect downloads the PDF': false }
  await expectSwitches(page, expected)

  await page.reload()
  await expectSwitches(page, expected)
  await notificationsCard(page).scrollIntoViewIfNeeded()
  await screenshot(page, 'notifications-settings')

  // The keyboard flips a switch too (Space on a focused checkbox).
  await switchOf(page, 'Weekly digest of views (Mondays)').focus()
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/settings') && response.request().method() === 'PUT',
  )
  await page.keyboard.press('Space')
  expect((await saved).request().postDataJSON()).toEqual({ weeklyDigest: true })
  await page.reload()
  await expectSwitches(page, { ...expected, 'Weekly digest of views (Mondays)': true })
})

test('a save the server refuses puts the switch back and says so in a destructive toast', async ({ page, origin, signedInUser }) => {
  void signedInUser
  await page.goto('/settings')
  await expectSwitches(page, allOn)
  // Signed out behind the page's back (page.request shares its cookies): the next save is refused (401).
  expect((await postJson(page.request, origin, '/api/logout', {})).ok()).toBe(true)

  const refused = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications/settings') && response.request().method() === 'PUT',
  )
  await switchOf(page, 'A prospect opens a proposal for the first time').click()
  expect((await refused).status()).toBe(401)
  await expect(switchOf(page, 'A prospect opens a proposal for the first time')).toBeChecked()
  const toast = toasts(page).filter({ hasText: 'Could not save your e-mail notifications' })
  await expect(toast).toBeVisible()
  await expect(toast).toHaveClass(/destructive/)
})

test.describe('the unsubscribe page with a link that is not valid', () => {
  for (const address of ['/unsubscribe?token=not-a-real-token', '/unsubscribe']) {
    test(`says so to a visitor at ${address}`, async ({ page }) => {
      await page.goto(address)
      await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
      // The visitor's frame: nobody is asked to sign in.
      await expect(page).toHaveURL(new RegExp(`${address.replace('?', '\\?')}$`))
    })
  }

  test('says so to a signed-in seller, in the app', async ({ page, signedInUser }) => {
    await page.goto('/unsubscribe?token=forged.signature')
    await expect(page.getByRole('banner').getByText(`Welcome, ${signedInUser}`)).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible()
    await screenshot(page, 'unsubscribe-invalid-signed-in')
  })
})

/**
 * An e-mail's unsubscribe link for the signed-in user, signed as the service signs it: with the
 * key the e2e server generated in its data folder (playwright.config.ts gives it none).
 */
async function unsubscribeLink(request: APIRequestContext, kind: NotificationKind): Promise<string> {
  const dataDir = process.env.VALUEPROOF_E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('playwright.config.ts sets VALUEPROOF_E2E_DATA_DIR')
  const signingKey = readFileSync(join(dataDir, 'secrets', 'GATEWAY_SIGNING_KEY'), 'utf8').trim()
  const user = (await (await request.get('/api/user')).json()) as { id: number }
  return `/unsubscribe?token=${signUnsubscribeToken(unsubscribeKey(signingKey), { userId: user.id, kind })}`
}

test("an e-mail's link asks, unsubscribes from that kind only, signed out, and /settings shows it off", async ({
  page,
  browser,
  origin,
  signedInUser,
}) => {
  void signedInUser
  const link = await unsubscribeLink(page.request, 'agreed')
  // The link opens in whatever browser the e-mail is read in: here, one that is not signed in.
  const visitor = await signedOutVisitor(browser, origin)
  const reader = visitor.page
  await reader.goto(link)
  await expect(reader.getByText('Stop e-mails when a prospect agrees to the numbers?')).toBeVisible()
  await expect(reader.getByRole('banner')).not.toContainText('Welcome,')
  await screenshot(reader, 'unsubscribe-question')
  await reader.getByRole('button', { name: 'Unsubscribe' }).click()
  const done = reader.getByRole('status').filter({ hasText: 'Done.' })
  await expect(done).toHaveText('Done. You will no longer get these e-mails. You can turn them on again in Settings.')
  await expect(done.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
  await screenshot(reader, 'unsubscribe-done')
  // Followed again, the link says the e-mails are already off.
  await reader.reload()
  await expect(reader.getByRole('status')).toHaveText('You no longer get these e-mails. You can turn them on again in Settings.')
  await visitor.close()

  await page.goto('/settings')
  await expectSwitches(page, { ...allOn, 'A prospect agrees to the numbers': false })
})

test("a mail provider's one-click unsubscribe (RFC 8058) passes the gateway; an invalid token is a 400", async ({
  page,
  playwright,
  baseURL,
  signedInUser,
}) => {
  void signedInUser
  const link = await unsubscribeLink(page.request, 'weeklyDigest')
  // A provider's server: no cookies, no Origin, the form body RFC 8058 prescribes.
  const provider = await playwright.request.newContext({ baseURL })
  const oneClick = (query: string) =>
    provider.post(`/api/notifications/${query}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    })
  const refused = await oneClick('unsubscribe?token=forged.token')
  expect(refused.status()).toBe(400)
  expect(await refused.json()).toEqual({ message: 'This unsubscribe link is not valid' })
  const answer = await oneClick(link.replace('/unsubscribe', 'unsubscribe'))
  expect(answer.status(), await answer.text()).toBe(200)
  expect(await answer.json()).toEqual({ kind: 'weeklyDigest', unsubscribed: true })
  await provider.dispose()

  await page.goto('/settings')
  await expectSwitches(page, { ...allOn, 'Weekly digest of views (Mondays)': false })
})

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' })

  test('the switches and the unsubscribe page', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await flip(page, 'Later opens, gathered (at most one e-mail an hour per proposal)', 'laterOpens', false)
    await notificationsCard(page).scrollIntoViewIfNeeded()
    await screenshot(page, 'notifications-settings-dark')
    await page.goto('/unsubscribe?token=not-a-real-token')
    await expect(page.getByText(INVALID)).toBeVisible()
    await screenshot(page, 'unsubscribe-invalid-dark')
  })
})

test.describe('on a 375 px phone', () => {
  test.use(SMALL_PHONE)

  test('the switches fit and are easy to tap; the unsubscribe page fits', async ({ page, signedInUser }) => {
    void signedInUser
    await page.goto('/settings')
    await expectSwitches(page, allOn)
    await flip(page, 'A prospect downloads the PDF', 'pdfDownloaded', false)
    await expectFitsScreen(page)
    // The whole row is the switch's tap target (the other cards of /settings are checked by their own tests).
    for (const name of SWITCHES) {
      const box = await switchOf(page, name).boundingBox()
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(MIN_TAP_TARGET_PX)
      expect(box?.width ?? 0, name).toBeGreaterThanOrEqual(300)
    }
    expect.soft(await accessibilityViolations(page), 'settings: accessibility rule violations').toEqual([])
    await notificationsCard(page).scrollIntoViewIfNeeded()
    await screenshot(page, 'notifications-settings-phone')
    await page.goto('/unsubscribe?token=not-a-real-token')
    await expect(page.getByText(INVALID)).toBeVisible()
    await expectMobileFriendlyLayout(page)
    expect.soft(await accessibilityViolations(page), 'unsubscribe: accessibility rule violations').toEqual([])
    await screenshot(page, 'unsubscribe-invalid-phone')
  })
})

interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
}

/** The development mailbox's e-mails to `address` once there are `count` of them, newest first. */
async function mailTo(page: Page, address: string, count: number): Promise<MailboxMessage[]> {
  let messages: MailboxMessage[] = []
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/dev/mailbox')
        expect(response.status()).toBe(200)
        messages = ((await response.json()) as { messages: MailboxMessage[] }).messages.filter((message) => message.to === address)
        return messages.length
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return messages
}

test('on `npm start` the seller confirms their address from the development mailbox, a first open is mailed, and its link unsubscribes', async ({
  page,
  browser,
  origin,
}) => {
  // Sign up with an address: the confirmation e-mail goes to the local mailbox.
  const address = `${uniqueUsername('seller')}@acme.example`
  const registered = await postJson(page.request, origin, '/api/register', {
    username: uniqueUsername('mailbox'),
    password: STRONG_PASSWORD,
    email: address,
  })
  expect(registered.status(), await registered.text()).toBe(201)
  await mailTo(page, address, 1)

  await page.goto('/dev/mailbox')
  await expect(page.getByRole('heading', { name: 'Development mailbox', level: 1 })).toBeVisible()
  const entry = page
    .getByRole('navigation', { name: 'E-mails' })
    .getByRole('link')
    .filter({ hasText: `To ${address}` })
  await expect(entry).toHaveCount(1)
  await entry.click()
  const mail = page.getByRole('article')
  await expect(mail.getByRole('heading', { level: 2 })).not.toBeEmpty()
  await expect(mail).toContainText(`To ${address}`)
  await expect(mail).toContainText('English')
  // The HTML part is framed without scripts.
  const frame = mail.locator('iframe')
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox')
  await expect(page.frameLocator('article iframe').locator('body')).not.toBeEmpty()
  await screenshot(page, 'dev-mailbox')
  // The plain text's confirmation link is a link: following it confirms the address.
  await mail.getByRole('link', { name: /\/api\/user\/email\/verify\?token=/ }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect
    .poll(async () => ((await (await page.request.get('/api/user')).json()) as { emailVerified: boolean }).emailVerified)
    .toBe(true)

  // A prospect opens a shared proposal: its first open is mailed to the confirmed address.
  const proposalId = await shareCalculatorByApi(page.request, origin, 'Support automation for Acme', SUPPORT_CALCULATOR)
  const prospect = await signedOutVisitor(browser, origin)
  await prospect.page.goto(`/proposals/${proposalId}`)
  await expect(prospect.page.getByRole('heading', { name: 'Support automation for Acme' }).first()).toBeVisible()
  const [opened] = (await mailTo(page, address, 2)).filter((message) => message.text.includes('/unsubscribe?token='))
  expect(opened?.subject).toContain('Support automation for Acme')
  await prospect.close()
  const unsubscribePath = /https?:\/\/[^/\s]+(\/unsubscribe\?token=[^\s>)]+)/.exec(opened?.text ?? '')?.[1]
  expect(unsubscribePath, opened?.text).toBeDefined()

  // The e-mail's unsubscribe link, opened where the e-mail is read (signed out).
  const reader = await signedOutVisitor(browser, origin)
  await reader.page.goto(unsubscribePath ?? '')
  await expect(reader.page.getByText('Stop e-mails when a prospect opens a proposal for the first time?')).toBeVisible()
  await reader.page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(reader.page.getByRole('status')).toHaveText(
    'Done. You will no longer get these e-mails. You can turn them on again in Settings.',
  )
  await reader.close()
  await page.goto('/settings')
  await expectSwitches(page, { ...allOn, 'A prospect opens a proposal for the first time': false })
})

test.describe('the development mailbox on a 375 px phone in the dark theme', () => {
  test.use({ ...SMALL_PHONE, colorScheme: 'dark' })

  test("lists a Swedish seller's e-mail in Swedish and shows it, fitting the screen", async ({ page, origin }) => {
    const address = `${uniqueUsername('phone')}@acme.example`
    // The browser prefers Swedish: the seller's e-mails are written in Swedish.
    const registered = await page.request.post('/api/register', {
      headers: { Origin: origin, 'Accept-Language': 'sv-SE,sv;q=0.9,en;q=0.5' },
      data: { username: uniqueUsername('mailbox'), password: STRONG_PASSWORD, email: address },
    })
    expect(registered.status(), await registered.text()).toBe(201)
    const [confirmation] = await mailTo(page, address, 1)
    expect(confirmation?.subject).toBe('Bekräfta din e-postadress för ValueProof')
    await page.goto(`/dev/mailbox?id=${encodeURIComponent(confirmation?.id ?? '')}`)
    const mail = page.getByRole('article')
    await expect(mail.getByRole('heading', { level: 2 })).toHaveText('Bekräfta din e-postadress för ValueProof')
    await expect(mail).toContainText(`To ${address}`)
    await expect(mail).toContainText('Swedish')
    await expect(page.frameLocator('article iframe').getByRole('link').first()).toBeVisible()
    await expectFitsScreen(page)
    expect.soft(await accessibilityViolations(page), 'dev mailbox: accessibility rule violations').toEqual([])
    await screenshot(page, 'dev-mailbox-phone-dark')
    // A full-page capture leaves a frame below the screen blank: the HTML part is captured in view.
    await page.locator('article iframe').scrollIntoViewIfNeeded()
    await expect(page.frameLocator('article iframe').getByRole('link').first()).toBeInViewport()
    await screenshot(page, 'dev-mailbox-phone-dark-html', false)
  })
})

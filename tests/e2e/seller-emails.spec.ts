// Issue 39's browser test: a seller whose browser prefers Swedish confirms their address, a prospect
// in another browser opens the proposal and agrees to the numbers, and the seller's inbox holds one
// "opened" and one "agreed" e-mail, both in Swedish. On `npm start` the inbox is the development
// mailbox (no SMTP server); over SMTP the same e-mails reach Mailpit (services/notification tests).
import type { Page } from '@playwright/test'
import { proposalTexts } from '@valueproof/formula'
import { expect, STRONG_PASSWORD, test, uniqueUsername } from './fixtures.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR } from './pages.ts'

interface MailboxMessage {
  to: string
  subject: string
  text: string
}

async function inbox(page: Page, address: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/api/dev/mailbox')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { messages: MailboxMessage[] }).messages.filter((message) => message.to === address)
}

test("a Swedish seller hears of a prospect's first open and agreement, once each, in Swedish", async ({ page, browser, origin }) => {
  test.setTimeout(90_000)
  const address = `${uniqueUsername('svenska')}@acme.example`
  const registered = await page.request.post('/api/register', {
    headers: { Origin: origin, 'Accept-Language': 'sv-SE,sv;q=0.9,en;q=0.5' },
    data: { username: uniqueUsername('seller'), password: STRONG_PASSWORD, email: address },
  })
  expect(registered.status(), await registered.text()).toBe(201)

  // The confirmation e-mail, in Swedish; its link confirms the address.
  await expect.poll(async () => (await inbox(page, address)).length, { timeout: 20_000 }).toBe(1)
  const [confirmation] = await inbox(page, address)
  expect(confirmation?.subject).toBe('Bekräfta din e-postadress för ValueProof')
  const verifyPath = /https?:\/\/[^/\s]+(\/api\/user\/email\/verify\?token=[\w-]+)/.exec(confirmation?.text ?? '')?.[1]
  expect(verifyPath).toBeDefined()
  await page.goto(verifyPath ?? '')
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('switch', { name: 'A prospect agrees to the numbers' })).toBeChecked()

  const title = `Supportautomation för Acme ${Date.now()}`
  const id = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
  const prospect = await signedOutVisitor(browser, origin)
  await prospect.page.goto(`/proposals/${id}`)
  await expect(prospect.page.getByRole('heading', { name: title }).first()).toBeVisible()
  const texts = proposalTexts('en')
  await prospect.page.getByRole('button', { name: texts.agree }).first().click()
  const form = prospect.page.locator('form[data-agreement-form]')
  await form.getByLabel(texts.yourName).fill('Priya Raman')
  await form.getByLabel(texts.yourEmail).fill('priya@initech.example')
  await form.getByRole('button', { name: texts.confirmAgreement }).click()
  await expect.poll(async () => (await inbox(page, address)).length, { timeout: 30_000 }).toBe(3)
  await prospect.close()

  const mails = await inbox(page, address)
  const opened = mails.filter((mail) => mail.subject === `En kund har öppnat ”${title}”`)
  const agreed = mails.filter((mail) => mail.subject === `En kund har godkänt ”${title}”`)
  expect(opened).toHaveLength(1)
  expect(agreed).toHaveLength(1)
  expect(agreed[0]?.text).toContain('Scenario: Förväntat')
  expect(agreed[0]?.text).toContain('Värde per år:')
  expect(agreed[0]?.text).toContain('Godkänt av: Priya Raman')
  expect(agreed[0]?.text).not.toContain('priya@initech.example')
  expect(agreed[0]?.text).toContain(`/analytics/${id}`)

  await page.goto('/dev/mailbox')
  await page.getByRole('navigation', { name: 'E-mails' }).getByRole('link').filter({ hasText: `En kund har godkänt` }).first().click()
  await expect(page.getByRole('article')).toContainText('Godkänt av: Priya Raman')
  await screenshot(page, 'dev-mailbox-agreed-swedish')
})

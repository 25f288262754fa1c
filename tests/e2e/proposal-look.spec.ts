// Issue 15: the proposal looks like a proposal. A Free seller enters their contact details in
// /settings; the proposals they share then carry ValueProof's branding in the header and the seller's
// contact in the footer (e-mail and phone as links), in the calculator's language, with the page's
// "Made with ValueProof" / "Skapad med ValueProof". Making a user Pro needs billing (issue 16): the
// Pro header (the company's name and logo) is covered by unit and integration tests, not here.
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { screenshot, signedOutVisitor, SUPPORT_CALCULATOR, SWEDISH_CALCULATOR } from './pages.ts'

const CONTACT = { name: 'Anna Berg', email: 'anna.berg@acme.example', phone: '+46 70 123 45 67' }

const ENGLISH = { ...SUPPORT_CALCULATOR, name: 'Support triage assistant', language: 'en' }

interface Branding {
  companyName?: string
  contactName?: string
  contactEmail?: string
  contactPhone?: string
}

async function share(
  request: APIRequestContext,
  origin: string,
  title: string,
  calculatorData: object,
): Promise<{ id: string; branding: Branding }> {
  const response = await postJson(request, origin, '/api/proposals', { title, content: '', calculatorData })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  const { id } = (await response.json()) as { id: string }
  const record = (await (await request.get(`/api/proposals/${id}`)).json()) as { calculatorData: { branding?: Branding } }
  return { id, branding: record.calculatorData.branding ?? {} }
}

/**
 * Shares once the proposal service has the seller's contact: it learns of profile changes by
 * identity's event, a moment after the save.
 */
async function shareWithContact(request: APIRequestContext, origin: string, title: string, calculatorData: object): Promise<string> {
  let id = ''
  await expect
    .poll(async () => {
      const shared = await share(request, origin, title, calculatorData)
      id = shared.id
      return shared.branding.contactEmail
    })
    .toBe(CONTACT.email)
  return id
}

function prospectPage(browser: Browser, origin: string, colorScheme: 'light' | 'dark') {
  return signedOutVisitor(browser, origin, { colorScheme })
}

async function enterContactDetails(page: Page) {
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  const form = page.getByRole('region', { name: 'Contact details' })
  // Checked in the browser with the server's own rules: nothing is sent until they pass.
  await form.getByLabel('Contact e-mail').fill('anna@acme')
  await form.getByRole('button', { name: 'Save Contact Details' }).click()
  await expect(form.getByText('Contact e-mail must be an address like name@example.com')).toBeVisible()
  await form.getByLabel('Contact name').fill(CONTACT.name)
  await form.getByLabel('Contact e-mail').fill(CONTACT.email)
  await form.getByLabel('Contact phone').fill(CONTACT.phone)
  await form.getByRole('button', { name: 'Save Contact Details' }).click()
  await expect(toasts(page).filter({ hasText: 'Profile updated successfully' })).toBeVisible()
  await page.reload()
  await expect(form.getByLabel('Contact phone')).toHaveValue(CONTACT.phone)
  await screenshot(page, 'settings-contact-details')
}

test.describe("the proposal's header and footer", () => {
  test("a Free seller's contact details in the footer, ValueProof's name in the header, in English", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    await enterContactDetails(page)
    const id = await shareWithContact(page.request, origin, 'Support savings for Initech', ENGLISH)

    for (const scheme of ['light', 'dark'] as const) {
      const prospect = await prospectPage(browser, origin, scheme)
      await prospect.page.goto(`/proposals/${id}`)
      const article = prospect.page.locator('article')
      await expect(article.getByRole('heading', { level: 1, name: 'Support savings for Initech' })).toBeVisible()
      // Free: ValueProof's logo with its name written out, not an icon alone.
      const header = article.locator('header')
      await expect(header.getByRole('img', { name: 'ValueProof' })).toBeVisible()
      await expect(header).toHaveText('ValueProof')
      const footer = article.locator('footer')
      await expect(footer.getByText('Contact', { exact: true })).toBeVisible()
      await expect(footer.getByText(CONTACT.name, { exact: true })).toBeVisible()
      await expect(footer.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`)
      await expect(footer.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:+46701234567')
      await expect(footer).not.toContainText('Reply to the person who sent you this proposal')
      // ValueProof's own site is not offered as the seller's.
      await expect(footer.getByRole('link', { name: /valueproof/i })).toHaveCount(0)
      const pageFooter = prospect.page.getByRole('contentinfo')
      await expect(pageFooter).toHaveText('Made with ValueProof')
      await expect(pageFooter).toHaveAttribute('lang', 'en')
      await screenshot(prospect.page, `english-proposal-${scheme}`)
      await prospect.close()
    }
  })

  test('a Swedish proposal says it all in Swedish: the contact block and "Skapad med ValueProof"', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    await enterContactDetails(page)
    const id = await shareWithContact(page.request, origin, 'Fakturautskick för Acme', SWEDISH_CALCULATOR)

    for (const scheme of ['light', 'dark'] as const) {
      const prospect = await prospectPage(browser, origin, scheme)
      await prospect.page.goto(`/proposals/${id}`)
      const article = prospect.page.locator('article')
      await expect(article).toHaveAttribute('lang', 'sv')
      await expect(article.locator('header').getByRole('img', { name: 'ValueProof' })).toBeVisible()
      const footer = article.locator('footer')
      await expect(footer.getByText('Kontakt', { exact: true })).toBeVisible()
      await expect(footer.getByText(CONTACT.name, { exact: true })).toBeVisible()
      await expect(footer.getByText('E-post:')).toBeVisible()
      await expect(footer.getByText('Telefon:')).toBeVisible()
      await expect(footer.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`)
      const pageFooter = prospect.page.getByRole('contentinfo')
      await expect(pageFooter).toHaveText('Skapad med ValueProof')
      await expect(pageFooter).toHaveAttribute('lang', 'sv')
      // No English word of the page's own around the seller's details.
      expect(await footer.innerText()).not.toMatch(/\b(?:Contact|Phone|E-mail|Reply|Made with)\b/u)
      await screenshot(prospect.page, `swedish-proposal-${scheme}`)
      await prospect.close()
    }
  })

  test('a seller without contact details gets a neutral line in the proposal’s language', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const english = await share(page.request, origin, 'No contact', ENGLISH)
    const swedish = await share(page.request, origin, 'Ingen kontakt', SWEDISH_CALCULATOR)
    expect(english.branding.contactEmail).toBeUndefined()
    const prospect = await prospectPage(browser, origin, 'light')
    await prospect.page.goto(`/proposals/${english.id}`)
    await expect(prospect.page.locator('article footer')).toHaveText('Questions about this proposal? Reply to the message it came with.')
    await prospect.page.goto(`/proposals/${swedish.id}`)
    await expect(prospect.page.locator('article footer')).toHaveText('Frågor om förslaget? Svara på meddelandet som det kom med.')
    await prospect.close()
  })
})

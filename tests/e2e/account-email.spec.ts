// Issue 39: the seller's address for notifications. Sign-up asks for it (optional); /settings shows
// it waiting for its confirmation link, changes it, removes it, and keeps the language of e-mails.
// The link itself is mailed by the notification service: here its two outcomes are the redirects
// identity answers, /settings?email=verified and =invalid.
import type { Page } from '@playwright/test'
import { accessibilityViolations } from './accessibility.ts'
import { expect, postJson, STRONG_PASSWORD, test, toasts, uniqueUsername } from './fixtures.ts'
import { expectFitsScreen, SMALL_PHONE } from './layout.ts'
import { screenshot } from './pages.ts'

const WAITING = 'Waiting for confirmation — check your inbox'

function emailSection(page: Page) {
  return page.getByRole('region', { name: 'E-mail', exact: true })
}

async function userRecord(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/user')
  expect(response.status()).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** Registers through the API in the page's context (so the page is signed in), with an address. */
async function registeredWithEmail(page: Page, origin: string, email: string): Promise<void> {
  const response = await postJson(page.request, origin, '/api/register', {
    username: uniqueUsername('mail'),
    password: STRONG_PASSWORD,
    email,
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('signs up with an address, which waits for confirmation; changes it, sends the link again and removes it', async ({ page }) => {
  await page.goto('/auth?tab=register')
  const emailField = page.getByLabel('E-mail (optional)')
  await expect(emailField).toHaveAccessibleDescription('For notifications when prospects open or agree. We send a link to confirm it.')
  await page.getByLabel('Username').fill(uniqueUsername('mail'))
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
  // A malformed address is named in the form; nothing is sent.
  await emailField.fill('anna@acme')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(page.getByText('E-mail must be an address like name@example.com')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
  await screenshot(page, 'sign-up-email-error')
  await emailField.fill(' Anna.Berg@ACME.example ')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await expect(page).toHaveURL('/')
  expect(await userRecord(page)).toMatchObject({ email: 'Anna.Berg@acme.example', emailVerified: false, language: 'en' })

  await page.goto('/settings')
  const section = emailSection(page)
  await expect(section.getByText('Anna.Berg@acme.example', { exact: true })).toBeVisible()
  await expect(section.getByText(WAITING)).toBeVisible()
  await section.getByRole('button', { name: 'Send the link again' }).click()
  await expect(toasts(page).filter({ hasText: 'Link sent' })).toContainText('We sent a new confirmation link to Anna.Berg@acme.example.')
  await section.scrollIntoViewIfNeeded()
  await screenshot(page, 'settings-email-waiting')

  // Change: an inline form, checked as the server checks it.
  await section.getByRole('button', { name: 'Change' }).click()
  const field = section.getByLabel('E-mail address')
  await expect(field).toBeFocused()
  await field.fill('not an address')
  await section.getByRole('button', { name: 'Save E-mail Address' }).click()
  await expect(section.getByText('E-mail must be an address like name@example.com')).toBeVisible()
  await field.fill('sales@acme.example')
  await section.getByRole('button', { name: 'Save E-mail Address' }).click()
  await expect(toasts(page).filter({ hasText: 'Check your inbox' })).toContainText('We sent a confirmation link to sales@acme.example.')
  await expect(section.getByText('sales@acme.example', { exact: true })).toBeVisible()
  await expect(section.getByText(WAITING)).toBeVisible()
  expect(await userRecord(page)).toMatchObject({ email: 'sales@acme.example', emailVerified: false })

  // Remove, after a confirmation that can be declined.
  await section.getByRole('button', { name: 'Remove' }).click()
  const question = section.getByRole('group', { name: 'Remove sales@acme.example? You will get no more e-mails about your proposals.' })
  await expect(question).toBeVisible()
  await screenshot(page, 'settings-email-remove-confirm')
  await question.getByRole('button', { name: 'Keep It' }).click()
  await expect(question).toBeHidden()
  await section.getByRole('button', { name: 'Remove' }).click()
  await question.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(toasts(page).filter({ hasText: 'E-mail address removed' })).toBeVisible()
  await expect(section.getByText('No e-mail address yet.')).toBeVisible()
  expect(await userRecord(page)).toMatchObject({ email: null, emailVerified: false })
  await page.reload()
  await expect(emailSection(page).getByRole('button', { name: 'Add E-mail Address' })).toBeVisible()
})

test('keeps the language for e-mails after a reload', async ({ page, origin }) => {
  await registeredWithEmail(page, origin, 'lang@acme.example')
  await page.goto('/settings')
  const language = emailSection(page).getByLabel('Language for e-mails')
  await expect(language).toHaveValue('en')
  await language.selectOption({ label: 'Svenska' })
  await expect(toasts(page).filter({ hasText: 'Language saved' })).toContainText('E-mails will be written in Svenska.')
  await page.reload()
  await expect(emailSection(page).getByLabel('Language for e-mails')).toHaveValue('sv')
  expect(await userRecord(page)).toMatchObject({ language: 'sv' })
  await emailSection(page).scrollIntoViewIfNeeded()
  await screenshot(page, 'settings-email-svenska')
  // The theme follows the system's at page load.
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(emailSection(page).getByLabel('Language for e-mails')).toHaveValue('sv')
  await emailSection(page).scrollIntoViewIfNeeded()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await screenshot(page, 'settings-email-svenska-dark')
})

test('tells the outcome of a confirmation link, then shows plain /settings', async ({ page, origin }) => {
  await registeredWithEmail(page, origin, 'link@acme.example')
  // A link that is not (or no longer) valid: identity's redirect, through the gateway.
  await page.goto('/api/user/email/verify?token=made-up-or-used')
  await expect(toasts(page).filter({ hasText: 'That confirmation link is no longer valid. Send a new one from Settings.' })).toBeVisible()
  await expect(page).toHaveURL('/settings')
  await screenshot(page, 'settings-email-link-invalid', false)
  await expect(emailSection(page).getByText(WAITING)).toBeVisible()

  await page.goto('/settings?email=verified')
  await expect(toasts(page).filter({ hasText: 'E-mail address confirmed' })).toBeVisible()
  await expect(page).toHaveURL('/settings')
})

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`on a 375 px phone in the ${scheme} theme`, () => {
    test.use({ ...SMALL_PHONE, colorScheme: scheme })

    test('the sign-up form and the E-mail section fit the screen and pass the accessibility rules', async ({ page, origin }) => {
      await page.goto('/auth?tab=register')
      await expect(page.getByLabel('E-mail (optional)')).toBeVisible()
      await expectFitsScreen(page, 'sign-up')
      expect.soft(await accessibilityViolations(page), 'sign-up: accessibility rule violations').toEqual([])
      await screenshot(page, `phone-${scheme}-sign-up`)

      await registeredWithEmail(page, origin, `${'a.very.long.address.for.a.small.phone'}@acme-consulting.example`)
      await page.goto('/settings')
      const section = emailSection(page)
      await expect(section.getByText(WAITING)).toBeVisible()
      await expectFitsScreen(page, 'settings')
      expect.soft(await accessibilityViolations(page), 'settings: accessibility rule violations').toEqual([])
      await section.scrollIntoViewIfNeeded()
      await screenshot(page, `phone-${scheme}-settings-email`, false)
      await section.getByRole('button', { name: 'Change' }).click()
      await expectFitsScreen(page, 'settings, changing the address')
      await screenshot(page, `phone-${scheme}-settings-email-change`, false)
    })
  })
}

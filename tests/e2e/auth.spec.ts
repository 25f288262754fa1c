import type { ConversionDetails, ConversionEvent } from '../../web/src/analytics.ts'
import { CHECKLIST_LABELS, STRONG_PASSWORD, expect, greeting, postJson, registerUser, test, toasts, uniqueUsername } from './fixtures.ts'

declare global {
  interface Window {
    recordedConversions?: Array<{ event: ConversionEvent; details: ConversionDetails }>
  }
}

test('registers through the Register tab while the password checklist ticks live', async ({ page }) => {
  // Stand in for the analytics script so the SIGN_UP conversion can be observed.
  await page.addInitScript(() => {
    window.recordedConversions = []
    window.valueproofAnalytics = (event, details) => window.recordedConversions?.push({ event, details })
  })
  const username = uniqueUsername('register')
  await page.goto('/auth')

  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'Transform Your Sales Proposals' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Interactive Calculators' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Real-time Analytics' })).toBeVisible()

  await page.getByRole('tab', { name: 'Register' }).click()
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')

  const checklist = page.getByRole('list', { name: 'Password requirements' })
  const rule = (label: string) => checklist.getByRole('listitem').filter({ hasText: label })
  await expect(checklist.getByRole('listitem')).toHaveCount(CHECKLIST_LABELS.length)
  for (const [index, label] of CHECKLIST_LABELS.entries()) {
    await expect(checklist.getByRole('listitem').nth(index).getByText(label, { exact: true })).toBeVisible()
    await expect(rule(label)).toHaveAttribute('data-met', 'false')
  }

  await page.getByLabel('Username').fill(username)
  const password = page.getByLabel('Password', { exact: true })
  const ticked = async (labels: readonly string[]) => {
    for (const label of CHECKLIST_LABELS) {
      await expect(rule(label)).toHaveAttribute('data-met', labels.includes(label) ? 'true' : 'false')
      await expect(rule(label)).toContainText(labels.includes(label) ? '(met)' : '(not met)')
    }
  }
  await password.pressSequentially('s')
  await ticked(['Contains a lowercase letter'])
  await password.pressSequentially('S')
  await ticked(['Contains a lowercase letter', 'Contains an uppercase letter'])
  await password.pressSequentially('7')
  await ticked(['Contains a lowercase letter', 'Contains an uppercase letter', 'Contains a number'])
  await password.pressSequentially('#')
  await ticked(['Contains a lowercase letter', 'Contains an uppercase letter', 'Contains a number', 'Contains a special character'])
  await password.pressSequentially('unny')
  await ticked(CHECKLIST_LABELS)
  // Deleting a character un-ticks the length rule at once.
  await password.press('Backspace')
  await ticked(CHECKLIST_LABELS.filter((label) => label !== 'At least 8 characters long'))
  await password.pressSequentially('y')
  await ticked(CHECKLIST_LABELS)

  await page.getByRole('button', { name: 'Register', exact: true }).click()

  await expect(greeting(page, username)).toBeVisible()
  await expect(page).toHaveURL('/')
  expect(await page.evaluate(() => window.recordedConversions)).toEqual([{ event: 'SIGN_UP', details: {} }])
  const session = await page.request.get('/api/user')
  expect(session.status()).toBe(200)
  expect(await session.json()).toMatchObject({ username })
})

test('registration refuses a weak password in the form, naming the broken rule', async ({ page }) => {
  let registerCalls = 0
  await page.route('**/api/register', async (route) => {
    registerCalls += 1
    await route.continue()
  })
  await page.goto('/auth?tab=register')
  await page.getByLabel('Username').fill(uniqueUsername('weak'))
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Register', exact: true }).click()

  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  expect(registerCalls).toBe(0)
})

test('registering an existing username shows the server message in a Registration failed toast', async ({ page, request, origin }) => {
  const username = uniqueUsername('taken')
  await registerUser(request, origin, username)
  // What the server says about a taken username; the toast must show exactly this.
  const refusal = await postJson(request, origin, '/api/register', { username, password: STRONG_PASSWORD })
  expect(refusal.ok()).toBe(false)
  const body: unknown = await refusal.json()
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : ''
  expect(message, 'the server names the problem in `message`').not.toBe('')

  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Register' }).click()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
  await page.getByRole('button', { name: 'Register', exact: true }).click()

  const toast = toasts(page)
  await expect(toast).toHaveCount(1)
  await expect(toast.getByText('Registration failed', { exact: true })).toBeVisible()
  await expect(toast.getByText(message, { exact: true })).toBeVisible()
  await expect(toast).toHaveAttribute('data-variant', 'destructive')
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
  expect((await page.request.get('/api/user')).status()).toBe(401)
})

test('logs in with the Login tab', async ({ page, request, origin }) => {
  const username = uniqueUsername('login')
  await registerUser(request, origin, username)

  await page.goto('/auth')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  await expect(greeting(page, username)).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('main').getByRole('link', { name: /^Generate from a file/ })).toHaveAttribute(
    'href',
    '/calculator?input=file',
  )
  await expect(page.getByRole('main').getByRole('link', { name: 'All proposals' })).toHaveAttribute('href', '/proposals')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Legal Information' })).toHaveAttribute('href', '/legal')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:.+@.+/)
  expect((await page.request.get('/api/user')).status()).toBe(200)
})

test('a wrong password shows a Login failed toast and keeps the visitor signed out', async ({ page, request, origin }) => {
  const username = uniqueUsername('wrong-password')
  await registerUser(request, origin, username)

  await page.goto('/auth')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(`${STRONG_PASSWORD}-not`)
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  const toast = toasts(page)
  await expect(toast).toHaveCount(1)
  await expect(toast.getByText('Login failed', { exact: true })).toBeVisible()
  await expect(toast).toHaveAttribute('data-variant', 'destructive')
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled()
  expect((await page.request.get('/api/user')).status()).toBe(401)
})

test('logs out from the header and lands on /auth signed out', async ({ page, signedInUser }) => {
  await page.goto('/')
  await expect(greeting(page, signedInUser)).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()

  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/\/auth$/)
  expect((await page.request.get('/api/user')).status()).toBe(401)

  // The session is gone on the server too: a fresh load shows the signed-out landing page.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Prove ROI instantly' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth')
  await expect(greeting(page, signedInUser)).toHaveCount(0)
})

test('a logout the server refuses shows a Logout failed toast with the error', async ({ page, signedInUser }) => {
  await page.route('**/api/logout', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'database unavailable' }))
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click()

  const toast = toasts(page)
  await expect(toast.getByText('Logout failed', { exact: true })).toBeVisible()
  await expect(toast.getByText('500: database unavailable', { exact: true })).toBeVisible()
  await expect(greeting(page, signedInUser)).toBeVisible()
})

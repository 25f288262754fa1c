import { expect, greeting, test } from './fixtures.ts'

for (const path of ['/proposals', '/calculator', '/settings', '/settings/success', '/settings/canceled']) {
  test(`a signed-out visitor who opens ${path} is sent to /auth`, async ({ page }) => {
    await page.goto(path)
    // Wait for the page itself (routes load lazily), then check where it is.
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
    await expect(page).toHaveURL(/\/auth$/)
  })
}

test('a protected route shows a spinner while the session loads', async ({ page }) => {
  let releaseSession: () => void = () => {}
  const sessionHeld = new Promise<void>((resolve) => {
    releaseSession = resolve
  })
  await page.route('**/api/session', async (route) => {
    await sessionHeld
    await route.continue()
  })

  await page.goto('/proposals', { waitUntil: 'commit' })
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0)

  releaseSession()
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
})

test('a signed-in user who opens /auth is sent to /', async ({ page, signedInUser }) => {
  await page.goto('/auth')
  await expect(page.getByRole('heading', { name: `Hello, ${signedInUser}` })).toBeVisible()
  await expect(greeting(page, signedInUser)).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0)
})

test('a signed-in user can open the protected pages', async ({ page, signedInUser }) => {
  await page.goto('/proposals')
  await expect(page.getByRole('heading', { name: 'My Proposals' })).toBeVisible()
  await expect(greeting(page, signedInUser)).toBeVisible()
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page).toHaveURL(/\/settings$/)
})

test('public pages open without an account', async ({ page }) => {
  await page.goto('/legal')
  await expect(page.getByRole('heading', { name: 'Legal Information' })).toBeVisible()
  // A shared proposal link opens signed out; this id is unknown, so the page says it failed to load.
  await page.goto('/proposals/3f0c6f0e9b6d4c1aa1c2b9e5d7a8f001')
  await expect(page.getByRole('heading', { name: 'Failed to load proposal' })).toBeVisible()
  await expect(page).toHaveURL(/\/proposals\/3f0c6f0e9b6d4c1aa1c2b9e5d7a8f001$/)
})

test('an unknown page shows the 404 texts', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere')
  // The gateway answers client routes with the app; the app decides it is not a page.
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?', { exact: true })).toBeVisible()
})

test('an unknown page shows the 404 texts to a signed-in user inside the app frame', async ({ page, signedInUser }) => {
  await page.goto('/settings/nowhere')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('Did you forget to add the page to the router?', { exact: true })).toBeVisible()
  await expect(greeting(page, signedInUser)).toBeVisible()
})

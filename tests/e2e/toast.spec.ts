import { expect, test, toastRegion, toasts } from './fixtures.ts'

// These tests stub POST /api/login in the browser to exercise the toast UI of SPEC §1, §8 and §9.

test('a failure without a server message shows the title alone', async ({ page }) => {
  await page.route('**/api/login', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }))
  await page.goto('/auth')
  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('anything')
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  const toast = toasts(page)
  await expect(toast).toHaveCount(1)
  await expect(toast).toHaveText('Login failed')
})

test('only one toast is visible at a time, the newest', async ({ page }) => {
  let attempt = 0
  await page.route('**/api/login', (route) => {
    attempt += 1
    return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: `Refusal ${attempt}` }) })
  })
  await page.goto('/auth')
  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('anything')
  const login = page.getByRole('button', { name: 'Login', exact: true })
  await login.click()
  await expect(toasts(page).getByText('Refusal 1')).toBeVisible()
  await login.click()
  await expect(toasts(page).getByText('Refusal 2')).toBeVisible()
  // At once, not after the first toast's 5 s have run out.
  await expect(toasts(page)).toHaveCount(1, { timeout: 1_000 })
  await expect(toasts(page).getByText('Refusal 1')).toHaveCount(0, { timeout: 1_000 })
})

test('toasts sit bottom right on wide screens and at the top on small ones, at most 420 px wide', async ({ page }) => {
  await page.route('**/api/login', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid username or password' }) }),
  )
  await page.goto('/auth')
  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('anything')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  const toast = toasts(page)
  await expect(toast).toBeVisible()

  const wide = page.viewportSize()
  if (wide === null) throw new Error('the config sets a viewport')
  const viewport = toastRegion(page).getByRole('list')
  const onWide = await viewport.boundingBox()
  expect(onWide).not.toBeNull()
  if (onWide !== null) {
    expect(onWide.width).toBeLessThanOrEqual(420)
    expect(onWide.x + onWide.width).toBeCloseTo(wide.width, 0)
    expect(onWide.y + onWide.height).toBeCloseTo(wide.height, 0)
  }

  await page.setViewportSize({ width: 375, height: 700 })
  const onSmall = await viewport.boundingBox()
  expect(onSmall).not.toBeNull()
  if (onSmall !== null) {
    expect(onSmall.y).toBe(0)
    expect(onSmall.width).toBeLessThanOrEqual(420)
  }
})

test('a toast closes by itself after 5 seconds and can be reached with F8', async ({ page }) => {
  await page.route('**/api/login', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Invalid username or password' }) }),
  )
  await page.goto('/auth')
  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password', { exact: true }).fill('anything')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(toasts(page)).toHaveCount(1)

  await page.keyboard.press('F8')
  await expect(toastRegion(page).getByRole('list')).toBeFocused()
  // Focus pauses the timer; give it back to the page and let the 5000 ms run out.
  await page.getByLabel('Username').focus()
  const shownAt = Date.now()
  await expect(toasts(page)).toHaveCount(0, { timeout: 9_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(3_000)
})

import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const html = (page: Page) => page.locator('html')

test('the theme chosen in the header survives reloads', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Prove ROI instantly' })).toBeVisible()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)

  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Prove ROI instantly' })).toBeVisible()
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(darkBackground)

  // The choice holds on other pages too, and switching back persists as well.
  await page.goto('/auth')
  await expect(html(page)).toHaveClass(/\bdark\b/)
  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible()
  await expect(html(page)).not.toHaveClass(/\bdark\b/)
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground)
})

test('without a saved choice the theme follows the system setting', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  try {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Prove ROI instantly' })).toBeVisible()
    await expect(html(page)).toHaveClass(/\bdark\b/)
  } finally {
    await context.close()
  }
})

// The product through the composed system (issue 38): a seller registers, uploads a sample proposal
// PDF, generates a calculator and shares it with an access code; a signed-out prospect opens it,
// moves a slider, downloads the PDF and agrees; the seller's open app hears of both live, and
// /analytics shows the view and the agreement. Serial steps sharing one seller and one prospect.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { expect, greeting, STRONG_PASSWORD, toasts, uniqueUsername, watchPageHealth } from '../../e2e/fixtures.ts'
import { calculatorEntries, chooseCalculatorType, signedOutVisitor, startGuardedAction, upgradeToPro } from '../../e2e/pages.ts'

/** A real proposal that the document workers turn into a calculator in seconds (tests/e2e/calculator.spec.ts uses it too). */
const SAMPLE_PDF = fileURLToPath(new URL('../../../../shared/samples/documents/kubient-ap-revenue-share-exhibit.pdf', import.meta.url))
const ACCESS_CODE = 'smoke-test-2026'
const PROSPECT = { name: 'Priya Raman', email: 'priya@initech.example' }

/** What the steps hand on to each other. */
interface Journey {
  seller: { context: BrowserContext; page: Page; problems: string[] }
  username: string
  title: string
  link: string
  prospect?: { page: Page; close(): Promise<void> }
}
let journey: Journey | undefined

function current(): Journey {
  if (journey === undefined) throw new Error('the seller was not set up')
  return journey
}

function prospectPage(): Page {
  const prospect = current().prospect
  if (prospect === undefined) throw new Error('the prospect has not opened the link')
  return prospect.page
}

/** Every figure of the calculator on the page, one string: what "the result changed" compares. */
async function shownFigures(page: Page): Promise<string> {
  return (await page.locator('main [data-result] dd').allInnerTexts()).join(' | ')
}

async function openSeller(browser: Browser, baseURL: string): Promise<Journey['seller']> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  return { context, page, problems: await watchPageHealth(page) }
}

test.describe.configure({ mode: 'serial' })

test.describe('ValueProof through the composed system', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    if (baseURL === undefined) throw new Error('playwright.config.ts must set use.baseURL')
    const stamp = Date.now().toString(36)
    journey = {
      seller: await openSeller(browser, baseURL),
      username: uniqueUsername('smoke'),
      title: `Smoke test savings ${stamp}`,
      link: '',
    }
  })

  test.afterAll(async () => {
    if (journey === undefined) return
    const { seller, prospect } = journey
    journey = undefined
    await prospect?.close()
    await seller.context.close()
    expect(seller.problems, "the seller's page errors and CSP violations").toEqual([])
  })

  test('a new seller registers at /auth and is signed in, then upgrades to Pro (analytics is Pro)', async () => {
    const { page } = current().seller
    const { username } = current()
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Register' }).click()
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await expect(greeting(page, username)).toBeVisible()
    const session = await page.request.get('/api/user')
    expect(session.status()).toBe(200)
    expect(await session.json()).toMatchObject({ username })
    // The test-mode checkout (PAYMENTS_TEST_MODE=true): 'Upgrade to Pro' answers 503 without it.
    await upgradeToPro(page)
  })

  test('the seller uploads a sample PDF on /calculator and a calculator is generated from it', async () => {
    const { page } = current().seller
    await page.goto('/calculator')
    await page.getByTestId('file-input').setInputFiles(SAMPLE_PDF)
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    await chooseCalculatorType(page, 'Balanced')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 75_000 })
    await expect(page.getByTestId('current-calculator').getByRole('slider').first()).toBeVisible()
  })

  test('the seller shares it with an access code and reads the share link', async () => {
    const { page } = current().seller
    const { title } = current()
    await startGuardedAction(page, 'Share')
    const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
    await dialog.getByLabel('Calculator Name').fill(title)
    await dialog.getByLabel('Access Password').fill(ACCESS_CODE)
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    const link = dialog.getByLabel('Share link')
    await expect(link).toHaveValue(/\/proposals\/[A-Za-z0-9_-]{22}$/)
    current().link = await link.inputValue()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('a signed-out prospect opens the link with the access code and moves a slider; the seller hears of the visit live', async ({
    browser,
  }) => {
    const { seller, title, link } = current()
    // The seller's app stays open on /proposals with its live feed answered before the prospect arrives.
    const liveFeed = seller.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live')
    await seller.page.goto('/proposals')
    expect((await liveFeed).status()).toBe(200)
    await expect(seller.page.getByRole('link', { name: `View ${title}`, exact: true })).toBeVisible()

    const prospect = await signedOutVisitor(browser, new URL(link).origin)
    current().prospect = prospect
    const page = prospect.page
    await page.goto(link)
    const codeDialog = page.getByRole('dialog', { name: 'Password Protected Calculator' })
    await codeDialog.getByLabel('Enter Password').fill(ACCESS_CODE)
    await codeDialog.getByRole('button', { name: 'Access Calculator' }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(toasts(seller.page).filter({ hasText: `${title} was just opened` })).toBeVisible({ timeout: 20_000 })

    const slider = page.getByRole('slider').first()
    await expect(slider).toBeVisible()
    const before = await shownFigures(page)
    expect(before, 'the calculator shows figures').not.toBe('')
    const [now, max] = await Promise.all([slider.getAttribute('aria-valuenow'), slider.getAttribute('aria-valuemax')])
    // To the far end it is not at: a whole range's move changes the result.
    await slider.press(now !== null && now === max ? 'Home' : 'End')
    await expect(slider).not.toHaveAttribute('aria-valuenow', now ?? '')
    await expect.poll(() => shownFigures(page)).not.toBe(before)
  })

  test('the prospect downloads the PDF', async () => {
    const page = prospectPage()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
    expect(await download.failure()).toBeNull()
    const bytes = await readFile(await download.path())
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF')
    expect(bytes.length).toBeGreaterThan(1024)
  })

  test('the prospect agrees to the numbers; the seller hears of it live', async () => {
    const page = prospectPage()
    const { seller, title } = current()
    await page.getByRole('button', { name: 'These numbers work for us' }).click()
    const form = page.getByRole('form', { name: 'These numbers work for us' })
    await form.getByLabel('Your name').fill(PROSPECT.name)
    await form.getByLabel('Your e-mail').fill(PROSPECT.email)
    await form.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.locator('[data-agreement]').getByRole('heading', { name: 'Agreed figures' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'These numbers work for us' })).toHaveCount(0)

    await expect(toasts(seller.page).filter({ hasText: `${title} — the prospect agreed to the numbers` })).toBeVisible({
      timeout: 20_000,
    })
  })

  test("the seller's /analytics shows the view and the agreement", async () => {
    const { seller, title } = current()
    const page = seller.page
    const row = page
      .locator('main')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: title }) })
    await page.goto('/analytics')
    // The analytics service counts from the bus: a moment after the visit the figures may still be on their way.
    await expect(async () => {
      await page.reload()
      await expect(row.getByRole('cell').first()).toHaveText('1', { timeout: 3_000 })
    }).toPass({ timeout: 45_000 })

    await row.getByRole('link', { name: title }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByTestId('visit-timeline').getByRole('listitem')).toHaveCount(1)
    const agreement = page.getByTestId('analytics-agreement')
    await expect(async () => {
      await page.reload()
      await expect(agreement).toContainText(`${PROSPECT.name} (${PROSPECT.email}) agreed to the`, { timeout: 3_000 })
      await expect(page.getByTestId('analytics-pdf-downloads')).toHaveText('1', { timeout: 3_000 })
    }).toPass({ timeout: 45_000 })
  })
})

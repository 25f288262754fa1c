// Issue 36, phone layout: every page of the app on a 375 × 812 phone, in the light and the dark theme,
// signed out and signed in, with an English and a Swedish calculator and proposal. On each page the
// document is no wider than the screen, nothing visible sits outside it, and axe finds no violation.
import type { Locator, Page } from '@playwright/test'
import { accessibilityViolations } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { expectFitsScreen, SMALL_PHONE } from './layout.ts'
import {
  calculatorEntries,
  generateFromDescription,
  screenshot,
  shareCalculatorByApi,
  SUPPORT_CALCULATOR,
  SWEDISH_CALCULATOR,
} from './pages.ts'

/** The same slot useStartProposalGeneration() writes (web/src/proposals/generation.ts). */
const PENDING_GENERATION_KEY = 'valueproof-pending-proposal-generation'

const ENGLISH_DESCRIPTION =
  'Your team of 6 analysts spends 8 hours per week each compiling management reports by hand. Our reporting tool cuts that time by 50%. An analyst costs $55 per hour.'
const SWEDISH_DESCRIPTION =
  'Vi sköter städningen av kontor. I dag lägger kunden 30 000 kr i månaden på städning i egen regi, och vår tjänst ersätter den helt. Vårt pris är 18 000 kr i månaden.'

/** Priced, so the proposal pages show their headline, payback chart and scenarios. */
const ENGLISH_PROPOSAL_CALCULATOR = {
  ...SUPPORT_CALCULATOR,
  price: { amount: 1200, period: 'month', setup: 5000, source: { kind: 'entered' } },
}
const SWEDISH_PROPOSAL_CALCULATOR = {
  ...SWEDISH_CALCULATOR,
  price: { amount: 9900, period: 'month', setup: 20000, source: { kind: 'entered' } },
  scenarios: { conservative: { besparingPerSida: 1.1 }, optimistic: { besparingPerSida: 2.2 } },
}

/** The page as it is now fits the phone: checked softly, so one run names every page that does not. */
async function expectFitsPhone(page: Page, name: string): Promise<void> {
  // A panel still fading in has colours axe would misjudge; endless animations (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  await expectFitsScreen(page, name)
  expect.soft(await accessibilityViolations(page), `${name}: accessibility rule violations`).toEqual([])
  await screenshot(page, name)
}

/** The header shows the product's name beside its logo, not only to screen readers (a 1 px box). */
async function expectWordmark(page: Page): Promise<void> {
  const box = await page.getByRole('banner').getByText('ValueProof', { exact: true }).boundingBox()
  expect(box?.width ?? 0, 'the wordmark’s width (px)').toBeGreaterThan(40)
}

/** Where an element starts, from the top of the page (px). */
async function pageTop(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
}

/** Opens `path` and waits for its level-1 heading. */
async function open(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path)
  const h1 = page.getByRole('heading', { level: 1, ...(heading === undefined ? {} : { name: heading }) })
  await expect(h1.first()).toBeVisible()
}

/** Signed in on /proposals/generating with the request held: the page shows until it is let go. */
async function generateEnglishProposal(page: Page, check: () => Promise<void>): Promise<string> {
  await page.evaluate(([key, request]) => window.sessionStorage.setItem(key, JSON.stringify({ request })), [
    PENDING_GENERATION_KEY,
    {
      calculatorData: ENGLISH_PROPOSAL_CALCULATOR,
      input: 'We automate first-line support for software companies.',
      templateType: 'standard',
    },
  ] as const)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/proposals/generate', async (route) => {
    await held
    await route.continue()
  })
  await open(page, '/proposals/generating', 'Generating your proposal...')
  await check()
  release()
  await page.waitForURL(/\/proposals\/(?!generating)[^/]+$/)
  await page.unroute('**/api/proposals/generate')
  return new URL(page.url()).pathname.split('/').pop() ?? ''
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`on a 375 px phone in the ${scheme} theme`, () => {
    test.use({ ...SMALL_PHONE, colorScheme: scheme })

    test('every page fits the screen and passes the accessibility rules', async ({ page, origin, signedInUser }) => {
      test.setTimeout(150_000)
      void signedInUser
      const fits = (name: string) => expectFitsPhone(page, `${scheme}-${name}`)

      // Signed in, on the Free plan.
      await open(page, '/')
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expectWordmark(page)
      await fits('home')

      await open(page, '/calculator')
      await generateFromDescription(page, ENGLISH_DESCRIPTION, { language: 'en', currency: 'USD' })
      const yearly = page.getByTestId('current-calculator').locator('[data-result="yearly"]')
      await expect(yearly).toContainText(/year/i)
      await fits('calculator-english')
      await generateFromDescription(page, SWEDISH_DESCRIPTION, { language: 'sv', currency: 'SEK' })
      await expect(calculatorEntries(page)).toHaveCount(2)
      await expect(yearly).toContainText('per år')
      // The current calculator's result comes before the list of generated calculators.
      expect(await pageTop(yearly)).toBeLessThan(await pageTop(page.getByRole('region', { name: 'Generated Calculators' })))
      await fits('calculator-swedish')
      await page.getByRole('region', { name: 'Current Calculator' }).getByRole('button', { name: 'Edit', exact: true }).click()
      const edit = page.getByRole('dialog')
      await expect(edit).toBeVisible()
      await fits('calculator-swedish-edit')
      await page.keyboard.press('Escape')
      await expect(edit).toBeHidden()

      const english = await generateEnglishProposal(page, () => fits('proposal-generating'))
      await expect(page.getByRole('heading', { name: 'Executive Summary', exact: true })).toBeVisible()
      await fits('proposal-english-owner')
      const swedish = await shareCalculatorByApi(page.request, origin, 'Fakturautskick för Acme AB', SWEDISH_PROPOSAL_CALCULATOR)
      await open(page, `/proposals/${swedish}`)
      await fits('proposal-swedish-owner')

      await open(page, '/proposals', 'My Proposals')
      await expect(page.getByRole('link', { name: /^View / })).toHaveCount(2)
      // Every row's every action is on the screen, not cut off at its right edge.
      for (const action of await page
        .getByRole('table')
        .getByRole('row')
        .getByRole('button')
        .or(page.getByRole('link', { name: /^View / }))
        .all()) {
        const box = await action.boundingBox()
        expect(box === null ? Infinity : box.x + box.width, `${await action.textContent()} ends within the screen`).toBeLessThanOrEqual(375)
      }
      await fits('proposals')
      await page.getByRole('button', { name: 'Expiry Fakturautskick för Acme AB' }).click()
      const expiry = page.getByRole('dialog')
      await expect(expiry).toBeVisible()
      await fits('proposals-expiry')
      await page.keyboard.press('Escape')
      await expect(expiry).toBeHidden()

      await open(page, '/settings/nowhere', '404 Page Not Found')
      await fits('not-found-signed-in')
      await open(page, '/settings/canceled', 'Payment Canceled')
      await fits('settings-canceled')
      await open(page, '/settings', 'Settings')
      await fits('settings-free')

      // Upgrade on the test-mode payment page, through /settings/success.
      await page.getByRole('banner').getByRole('button', { name: 'Upgrade to Pro' }).click()
      await page.waitForURL(/\/checkout\/test\/[^/]+$/)
      await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible()
      await fits('checkout')
      await page.getByRole('button', { name: /^Pay / }).click()
      await page.waitForURL(/\/settings\/success/)
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
      await fits('settings-success')
      await page.waitForURL(/\/settings$/)
      await expect(page.getByRole('region', { name: 'Subscription Plan' }).getByText('PRO', { exact: true })).toBeVisible()
      await fits('settings-pro')

      // Signed out: the public pages and the prospect's view of both proposals.
      const cookies = await page.context().cookies()
      await page.context().clearCookies()
      await open(page, '/', 'Prove ROI instantly')
      await expectWordmark(page)
      await fits('landing')
      await page.goto('/auth')
      await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
      await fits('auth-login')
      await page.getByRole('tab', { name: 'Register' }).click()
      await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
      await fits('auth-register')
      for (const tab of ['contact', 'refund', 'cancellation', 'restrictions']) {
        await open(page, tab === 'contact' ? '/legal' : `/legal?tab=${tab}`)
        await fits(`legal-${tab}`)
      }
      await open(page, `/proposals/${english}`)
      await expect(page.getByRole('heading', { name: 'Executive Summary', exact: true })).toBeVisible()
      await fits('proposal-english-prospect')
      await open(page, `/proposals/${swedish}`)
      await fits('proposal-swedish-prospect')
      await open(page, '/no-such-page', '404 Page Not Found')
      await fits('not-found')

      // Signed in again, as Pro: the analytics of both proposals.
      await page.context().addCookies(cookies)
      await open(page, '/analytics')
      await fits('analytics')
      await open(page, `/analytics/${english}`)
      await fits('analytics-english')
      await open(page, `/analytics/${swedish}`)
      await fits('analytics-swedish')
    })
  })
}

test('from sm to lg the header keeps its brand, controls and links apart', async ({ page, signedInUser }) => {
  void signedInUser
  await open(page, '/proposals', 'My Proposals')
  const banner = page.getByRole('banner')
  const links = banner.getByRole('navigation', { name: 'Main' }).getByRole('link')
  const controls = [
    banner.getByRole('link', { name: 'Settings' }),
    banner.getByRole('button', { name: 'Upgrade to Pro' }),
    banner.getByText('Welcome,'),
  ]
  for (const width of [640, 768, 1023, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expectWordmark(page)
    await expectFitsScreen(page, `${width} px`)
    for (const link of await links.all()) {
      const a = await link.boundingBox()
      for (const control of controls) {
        const b = await control.boundingBox()
        if (a === null || b === null) throw new Error('a header item has no box')
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
        expect(overlap, `${width} px: ${await link.textContent()} overlaps ${await control.textContent()}`).toBe(false)
      }
    }
  }
})

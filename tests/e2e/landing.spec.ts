// The visitor's landing page (issue 18, SPEC §1/§2/§9): its sections in order, the live demo's
// arithmetic, one demo-interaction call per page view, CTA_CLICK conversions, the pricing texts, the
// testimonials, and the layout on a phone and in the dark theme.
import type { Page, Request } from '@playwright/test'
import { expect, test, watchPageHealth } from './fixtures.ts'
import { expectMobileFriendlyLayout, PHONE } from './layout.ts'
import { screenshot } from './pages.ts'

const SECTION_HEADINGS = [
  'Prove ROI instantly',
  'See what better proposals are worth',
  'Prospects do not believe vendor ROI math',
  'How it works',
  'Three steps to a proposal that sells',
  'Results sales teams report',
  'Simple pricing',
  'Sales teams that prove their value',
  'Send your next proposal with the numbers built in',
]

const usd = (value: number) => `$${value.toLocaleString('en-US')}`

/** SPEC §9, written out here rather than taken from the page's code: 25% more deals, rounded; twelve months. */
function expectedDemo(deals: number, dealSize: number) {
  const additionalDeals = Math.round(deals / 4)
  return { additionalDeals, monthly: additionalDeals * dealSize, yearly: additionalDeals * dealSize * 12 }
}

function demoInteractions(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/track/demo-interaction') requests.push(request)
  })
  return requests
}

async function expectDemoFigures(page: Page, deals: number, dealSize: number) {
  const expected = expectedDemo(deals, dealSize)
  const figure = (label: string) => page.locator(`#demo dt:text-is("${label}") + dd`)
  await expect(figure('Additional deals per month')).toHaveText(String(expected.additionalDeals))
  await expect(figure('Additional revenue per month')).toHaveText(usd(expected.monthly))
  await expect(figure('Additional revenue per year')).toHaveText(usd(expected.yearly))
}

test('a visitor sees the landing page sections in order, with header and footer', async ({ page }) => {
  const apiCalls: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/')) apiCalls.push(path)
  })
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  // Prerendered: the hero is in the HTML the server sent, before any script ran.
  expect(await response?.text()).toContain('Prove ROI instantly</h1>')

  await expect(page.locator('main :is(h1, h2)')).toHaveText(SECTION_HEADINGS)
  await page.waitForLoadState('networkidle')
  // The visitor's landing page asks nothing of the session: no GET /api/user, no 401 in the console.
  expect(apiCalls).toEqual([])
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prove ROI instantly')
  await expect(page.getByText('Upload a proposal, get an interactive calculator, share it with prospects.')).toBeVisible()
  await expect(page.getByText('75%', { exact: true })).toBeVisible()
  await expect(page.getByText('less time building proposals')).toBeVisible()
  await expect(page.getByText('25-40%', { exact: true })).toBeVisible()
  await expect(page.getByText('higher close rates')).toBeVisible()

  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'ValueProof' })).toHaveAttribute('href', '/')
  await expect(header.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
  await header.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')

  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Legal Info' }).click()
  await expect(page).toHaveURL(/\/legal$/)
})

test('the live demo computes SPEC §9 at several slider positions', async ({ page }) => {
  await page.goto('/')
  const deals = page.getByRole('slider', { name: 'Deals per month' })
  const dealSize = page.getByRole('slider', { name: 'Average deal size' })
  await expect(deals).toHaveAttribute('min', '5')
  await expect(deals).toHaveAttribute('max', '100')
  await expect(deals).toHaveAttribute('step', '5')
  await expect(deals).toHaveValue('20')
  await expect(dealSize).toHaveAttribute('min', '10000')
  await expect(dealSize).toHaveAttribute('max', '200000')
  await expect(dealSize).toHaveAttribute('step', '10000')
  await expect(dealSize).toHaveValue('50000')
  await expectDemoFigures(page, 20, 50_000)

  for (const [dealCount, size] of [
    [5, 10_000],
    [10, 200_000],
    [30, 70_000],
    [55, 120_000],
    [100, 200_000],
  ] as const) {
    await deals.fill(String(dealCount))
    await dealSize.fill(String(size))
    await expectDemoFigures(page, dealCount, size)
  }
  // The keyboard moves a slider by its step.
  await deals.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(deals).toHaveValue('95')
  await expectDemoFigures(page, 95, 200_000)
})

test('exactly one demo-interaction call per page view, however many changes', async ({ page }) => {
  const calls = demoInteractions(page)
  await page.goto('/')
  const deals = page.getByRole('slider', { name: 'Deals per month' })
  await page.waitForTimeout(300)
  expect(calls, 'nothing before the first change').toHaveLength(0)

  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/track/demo-interaction')
  await deals.fill('35')
  expect((await answered).status(), 'accepted').toBe(202)
  const [first] = calls
  expect(first?.method()).toBe('POST')
  expect(first?.headers()['content-type']).toContain('application/json')
  expect(JSON.parse(first?.postData() ?? 'null')).toEqual({})

  for (const value of ['40', '45', '100', '5']) await deals.fill(value)
  await page.getByRole('slider', { name: 'Average deal size' }).fill('90000')
  await page.keyboard.press('ArrowRight')
  await expectDemoFigures(page, 5, 100_000)
  await page.waitForTimeout(500)
  expect(calls).toHaveLength(1)

  // A new page view reports its own first change, once.
  await page.reload()
  await page.getByRole('slider', { name: 'Average deal size' }).fill('150000')
  await page.getByRole('slider', { name: 'Deals per month' }).fill('60')
  await expect.poll(() => calls.length).toBe(2)
  await page.waitForTimeout(500)
  expect(calls).toHaveLength(2)
})

test('calls to action report CTA_CLICK to the analytics hook and lead to registration', async ({ page }) => {
  // Stand in for the analytics script; it keeps what it got in session storage, which survives the
  // navigation the click starts, so the test sees what was reported before the page was left.
  await page.addInitScript(() => {
    window.valueproofAnalytics = (event, details) => {
      const recorded: unknown[] = JSON.parse(window.sessionStorage.getItem('recorded-conversions') ?? '[]') as unknown[]
      window.sessionStorage.setItem(
        'recorded-conversions',
        JSON.stringify([...recorded, { event, details, from: window.location.pathname }]),
      )
    }
  })
  const recorded = () => page.evaluate(() => JSON.parse(window.sessionStorage.getItem('recorded-conversions') ?? '[]') as unknown)
  await page.goto('/')
  await page.getByRole('link', { name: 'Try the live demo' }).click()
  await expect(page).toHaveURL(/#demo$/)
  expect(await recorded()).toEqual([{ event: 'CTA_CLICK', details: {}, from: '/' }])

  const pro = page
    .getByRole('region', { name: 'Simple pricing' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Pro' }) })
  await pro.getByRole('link', { name: 'Start Free Trial' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
  expect(await recorded()).toEqual([
    { event: 'CTA_CLICK', details: {}, from: '/' },
    { event: 'CTA_CLICK', details: { amount: 9.99, currency: 'USD' }, from: '/' },
  ])

  await page.goto('/')
  await page.getByRole('link', { name: 'Create your free account' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=register$/)
  expect(await recorded()).toHaveLength(3)
})

test('a CTA_CLICK without an analytics script is skipped with a console warning', async ({ page }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.goto('/')
  await page.getByRole('link', { name: 'Try the live demo' }).click()
  await expect.poll(() => warnings).toContain('Analytics is not loaded; skipping the CTA_CLICK conversion event.')
})

test('pricing shows Free and Pro exactly as SPEC §1 sells them', async ({ page }) => {
  await page.goto('/')
  const pricing = page.getByRole('region', { name: 'Simple pricing' })
  const plan = (name: string) => pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) })
  const free = plan('Free')
  await expect(free.getByRole('listitem')).toHaveText(['5 calculators per month', 'ValueProof branding', 'Email support'])
  await expect(free).toContainText('$0')
  await expect(free).not.toContainText('Most Popular')
  await expect(free.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?tab=register')
  const pro = plan('Pro')
  await expect(pro).toContainText('$9.99 per month')
  await expect(pro.getByRole('listitem')).toHaveText([
    '100 calculators per month',
    'Custom branding',
    'Analytics dashboard',
    'Priority support',
    'Calculator templates',
  ])
  await expect(pro.getByText('Most Popular', { exact: true })).toBeVisible()
  await expect(pro.getByRole('link', { name: 'Start Free Trial' })).toBeVisible()
})

test('testimonials: five to six cards, each a person with role, company and a portrait served by the product', async ({ page, origin }) => {
  await page.goto('/')
  const cards = page.getByRole('region', { name: 'Sales teams that prove their value' }).getByRole('listitem')
  const count = await cards.count()
  expect(count).toBeGreaterThanOrEqual(5)
  expect(count).toBeLessThanOrEqual(6)
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index)
    await card.scrollIntoViewIfNeeded()
    const portrait = card.getByRole('img')
    await expect(portrait).toHaveAttribute('alt', /^Portrait of .+/)
    const src = await portrait.getAttribute('src')
    expect(new URL(src ?? '', origin).origin, 'portraits are the product’s own files').toBe(origin)
    await expect.poll(() => portrait.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    await expect(card.locator('figcaption')).toContainText(/\S+ \S+.*, .+/)
    await expect(card.locator('blockquote')).not.toBeEmpty()
  }
})

for (const scheme of ['light', 'dark'] as const) {
  test(`on a phone in the ${scheme} theme the landing page fits and its tap targets are large enough`, async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, colorScheme: scheme })
    const page = await context.newPage()
    const problems = await watchPageHealth(page)
    try {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expectMobileFriendlyLayout(page)
      await screenshot(page, `landing-phone-${scheme}`, false)
      await page.getByRole('region', { name: 'Simple pricing' }).scrollIntoViewIfNeeded()
      await screenshot(page, `landing-phone-${scheme}-pricing`, false)
      await screenshot(page, `landing-phone-${scheme}-full`)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
}

test('the dark theme on a wide screen fits, and a signed-in visitor of / gets the home instead', async ({
  browser,
  page,
  signedInUser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1440, height: 900 } })
  const visitor = await context.newPage()
  try {
    await visitor.goto('/')
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Prove ROI instantly')
    await expect(visitor.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    await expectMobileFriendlyLayout(visitor)
    await screenshot(visitor, 'landing-wide-dark')
  } finally {
    await context.close()
  }
  await page.goto('/')
  await expect(page.getByRole('banner').getByText(`Welcome, ${signedInUser}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Prove ROI instantly' })).toHaveCount(0)
})

test('an expired session cookie still shows the landing page, through the application', async ({ browser, origin }) => {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'vp_session', value: 'expired-or-forged', url: origin }])
  const page = await context.newPage()
  try {
    // The application reads the session, and a cookie that opens none is a visitor: 200, no user (issue 36).
    const sessionCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/session')
    await page.goto('/')
    const session = await sessionCall
    expect([session.status(), await session.json()]).toEqual([200, { user: null }])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prove ROI instantly')
    await expect(page.getByRole('slider', { name: 'Deals per month' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  } finally {
    await context.close()
  }
})

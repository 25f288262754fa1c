// Issue 36, the Swedish screens and the public pages: a Swedish calculator writes its numbers the
// Swedish way on the generator screen and on the proposal ("4,8 månader", "5 660 %", "345 600 kr",
// an axis in tkr, "Återbetald på mindre än 0,1 månader"), its seller's notes say "Antagande" once, a
// protected Swedish proposal asks for its code in Swedish, a Pro seller's proposal does not say
// "Skapad med ValueProof", and a signed-out visitor's pages log no failed request to the console.
import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, postJson, test, toasts } from './fixtures.ts'
import {
  currentCalculatorConfig,
  generateFromDescription,
  screenshot,
  shareCalculatorByApi,
  signedOutVisitor,
  SWEDISH_CALCULATOR,
  upgradeToPro,
} from './pages.ts'

/** ICU writes no-break spaces in sv-SE; the tests compare with plain ones. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-')
}

/**
 * SWEDISH_CALCULATOR (18 000 pages at 1,60 kr: 28 800 kr a month) at 500 kr a month. By hand:
 * 345 600 kr a year; over 3 years 1 036 800 kr of value against 18 000 kr of price, so a net value
 * of 1 018 800 kr and an ROI of 1 018 800 / 18 000 = 5 660 %; paid back after 500 / 28 800 of a month.
 */
const PRICED = { ...SWEDISH_CALCULATOR, price: { amount: 500, period: 'month', source: { kind: 'entered' } } }

/** A Swedish value calculator whose key metric has a decimal: (233 180 − 10 000) / 10 000 × 100 = 2 231,8 %. */
const SWEDISH_VALUE = {
  name: 'Avkastning på kampanjen',
  description: 'Vad kampanjen ger tillbaka.',
  formula: '',
  explanation: 'Vinsten minus kostnaden, delat med kostnaden.',
  calculatorType: 'value',
  baseCurrency: 'SEK',
  language: 'sv',
  parameters: [],
  valueFields: [
    { name: 'kostnad', label: 'Kostnad', defaultValue: 10000, calculated: false, unit: 'kr' },
    { name: 'vinst', label: 'Vinst', defaultValue: 233180, calculated: false, unit: 'kr' },
    { name: 'avkastning', label: 'Avkastning', calculated: true, formula: '(vinst - kostnad) / kostnad * 100', unit: '%', highlight: true },
  ],
}

/** English number shapes a Swedish page must not show: "4.8", "345,600", "56%", "tn kr". */
const ENGLISH_NUMBERS = /\d\.\d|\d,\d{3}(?!\d)|\d%|\btn kr|\bmn kr|SEK \d/u

const PHONE_375 = { width: 375, height: 812 }

test.describe('a Swedish proposal', () => {
  test('writes every figure the Swedish way: headline, card, chart and its axis', async ({ page, browser, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Fakturautskick för Acme', PRICED)

    for (const scheme of ['light', 'dark'] as const) {
      const prospect = await signedOutVisitor(browser, origin, { colorScheme: scheme })
      await prospect.page.goto(`/proposals/${id}`)
      const article = prospect.page.locator('article')
      await expect(article).toHaveAttribute('lang', 'sv')

      const yearly = prospect.page.locator('[data-headline-figure="yearly-value"] dd')
      await expect(yearly).toHaveText(/kr$/)
      expect(plain(await yearly.innerText())).toBe('345 600 kr')
      const payback = prospect.page.locator('[data-headline-figure="payback"]')
      await expect(payback.locator('dt')).toHaveText('Återbetald på')
      // One phrase with its label: lower case, not "Återbetald på Mindre än …".
      await expect(payback.locator('dd')).toHaveText('mindre än 0,1 månader')

      const card = (key: string) => article.locator(`[data-result="${key}"] dd`)
      expect(plain(await card('net-value').innerText())).toBe('1 018 800 kr')
      expect(plain(await card('roi').innerText())).toBe('5 660 %')
      // Alone under its own label the phrase starts with a capital.
      await expect(card('payback')).toHaveText('Mindre än 0,1 månader')

      const chart = prospect.page.locator('svg[data-payback-chart]')
      await expect(chart).toHaveAttribute('aria-label', 'Återbetalning över 3 år: återbetald på mindre än 0,1 månader')
      const axis = (await chart.locator('text.tabular-nums').allTextContents()).map(plain).filter((label) => label.endsWith('kr'))
      expect(axis.length).toBeGreaterThan(2)
      for (const label of axis) expect(label).toMatch(/^-?\d+(,\d{1,2})? (kr|tkr|mnkr)$/)
      expect(axis).toContain('500 tkr')

      const text = plain(await article.innerText())
      expect(text).not.toMatch(ENGLISH_NUMBERS)
      expect(text).not.toContain('på Mindre')
      await screenshot(prospect.page, `swedish-proposal-${scheme}`)
      if (scheme === 'light') {
        await prospect.page.setViewportSize(PHONE_375)
        await expect(payback.locator('dd')).toBeVisible()
        expect(await prospect.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_375.width)
        await screenshot(prospect.page, 'swedish-proposal-phone')
      }
      await prospect.close()
    }
  })

  test('an estimate in months with a decimal comma, and a key metric in per cent with a space', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const estimated = await shareCalculatorByApi(page.request, origin, 'Fakturautskick', SWEDISH_CALCULATOR)
    const valued = await shareCalculatorByApi(page.request, origin, 'Kampanj', SWEDISH_VALUE)
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${estimated}`)
    // SPEC §9's estimate: a cost of 40 % of the yearly 345 600 kr is paid back in 0,4 × 12 = 4,8 months.
    const payback = prospect.page.locator('article [data-result="payback"]')
    await expect(payback.locator('dd')).toHaveText('4,8 månader')
    await expect(payback.locator('[data-estimate]')).toHaveText('Uppskattning')
    expect(plain(await prospect.page.locator('[data-estimate-note]').innerText())).toContain('kostar 40 % av årsvärdet')

    await prospect.page.goto(`/proposals/${valued}`)
    const metric = prospect.page.locator('article [data-result="avkastning"] dd')
    await expect(metric).toBeVisible()
    expect(plain(await metric.innerText())).toBe('2 231,8 %')
    expect(plain(await prospect.page.locator('article').innerText())).not.toMatch(ENGLISH_NUMBERS)
    await prospect.close()
  })
})

test('the generator screen writes a Swedish calculator the Swedish way, and its notes say "Antagande" once', async ({
  page,
  signedInUser,
}) => {
  expect(signedInUser).not.toBe('')
  await page.goto('/calculator')
  await generateFromDescription(
    page,
    'Vår tjänst sparar 10 minuter per faktura åt ekonomiavdelningen, som skickar 2 000 fakturor i månaden. Vårt pris är 3 000 kr i månaden.',
    { type: 'Balanced', language: 'sv', currency: 'SEK' },
  )
  const panel = page.getByTestId('current-calculator')
  await expect(panel).toBeVisible()
  const config = await currentCalculatorConfig(page)
  await test.info().attach('calculator.json', { body: JSON.stringify(config, null, 2), contentType: 'application/json' })
  expect(config.language).toBe('sv')

  const figures = (await panel.locator('[data-result] dd').allInnerTexts()).map(plain)
  expect(figures.length).toBeGreaterThan(3)
  for (const figure of figures) expect(figure).toMatch(/( kr| %| månad| månader| år)$|^Återbetalas inte$/u)
  expect(figures.some((figure) => /^\d{1,3}( \d{3})+ kr$/u.test(figure))).toBe(true)
  expect(plain(await panel.innerText())).not.toMatch(ENGLISH_NUMBERS)

  // The seller's notes: "Antagande:" once, never "Antagande: Ett antagande: …" nor an English label.
  const notes = await panel.locator('[data-source="assumption"]').allInnerTexts()
  // The text names no hourly cost: the analyzer assumes one.
  expect(notes.length).toBeGreaterThan(0)
  for (const note of notes) {
    expect(note).toMatch(/^Antagande: /)
    expect(note.slice('Antagande:'.length)).not.toMatch(/\b(antagande|assumption)\b/iu)
  }
  // …and once per input: not also in the line above it.
  await expect(panel.getByText(/^Ett antagande/u)).toHaveCount(0)
  await screenshot(page, 'swedish-generator-screen')
})

test.describe('a protected Swedish proposal', () => {
  test('asks for its code in Swedish, and opens with it', async ({ page, browser, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const code = 'Kp7rT2wQxZ'
    const response = await postJson(page.request, origin, '/api/proposals', {
      title: 'Skyddat förslag',
      content: '',
      calculatorData: SWEDISH_CALCULATOR,
      accessCode: code,
    })
    expect(response.status(), await response.text()).toBe(201)
    const { id } = (await response.json()) as { id: string }

    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    const dialog = prospect.page.getByRole('dialog', { name: 'Lösenordsskyddad kalkylator' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Kalkylatorn är skyddad.')
    await expect(dialog.getByLabel('Ange lösenord')).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Stäng' })).toBeVisible()
    await screenshot(prospect.page, 'swedish-access-code-gate', false)

    await dialog.getByRole('button', { name: 'Öppna kalkylatorn' }).click()
    await expect(toasts(prospect.page).filter({ hasText: 'Ange ett lösenord' })).toBeVisible()
    await dialog.getByLabel('Ange lösenord').fill(`${code}x`)
    await dialog.getByRole('button', { name: 'Öppna kalkylatorn' }).click()
    await expect(toasts(prospect.page).filter({ hasText: 'Lösenordet stämmer inte. Försök igen.' })).toBeVisible()
    await expect(prospect.page.getByRole('heading', { level: 1, name: 'Kalkylatorn är lösenordsskyddad' })).toBeVisible()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Ange lösenord').fill(code)
    await dialog.getByRole('button', { name: 'Öppna kalkylatorn' }).click()
    await expect(prospect.page.locator('article')).toHaveAttribute('lang', 'sv')
    await expect(prospect.page.locator('[data-headline-figure="payback"] dt')).toBeVisible()
    await prospect.close()
  })
})

test('"Made with ValueProof" goes with the product’s branding: a Free proposal says it, a Pro company’s does not', async ({
  page,
  browser,
  origin,
  signedInUser,
}) => {
  test.setTimeout(90_000)
  expect(signedInUser).not.toBe('')
  // The branding shown follows the owner's current plan (decision 105): the Free proposal is looked at while Free.
  const free = await shareCalculatorByApi(page.request, origin, 'Fakturautskick (Free)', SWEDISH_CALCULATOR)
  const prospect = await signedOutVisitor(browser, origin)
  await prospect.page.goto(`/proposals/${free}`)
  await expect(prospect.page.locator('article')).toHaveAttribute('lang', 'sv')
  await expect(prospect.page.getByRole('contentinfo')).toHaveText('Skapad med ValueProof')

  await upgradeToPro(page)
  const profile = await page.request.patch('/api/profile', { headers: { Origin: origin }, data: { companyName: 'Acme AB' } })
  expect(profile.status(), await profile.text()).toBe(200)
  // The proposal service learns of the plan and the profile by events, a moment after they change.
  let pro = ''
  await expect
    .poll(async () => {
      pro = await shareCalculatorByApi(page.request, origin, 'Fakturautskick (Pro)', SWEDISH_CALCULATOR)
      const record = (await (await page.request.get(`/api/proposals/${pro}`)).json()) as { calculatorData: { branding?: object } }
      return record.calculatorData.branding
    })
    .toMatchObject({ companyName: 'Acme AB' })

  await prospect.page.goto(`/proposals/${pro}`)
  await expect(prospect.page.locator('article header')).toHaveText('Acme AB')
  await expect(prospect.page.locator('article')).toHaveAttribute('lang', 'sv')
  await expect(prospect.page.getByText(/Skapad med|Made with/u)).toHaveCount(0)
  await screenshot(prospect.page, 'pro-proposal-without-product-footer')
  await prospect.close()
})

/** Console errors of `page` (a failed request logs one, as "Failed to load resource: … 401"). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
  })
  return errors
}

test('a signed-out visitor’s pages log no console error: /, /auth, /legal and a shared proposal', async ({
  page,
  browser,
  origin,
  signedInUser,
}) => {
  expect(signedInUser).not.toBe('')
  const id = await shareCalculatorByApi(page.request, origin, 'Fakturautskick', SWEDISH_CALCULATOR)
  const visitor = await signedOutVisitor(browser, origin)
  const errors = consoleErrors(visitor.page)
  for (const path of ['/', '/auth', '/legal', `/proposals/${id}`]) {
    await visitor.page.goto(path)
    await visitor.page.waitForLoadState('networkidle')
    expect(errors, `console errors on ${path}`).toEqual([])
  }
  await expect(visitor.page.locator('article')).toHaveAttribute('lang', 'sv')
  // The session read itself: a visitor is no user, with a 200.
  const session = await visitor.page.request.get('/api/session')
  expect([session.status(), await session.json()]).toEqual([200, { user: null }])
  await visitor.close()
})

// Issue 20: the proposal as a sales document. The prospect's page leads with the value per year and
// the payback at their own inputs, draws the payback against the seller's price, switches between
// scenarios, downloads the page as a PDF at the figures on screen, and lets the prospect agree to
// the numbers, which are then frozen for anyone with the link. Every expected figure is computed
// here with @valueproof/formula, the package the page computes with.
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import {
  calculatorDataSchema,
  calculatorTexts,
  createCalculator,
  formatMoney,
  formatPayback,
  headlineOf,
  scenarioValues,
  type CalculatorData,
  type Scenario,
} from '@valueproof/formula'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { accessibilityViolations } from './accessibility.ts'
import { expect, test, watchPageHealth } from './fixtures.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR, SWEDISH_CALCULATOR } from './pages.ts'

/** $500 of support time a week against $1,200 a month and $5,000 to set up. */
const PRICED = {
  ...SUPPORT_CALCULATOR,
  price: { amount: 1200, period: 'month', setup: 5000, source: { kind: 'entered' } },
}

/** A Swedish calculator whose seller set the scenarios, priced in kronor. */
const SWEDISH = {
  ...SWEDISH_CALCULATOR,
  price: { amount: 9900, period: 'month', setup: 20000, source: { kind: 'entered' } },
  scenarios: { conservative: { besparingPerSida: 1.1 }, optimistic: { besparingPerSida: 2.2 } },
}

/** What the page must show at `values`: the headline's two figures as the formula package writes them. */
function expectedHeadline(calculatorData: CalculatorData, values: Record<string, number>, locale: string) {
  const headline = headlineOf(createCalculator(calculatorData).compute(values))
  if (headline.yearlyValue === undefined || headline.payback === undefined) throw new Error('a standard calculator has a headline')
  const texts = calculatorTexts(calculatorData.language)
  const payback = formatPayback(headline.payback, texts, locale)
  const chartTitle = calculatorData.language === 'sv' ? 'Återbetalning över 3 år' : 'Payback over 3 years'
  const paysBackIn = calculatorData.language === 'sv' ? 'återbetald på' : 'pays back in'
  return {
    yearlyValue: formatMoney(headline.yearlyValue, calculatorData.baseCurrency, locale),
    payback,
    /** The chart's words: its title and the payback. */
    chartLabel: headline.payback.paidBack ? `${chartTitle}: ${paysBackIn} ${payback}` : `${chartTitle}: ${texts.notPaidBack}`,
  }
}

function headline(page: Page) {
  return {
    yearlyValue: page.locator('[data-headline-figure="yearly-value"] dd'),
    payback: page.locator('[data-headline-figure="payback"] dd'),
    chart: page.locator('svg[data-payback-chart]'),
  }
}

/** Sets an input by typing into its number field, as a prospect does. */
async function typeInput(page: Page, label: string, value: number) {
  await page.getByRole('spinbutton', { name: label }).fill(String(value))
}

/** Every figure the calculator's card shows, by its data-result key. */
async function cardFigures(page: Page): Promise<Record<string, string>> {
  const cards = page.locator('[data-result]')
  const figures: Record<string, string> = {}
  for (const card of await cards.all()) {
    figures[(await card.getAttribute('data-result')) ?? ''] = (await card.locator('dd').textContent()) ?? ''
  }
  return figures
}

/** The PDF's text, every run of white space (no-break spaces included) written as one space. */
async function pdfText(path: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)), useSystemFonts: false }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return oneLine(pages.join(' '))
}

const oneLine = (text: string) => text.replace(/[\s\u00a0\u202f]+/gu, ' ').trim()

/** A scenario of the switch: a radio button in the group its legend names ('Scenario' in both languages). */
function scenarioRadio(page: Page, name: string): Locator {
  return page.getByRole('group', { name: 'Scenario' }).getByRole('radio', { name })
}

test.describe('the proposal as a sales document', () => {
  test('the headline and the payback follow the prospect’s inputs, as the formula package computes them', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Support savings for Initech', PRICED)
    const calculatorData = calculatorDataSchema.parse(PRICED)
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    const shown = headline(prospect.page)
    await expect(prospect.page.getByText('You save per year', { exact: true })).toBeVisible()
    await expect(prospect.page.getByText('Pays back in', { exact: true })).toBeVisible()

    const values = createCalculator(calculatorData).initialValues()
    const changes: Array<Record<string, number>> = [
      {},
      { hoursSaved: 25 },
      { hourlyRate: 120 },
      { hoursSaved: 3 },
      { hoursSaved: 1, hourlyRate: 10 },
    ]
    for (const change of changes) {
      Object.assign(values, change)
      for (const [name, value] of Object.entries(change)) {
        const parameter = calculatorData.parameters.find((candidate) => candidate.name === name)
        await typeInput(prospect.page, parameter?.label ?? name, value)
      }
      const expected = expectedHeadline(calculatorData, values, 'en-US')
      await expect(shown.yearlyValue).toHaveText(expected.yearlyValue)
      await expect(shown.payback).toHaveText(expected.payback)
      await expect(shown.chart).toHaveAttribute('aria-label', expected.chartLabel)
    }
    // A slider moved by keyboard: one step up.
    await prospect.page.getByRole('slider', { name: 'Hourly cost' }).press('ArrowRight')
    values['hourlyRate'] = 15
    await expect(shown.yearlyValue).toHaveText(expectedHeadline(calculatorData, values, 'en-US').yearlyValue)

    // The chart's table alternative lists the same cumulative figures.
    expect(await accessibilityViolations(prospect.page), 'accessibility rule violations').toEqual([])
    await prospect.page.getByText('Show as a table').click()
    const table = prospect.page.getByRole('table', { name: 'Cumulative value and cost by month' })
    await expect(table.getByRole('row')).toHaveCount(14)
    await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText('36')
    await screenshot(prospect.page, 'headline-english-light')
    await prospect.close()
  })

  test('without the seller’s price the payback is SPEC §9’s estimate, marked so, and no cost is drawn', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Support savings for Initech', SUPPORT_CALCULATOR)
    const calculatorData = calculatorDataSchema.parse(SUPPORT_CALCULATOR)
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    const expected = expectedHeadline(calculatorData, createCalculator(calculatorData).initialValues(), 'en-US')
    const shown = headline(prospect.page)
    await expect(shown.yearlyValue).toHaveText('$26,000')
    expect(expected.yearlyValue).toBe('$26,000')
    await expect(shown.payback).toHaveText(expected.payback)
    await expect(prospect.page.locator('[data-headline-figure="payback"] [data-estimate]')).toHaveText('Estimate')
    // The card says the same figure, marked the same way.
    await expect(prospect.page.locator('[data-result="payback"] dd')).toHaveText(expected.payback)
    await expect(shown.chart).toHaveCount(0)
    await screenshot(prospect.page, 'headline-estimate', false)
    await prospect.close()
  })

  test('switching scenarios changes every figure; moving an input afterwards keeps the scenario’s name', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Support savings for Initech', PRICED)
    const calculatorData = calculatorDataSchema.parse(PRICED)
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    const shown = headline(prospect.page)
    const expectedRadio = scenarioRadio(prospect.page, 'Expected')
    await expect(expectedRadio).toBeChecked()
    await expect(prospect.page.getByText('your own figures stay as they are')).toBeVisible()

    const before = {
      yearlyValue: await shown.yearlyValue.textContent(),
      payback: await shown.payback.textContent(),
      chart: await shown.chart.getAttribute('aria-label'),
      card: await cardFigures(prospect.page),
    }
    for (const scenario of ['conservative', 'optimistic'] as const satisfies readonly Scenario[]) {
      const name = scenario === 'conservative' ? 'Conservative' : 'Optimistic'
      await scenarioRadio(prospect.page, name).check()
      const values = scenarioValues(calculatorData, scenario)
      // Only the claim moves (hours saved); the prospect's own hourly cost stays.
      await expect(prospect.page.getByRole('spinbutton', { name: 'Hours saved per week' })).toHaveValue(String(values['hoursSaved']))
      await expect(prospect.page.getByRole('spinbutton', { name: 'Hourly cost' })).toHaveValue('50')
      const expected = expectedHeadline(calculatorData, values, 'en-US')
      await expect(shown.yearlyValue).toHaveText(expected.yearlyValue)
      await expect(shown.payback).toHaveText(expected.payback)
      expect(expected.yearlyValue).not.toBe(before.yearlyValue)
      expect(expected.payback).not.toBe(before.payback)
      expect(await shown.chart.getAttribute('aria-label')).not.toBe(before.chart)
      const card = await cardFigures(prospect.page)
      expect(Object.keys(card).sort()).toEqual(Object.keys(before.card).sort())
      for (const [key, value] of Object.entries(card)) expect(value, `card figure ${key}`).not.toBe(before.card[key])
    }

    await typeInput(prospect.page, 'Hourly cost', 80)
    await expect(scenarioRadio(prospect.page, 'Optimistic')).toBeChecked()
    const moved = { ...scenarioValues(calculatorData, 'optimistic'), hourlyRate: 80 }
    await expect(shown.yearlyValue).toHaveText(expectedHeadline(calculatorData, moved, 'en-US').yearlyValue)
    await prospect.close()
  })

  test('the PDF holds the title, the headline value and the scenario’s values shown on screen', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Support savings for Initech', PRICED)
    const calculatorData = calculatorDataSchema.parse(PRICED)
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    await scenarioRadio(prospect.page, 'Conservative').check()
    await typeInput(prospect.page, 'Hourly cost', 65)
    const values: Record<string, number> = { ...scenarioValues(calculatorData, 'conservative'), hourlyRate: 65 }
    const expected = expectedHeadline(calculatorData, values, 'en-US')
    await expect(headline(prospect.page).yearlyValue).toHaveText(expected.yearlyValue)

    const link = prospect.page.getByRole('link', { name: 'Download PDF' })
    const href = new URL((await link.getAttribute('href')) ?? '', origin)
    expect(href.searchParams.get('scenario')).toBe('conservative')
    expect(JSON.parse(href.searchParams.get('values') ?? 'null')).toEqual(values)
    const [download] = await Promise.all([prospect.page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('Support savings for Initech.pdf')
    const text = await pdfText(await download.path())
    expect(text).toContain('Support savings for Initech')
    expect(text).toContain(expected.yearlyValue)
    expect(text).toContain(expected.payback)
    expect(text).toContain('Scenario: Conservative')
    expect(text).toContain(`${values['hoursSaved']} hours`)
    expect(text).toContain('65 USD')
    expect(text).toMatch(/Page 1 of \d/)
    await prospect.close()
  })

  test('agreeing freezes the figures: the agreed block and the stored record ignore later inputs', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Support savings for Initech', PRICED)
    const calculatorData = calculatorDataSchema.parse(PRICED)
    // The owner's own view offers no agreement.
    await page.goto(`/proposals/${id}`)
    await expect(headline(page).yearlyValue).toBeVisible()
    await expect(page.getByRole('button', { name: 'These numbers work for us' })).toHaveCount(0)

    const prospect = await signedOutVisitor(browser, origin)
    const late = await signedOutVisitor(browser, origin)
    await late.page.goto(`/proposals/${id}`)
    await prospect.page.goto(`/proposals/${id}`)
    await scenarioRadio(prospect.page, 'Optimistic').check()
    await typeInput(prospect.page, 'Hourly cost', 70)
    const values: Record<string, number> = { ...scenarioValues(calculatorData, 'optimistic'), hourlyRate: 70 }
    const expected = expectedHeadline(calculatorData, values, 'en-US')

    await prospect.page.getByRole('button', { name: 'These numbers work for us' }).click()
    const form = prospect.page.getByRole('form', { name: 'These numbers work for us' })
    await expect(form.getByLabel('Your name')).toBeFocused()
    await form.getByLabel('Your name').fill('Bill Lumbergh')
    await form.getByLabel('Your e-mail').fill('bill@initech.example')
    await screenshot(prospect.page, 'agreement-form')
    await form.getByRole('button', { name: 'Confirm' }).click()

    const agreed = prospect.page.locator('[data-agreement]')
    await expect(agreed.getByRole('heading', { name: 'Agreed figures' })).toBeFocused()
    await expect(agreed.locator('[data-agreed-scenario]')).toHaveText('Scenario: Optimistic')
    await expect(agreed.locator('[data-agreed-figure="yearly-value"] dd')).toHaveText(expected.yearlyValue)
    await expect(agreed.locator('[data-agreed-figure="payback"] dd')).toHaveText(expected.payback)
    await expect(agreed.locator('[data-agreed-input="hourlyRate"] dd')).toHaveText('70 USD')
    await expect(agreed.locator('[data-agreed-on]')).toHaveText(/^Agreed on [A-Z][a-z]+ \d{1,2}, \d{4}$/)
    await expect(agreed.getByText('do not change with the calculator below')).toBeVisible()
    await expect(agreed.locator('[data-agreement-altered]')).toHaveCount(0)
    await expect(prospect.page.getByRole('button', { name: 'These numbers work for us' })).toHaveCount(0)
    const agreedText = await agreed.innerText()

    // The sliders still move the calculator, never the agreed figures.
    await typeInput(prospect.page, 'Hours saved per week', 2)
    await expect(headline(prospect.page).yearlyValue).not.toHaveText(expected.yearlyValue)
    expect(await agreed.innerText()).toBe(agreedText)
    const record = (await (await prospect.page.request.get(`/api/proposals/${id}`)).json()) as {
      agreement: { scenario: string; values: Record<string, number>; verified: boolean; name?: string }
    }
    expect(record.agreement).toMatchObject({ scenario: 'optimistic', values, verified: true })
    // Who agreed is the seller's to know.
    expect(record.agreement.name).toBeUndefined()
    await screenshot(prospect.page, 'agreed-figures')
    expect(await accessibilityViolations(prospect.page), 'accessibility rule violations').toEqual([])

    // Anyone with the link sees the agreement after a reload.
    await prospect.page.reload()
    await expect(prospect.page.locator('[data-agreed-input="hourlyRate"] dd')).toHaveText('70 USD')
    await expect(prospect.page.getByRole('button', { name: 'These numbers work for us' })).toHaveCount(0)

    // A page opened before the agreement gets the server's answer when it tries to agree too.
    await late.page.getByRole('button', { name: 'These numbers work for us' }).click()
    const lateForm = late.page.getByRole('form', { name: 'These numbers work for us' })
    await lateForm.getByLabel('Your name').fill('Peter Gibbons')
    await lateForm.getByLabel('Your e-mail').fill('peter@initech.example')
    await lateForm.getByRole('button', { name: 'Confirm' }).click()
    await expect(lateForm.getByRole('alert')).toHaveText('These numbers have already been agreed to.')
    await prospect.close()
    await late.close()
  })

  test('a Swedish proposal on a phone in the dark: no sideways scroll, the headline above the fold, Swedish all through', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareCalculatorByApi(page.request, origin, 'Fakturautskick för Acme', SWEDISH)
    const calculatorData = calculatorDataSchema.parse(SWEDISH)
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    })
    const phone = await context.newPage()
    const problems = await watchPageHealth(phone)
    await phone.goto(`/proposals/${id}`)
    const shown = headline(phone)
    const expected = expectedHeadline(calculatorData, createCalculator(calculatorData).initialValues(), 'sv-SE')
    await expect(phone.getByText('Ni sparar per år', { exact: true })).toBeVisible()
    await expect(shown.yearlyValue).toHaveText(expected.yearlyValue)
    // Swedish number format: a space between thousands, 'kr' after the amount, a decimal comma.
    expect(oneLine(expected.yearlyValue)).toMatch(/^\d{1,3}( \d{3})+ kr$/)
    await expect(shown.payback).toHaveText(expected.payback)
    expect(expected.payback).toMatch(/^\d+,\d månader$/)
    await expect(phone.locator('html')).toHaveClass(/dark/)

    const box = await phone.locator('[data-headline-figure="yearly-value"]').boundingBox()
    expect(box, 'the headline figure is laid out').not.toBeNull()
    expect((box?.y ?? Infinity) + (box?.height ?? 0), 'the headline ends above the fold').toBeLessThanOrEqual(812)
    const overflow = () => phone.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - document.documentElement.clientWidth)
    expect(await overflow(), 'the page scrolls sideways by (px)').toBeLessThanOrEqual(0)
    await screenshot(phone, 'swedish-phone-dark-top', false)

    // The seller's scenarios, named in Swedish.
    await scenarioRadio(phone, 'Försiktigt').check()
    await expect(phone.getByRole('spinbutton', { name: 'Besparing per sida' })).toHaveValue('1.1')
    const conservative = expectedHeadline(calculatorData, scenarioValues(calculatorData, 'conservative'), 'sv-SE')
    await expect(shown.yearlyValue).toHaveText(conservative.yearlyValue)
    await expect(shown.chart).toHaveAttribute('aria-label', conservative.chartLabel)
    expect(conservative.chartLabel).toBe(`Återbetalning över 3 år: återbetald på ${conservative.payback}`)
    await phone.getByText('Visa som tabell').click()
    await expect(phone.getByRole('table', { name: 'Ackumulerat värde och kostnad per månad' })).toBeVisible()
    await expect(phone.getByRole('columnheader', { name: 'Månad' })).toBeVisible()
    expect(await overflow(), 'the page scrolls sideways by (px), table open').toBeLessThanOrEqual(0)
    await phone.locator('figure').screenshot({ path: test.info().outputPath('swedish-phone-dark-chart.png') })
    await phone.getByRole('button', { name: 'De här siffrorna fungerar för oss' }).click()
    await expect(phone.getByLabel('Ditt namn')).toBeFocused()
    await expect(phone.getByLabel('Din e-post')).toBeVisible()
    expect(await overflow(), 'the page scrolls sideways by (px), form open').toBeLessThanOrEqual(0)
    await screenshot(phone, 'swedish-phone-dark-full')
    expect(await accessibilityViolations(phone), 'accessibility rule violations').toEqual([])
    // No English word of the page's own on a Swedish proposal.
    const words = await phone.locator('article').innerText()
    expect(words).not.toMatch(/\b(?:You save|Pays back|Scenario:|Expected|Download PDF|Show as a table|Cumulative|Month)\b/u)

    // The PDF speaks Swedish as well.
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('link', { name: 'Ladda ner PDF' }).click()])
    const text = await pdfText(await download.path())
    expect(text).toContain('Fakturautskick för Acme')
    expect(text).toContain(oneLine(conservative.yearlyValue))
    expect(text).toContain('Scenario: Försiktigt')
    expect(text).toMatch(/Sida 1 av \d/)
    await context.close()
    expect(problems, 'page errors and CSP violations').toEqual([])

    // The same page on a wide screen, light.
    const wide = await signedOutVisitor(browser, origin)
    await wide.page.setViewportSize({ width: 1440, height: 900 })
    await wide.page.goto(`/proposals/${id}`)
    await expect(headline(wide.page).yearlyValue).toHaveText(expected.yearlyValue)
    await screenshot(wide.page, 'swedish-wide-light')
    await wide.close()
  })
})

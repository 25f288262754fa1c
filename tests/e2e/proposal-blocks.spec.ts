// Issue 37: the prospect's page shows the document the seller published — every block in order,
// hidden ones left out — and a pricing table whose optional lines the prospect ticks: the totals,
// the calculator's ROI and payback and the PDF link follow the ticks. Published through the API
// (PUT the draft, POST publish) as the editor does; the editor itself has its own spec.
import type { APIRequestContext, Page } from '@playwright/test'
import type { PricingBlock, ProposalDocument } from '@valueproof/contracts/proposal-document'
import {
  calculatorDataSchema,
  calculatorFigures,
  calculatorTexts,
  createCalculator,
  moneyDisplayOf,
  moneyFormatter,
  priceOfQuote,
  quoteTotals,
  type CalculatorData,
} from '@valueproof/formula'
import { accessibilityViolations } from './accessibility.ts'
import { expect, postJson, test } from './fixtures.ts'
import { expectFitsScreen, MIN_TAP_TARGET_PX, SMALL_PHONE } from './layout.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR, SWEDISH_CALCULATOR, upgradeToPro } from './pages.ts'

/** A picture the browser draws here (a gradient with a caption), uploaded as the seller would. */
async function uploadPicture(page: Page, origin: string, id: string) {
  await page.setContent(
    '<div style="width:640px;height:360px;display:grid;place-items:center;font:bold 40px sans-serif;color:#fff;' +
      'background:linear-gradient(135deg,#0f766e,#1e3a8a)">Support desk, after</div>',
  )
  const png = await page.locator('div').screenshot()
  const response = await page.request.post(`/api/proposals/${id}/images`, {
    headers: { Origin: origin, 'Content-Type': 'image/png' },
    data: png,
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { imageId: string; width: number; height: number }
}

/** Saves the document as the draft and publishes it: what the prospect then sees. */
async function publish(request: APIRequestContext, origin: string, id: string, document: ProposalDocument) {
  const draft = await request.get(`/api/proposals/${id}/draft`)
  expect(draft.status(), await draft.text()).toBe(200)
  const { revision } = (await draft.json()) as { revision: number }
  const saved = await request.put(`/api/proposals/${id}/draft`, { headers: { Origin: origin }, data: { document, revision } })
  expect(saved.status(), await saved.text()).toBe(200)
  const published = await postJson(request, origin, `/api/proposals/${id}/publish`, {
    revision: ((await saved.json()) as { revision: number }).revision,
  })
  expect(published.status(), await published.text()).toBe(201)
}

const PRICING: PricingBlock = {
  id: 'quote',
  type: 'pricing',
  heading: 'Your investment',
  items: [
    { id: 'seats', description: 'Agent seats', quantity: 5, unit: 'seats', unitPrice: 40, recurrence: 'month', discountPercent: 10 },
    { id: 'setup', description: 'Setup and integration', quantity: 1, unit: '', unitPrice: 1000, recurrence: 'once' },
    { id: 'workshop', description: 'Onboarding workshop', quantity: 1, unit: 'day', unitPrice: 600, recurrence: 'once', optional: true },
    { id: 'premium', description: 'Premium support', quantity: 1, unit: '', unitPrice: 150, recurrence: 'month', optional: true },
  ],
  taxPercent: 25,
}

/** The brand colour a Pro seller picks (it reads on white and on the dark theme). */
const BRAND = { hex: '#0f766e', rgb: 'rgb(15, 118, 110)' }

function documentOf(title: string, image: { imageId: string; width: number; height: number }, swedish = false): ProposalDocument {
  const paragraph = (words: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text: words }] })
  const text = (words: string) => ({ type: 'doc' as const, content: [paragraph(words)] })
  return {
    title,
    brandColor: BRAND.hex,
    blocks: [
      {
        id: 'summary',
        type: 'section',
        fixedHeading: 'executiveSummary',
        written: 'executiveSummary',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Your agents answer the same questions ' },
                { type: 'text', text: 'every day', marks: [{ type: 'bold' }] },
                { type: 'text', text: '. See ' },
                { type: 'text', text: 'our case study', marks: [{ type: 'link', attrs: { href: 'https://example.com/case' } }] },
                { type: 'text', text: '.' },
              ],
            },
            {
              type: 'bulletList',
              content: [
                { type: 'listItem', content: [paragraph('Fewer repeated tickets')] },
                { type: 'listItem', content: [paragraph('Faster first answers')] },
              ],
            },
          ],
        },
      },
      {
        id: 'picture',
        type: 'image',
        imageId: image.imageId,
        alt: 'The support desk after automation',
        caption: 'Tickets per agent, after',
        width: image.width,
        height: image.height,
      },
      { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
      { ...PRICING, heading: swedish ? 'Er investering' : 'Your investment' },
      { id: 'said', type: 'quote', text: 'We answered twice as many tickets in the first month.', author: 'Anna Berg, Nordkyl AB' },
      { id: 'why', type: 'section', heading: swedish ? 'Varför oss' : 'Why us', content: text('Ten years of support tooling.') },
      { id: 'secret', type: 'section', heading: 'Internal pricing notes', hidden: true, content: text('Do not show the floor price.') },
      { id: 'book', type: 'button', label: swedish ? 'Boka ett samtal' : 'Book a call', href: 'https://example.com/book' },
      { id: 'next', type: 'section', fixedHeading: 'nextSteps', written: 'callToAction', content: text('Pick a start date.') },
    ],
  }
}

/** What the page must show for the ticks given: the formula package's own totals, ROI and payback. */
function expected(calculatorData: CalculatorData, ticks: Record<string, boolean>, values: Record<string, number> = {}) {
  const display = moneyDisplayOf(calculatorData)
  const money = moneyFormatter(calculatorData.baseCurrency, display)
  const priced = { ...calculatorData, price: priceOfQuote(PRICING, ticks) }
  const calculator = createCalculator(priced)
  const figures = calculatorFigures(
    calculator.compute({ ...calculator.initialValues(), ...values }),
    priced,
    display,
    calculatorTexts(priced.language),
  )
  const roi = figures.more.find((figure) => figure.key === 'roi')?.value
  return { monthTotal: money(quoteTotals(PRICING, ticks).month.total), onceTotal: money(quoteTotals(PRICING, ticks).once.total), roi }
}

test.describe("the prospect's page renders the published document", () => {
  test('every visible block in order; ticking an option moves the total, the ROI and the PDF link', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Support automation for Initech ${Date.now()}`
    const id = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
    await publish(page.request, origin, id, documentOf(title, await uploadPicture(page, origin, id)))
    const calculatorData = calculatorDataSchema.parse(SUPPORT_CALCULATOR)

    const prospect = await signedOutVisitor(browser, origin)
    const shown = prospect.page
    await shown.goto(`/proposals/${id}`)
    const article = shown.locator('article')
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(article.getByRole('heading', { level: 2 })).toHaveText([
      'Executive Summary',
      'ROI Calculator',
      'Your investment',
      'Why us',
      'Next Steps',
    ])
    await expect(article.getByText('Internal pricing notes')).toHaveCount(0)
    await expect(article.getByText('Do not show the floor price.')).toHaveCount(0)

    // Rich text as elements; the link opens in a new tab without the opener.
    const summary = article.locator('[data-section="executiveSummary"]')
    await expect(summary.locator('strong')).toHaveText('every day')
    await expect(summary.getByRole('link', { name: 'our case study' })).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(summary.getByRole('listitem')).toHaveText(['Fewer repeated tickets', 'Faster first answers'])
    await expect(article.locator('[data-section="nextSteps"]')).toContainText('Pick a start date.')

    // The picture from the proposal's storage, its space reserved, its caption under it.
    const picture = article.getByRole('img', { name: 'The support desk after automation' })
    await expect(picture).toHaveAttribute('src', new RegExp(`^/api/proposals/${id}/images/`))
    await expect(picture).toHaveAttribute('loading', 'lazy')
    await picture.scrollIntoViewIfNeeded()
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await expect(article.locator('figcaption').first()).toHaveText('Tickets per agent, after')
    await expect(article.locator('blockquote')).toHaveText('We answered twice as many tickets in the first month.')
    await expect(article.getByText('— Anna Berg, Nordkyl AB')).toBeVisible()
    const button = article.getByRole('link', { name: 'Book a call' })
    await expect(button).toHaveAttribute('href', 'https://example.com/book')
    // A Free seller's document keeps the product's colours, whatever brand colour it names.
    await expect(button).not.toHaveCSS('background-color', BRAND.rgb)
    await expect(article.getByRole('heading', { name: 'Why us' })).not.toHaveCSS('border-left-color', BRAND.rgb)

    // The table and the calculator at the seller's choice, then with both options ticked.
    const table = shown.locator('[data-pricing-table="quote"]')
    const monthTotal = table.locator('[data-totals="month"] [data-total]')
    const onceTotal = table.locator('[data-totals="once"] [data-total]')
    const roi = shown.locator('[data-result="roi"] dd')
    const pdf = shown.getByRole('link', { name: 'Download PDF' })
    const before = expected(calculatorData, {})
    await expect(monthTotal).toHaveText(before.monthTotal)
    await expect(onceTotal).toHaveText(before.onceTotal)
    await expect(roi).toHaveText(before.roi ?? '')
    await expect(pdf).toHaveAttribute('href', /options=(&|$)/)
    expect(await accessibilityViolations(shown), 'accessibility rule violations').toEqual([])
    await screenshot(shown, 'blocks-english-light')

    // The prospect's own input stays as it is when a tick changes the price.
    const hours = shown.getByRole('spinbutton', { name: 'Hours saved per week' })
    await hours.fill('20')
    const moved = expected(calculatorData, {}, { hoursSaved: 20 })
    await expect(roi).toHaveText(moved.roi ?? '')
    await table.getByRole('checkbox', { name: 'Premium support' }).check()
    await table.getByRole('checkbox', { name: 'Onboarding workshop' }).check()
    await expect(hours).toHaveValue('20')
    const after = expected(calculatorData, { premium: true, workshop: true }, { hoursSaved: 20 })
    expect(after.monthTotal).not.toBe(before.monthTotal)
    expect(after.roi).not.toBe(moved.roi)
    await expect(monthTotal).toHaveText(after.monthTotal)
    await expect(onceTotal).toHaveText(after.onceTotal)
    await expect(roi).toHaveText(after.roi ?? '')
    await expect(pdf).toHaveAttribute('href', /options=workshop%2Cpremium/)
    await table.scrollIntoViewIfNeeded()
    await screenshot(shown, 'blocks-english-ticked', false)

    // Agreeing freezes the payback the page shows with those ticks, not the seller's default quote.
    const payback = await shown.locator('[data-headline-figure="payback"] dd').innerText()
    await shown.getByRole('button', { name: 'These numbers work for us' }).click()
    const form = shown.getByRole('form', { name: 'These numbers work for us' })
    await form.getByLabel('Your name').fill('Bill Lumbergh')
    await form.getByLabel('Your e-mail').fill('bill@initech.example')
    await form.getByRole('button', { name: 'Confirm' }).click()
    await expect(shown.locator('[data-agreement] [data-agreed-figure="payback"] dd')).toHaveText(payback)
    await prospect.close()
  })

  test('in the dark theme, on a 375 px phone and in Swedish', async ({ page, browser, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Fakturautskick för Nordkyl ${Date.now()}`
    const id = await shareCalculatorByApi(page.request, origin, title, SWEDISH_CALCULATOR)
    await publish(page.request, origin, id, documentOf(title, await uploadPicture(page, origin, id), true))

    const dark = await signedOutVisitor(browser, origin, { colorScheme: 'dark' })
    await dark.page.goto(`/proposals/${id}`)
    const article = dark.page.locator('article')
    await expect(article).toHaveAttribute('lang', 'sv')
    await expect(article.getByRole('heading', { level: 2 })).toHaveText([
      'Sammanfattning',
      'ROI-kalkylator',
      'Er investering',
      'Varför oss',
      'Nästa steg',
    ])
    const table = dark.page.locator('[data-pricing-table="quote"]')
    await expect(table.getByRole('columnheader')).toHaveText(['Beskrivning', 'Antal', 'À-pris', 'Rabatt', 'Belopp'])
    await expect(table.locator('[data-totals="month"]')).toContainText('Per månad')
    await expect(table.locator('[data-totals="month"]')).toContainText('Moms (25\u00a0%)')
    await expect(table.locator('[data-totals="month"] [data-total]')).toHaveText(/\u00a0kr$/)
    expect(await accessibilityViolations(dark.page), 'accessibility rule violations').toEqual([])
    await screenshot(dark.page, 'blocks-swedish-dark')
    await dark.close()

    const context = await browser.newContext({ ...SMALL_PHONE, baseURL: origin, colorScheme: 'light' })
    const phone = await context.newPage()
    await phone.goto(`/proposals/${id}`)
    const phoneTable = phone.locator('[data-pricing-table="quote"]')
    await expect(phoneTable.getByRole('checkbox', { name: 'Premium support' })).toBeVisible()
    await phoneTable.getByText('Premium support').tap()
    await expect(phoneTable.getByRole('checkbox', { name: 'Premium support' })).toBeChecked()
    // The options' boxes are 44 px targets (the calculator's sliders are checked by their own specs).
    for (const box of await phoneTable
      .getByRole('checkbox')
      .evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect()))) {
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(MIN_TAP_TARGET_PX)
    }
    await expectFitsScreen(phone)
    expect(await accessibilityViolations(phone), 'accessibility rule violations').toEqual([])
    await screenshot(phone, 'blocks-swedish-phone-375')
    await phoneTable.scrollIntoViewIfNeeded()
    await screenshot(phone, 'blocks-swedish-phone-375-table', false)
    await context.close()
  })

  test("a Pro seller's brand colour accents the headings and fills the button, in light and dark", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(90_000)
    expect(signedInUser).not.toBe('')
    await upgradeToPro(page)
    const profile = await page.request.patch('/api/profile', { headers: { Origin: origin }, data: { companyName: 'Initech Consulting' } })
    expect(profile.ok(), await profile.text()).toBe(true)
    // The proposal service learns of the company by identity's event, a moment after the save.
    const title = `Support automation by Initech ${Date.now()}`
    let id = ''
    await expect
      .poll(async () => {
        id = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
        const record = (await (await page.request.get(`/api/proposals/${id}`)).json()) as {
          calculatorData: { branding?: { companyName?: string } }
        }
        return record.calculatorData.branding?.companyName
      })
      .toBe('Initech Consulting')
    await publish(page.request, origin, id, documentOf(title, await uploadPicture(page, origin, id)))

    for (const colorScheme of ['light', 'dark'] as const) {
      const prospect = await signedOutVisitor(browser, origin, { colorScheme })
      await prospect.page.goto(`/proposals/${id}`)
      const article = prospect.page.locator('article')
      await expect(article.locator('header')).toContainText('Initech Consulting')
      await expect(article.getByRole('heading', { name: 'Why us' })).toHaveCSS('border-left-color', BRAND.rgb)
      const button = article.getByRole('link', { name: 'Book a call' })
      await expect(button).toHaveCSS('background-color', BRAND.rgb)
      await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)')
      expect(await accessibilityViolations(prospect.page), 'accessibility rule violations').toEqual([])
      await screenshot(prospect.page, `blocks-brand-${colorScheme}`)
      await prospect.close()
    }
  })

  test('the executive layout: the summary under the title, the contact under Next Steps or, with it hidden, at the end', async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const generated = await postJson(page.request, origin, '/api/proposals/generate', {
      calculatorData: SUPPORT_CALCULATOR,
      input: 'We automate first-line customer support for mid-sized software companies, so agents spend their hours on hard cases.',
      templateType: 'executive',
    })
    expect(generated.status(), await generated.text()).toBe(201)
    const { id } = (await generated.json()) as { id: string }

    // Before any publish the page shows the default document of the written sections.
    const prospect = await signedOutVisitor(browser, origin)
    await prospect.page.goto(`/proposals/${id}`)
    const article = prospect.page.locator('article')
    await expect(article.getByRole('heading', { level: 2 })).toHaveText([
      'Key Financial Impact',
      'Current Challenge',
      'Our Solution',
      'Value Delivered',
      'Next Steps',
    ])
    await expect(article.locator('[data-section="executiveSummary"]')).not.toBeEmpty()
    await expect(article.locator('[data-section="nextSteps"] [data-section="contactInformation"]')).toHaveCount(1)

    // The seller renames a heading and hides Next Steps: the contact moves to the end.
    const { document } = (await (await page.request.get(`/api/proposals/${id}/draft`)).json()) as { document: ProposalDocument }
    const edited: ProposalDocument = {
      ...document,
      blocks: document.blocks.map((block) => {
        if (block.type === 'section' && block.written === 'problemStatement') return { ...block, heading: 'Where you are today' }
        if (block.type === 'section' && block.written === 'callToAction') return { ...block, hidden: true }
        return block
      }),
    }
    await publish(page.request, origin, id, edited)
    await prospect.page.reload()
    await expect(article.getByRole('heading', { level: 2 })).toHaveText([
      'Key Financial Impact',
      'Where you are today',
      'Our Solution',
      'Value Delivered',
    ])
    await expect(article.locator('[data-section="nextSteps"]')).toHaveCount(0)
    await expect(article.locator('> [data-section="contactInformation"]')).toBeVisible()
    await expect(article.locator('> :last-child')).toHaveAttribute('data-section', 'contactInformation')
    expect(await accessibilityViolations(prospect.page), 'accessibility rule violations').toEqual([])
    await screenshot(prospect.page, 'blocks-executive-edited')
    await prospect.close()
  })
})

// Issue 20, the seller's side: the owner's Scenarios panel with its honesty warnings (never on a
// prospect's page, nor in what a prospect downloads), scenarios the seller saves reaching the
// prospect's scenario switch, a prospect's agreement arriving live in the seller's open app, and an
// agreed proposal that cannot be revoked but gets a new, editable version while the agreed link
// keeps its figures.
import type { APIRequestContext, Page, Response } from '@playwright/test'
import { PROPOSAL_AGREED_LOCKED_MESSAGE } from '@valueproof/contracts'
import { formatMoney, scenarioValues, scenarioWarnings, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR, upgradeToPro } from './pages.ts'

const TIME_ZONE = 'UTC'
test.use({ timezoneId: TIME_ZONE })

const [HOURS_SAVED, HOURLY_RATE] = SUPPORT_CALCULATOR.parameters

/**
 * The support calculator as a seller might share it: the document (p. 3) says 10 hours saved a
 * week, the seller's own value says 20.
 */
const OVERCLAIMING_CALCULATOR = {
  ...SUPPORT_CALCULATOR,
  parameters: [{ ...HOURS_SAVED, source: { kind: 'document', page: 3, quote: 'Teams save 10 hours a week' } }, HOURLY_RATE],
  startValues: { hoursSaved: 20 },
}

function calculatorData(input: unknown): CalculatorData {
  const validation = validateCalculatorData(input)
  if (!validation.ok) throw new Error(`not a calculator: ${JSON.stringify(validation)}`)
  return validation.calculatorData
}

function shareProposal(request: APIRequestContext, origin: string, title: string, calculator: object = SUPPORT_CALCULATOR) {
  return shareCalculatorByApi(request, origin, title, calculator)
}

/** The owner's answer for one proposal, as the API gives it. */
async function ownProposal(
  request: APIRequestContext,
  id: string,
): Promise<{ calculatorData: unknown; version?: number; previousVersionId?: string | null }> {
  const response = await request.get(`/api/proposals/${id}`)
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as { calculatorData: unknown; version?: number; previousVersionId?: string | null }
}

/** POST the prospect's agreement the way the page's form does, from the prospect's own browser context. */
async function agreeAsProspect(
  request: APIRequestContext,
  origin: string,
  id: string,
  scenario: 'conservative' | 'expected' | 'optimistic',
  values: Record<string, number>,
) {
  const response = await postJson(request, origin, `/api/proposals/${id}/agreement`, {
    name: 'Priya Raman',
    email: 'priya@initech.example',
    scenario,
    values,
  })
  expect(response.status(), await response.text()).toBe(201)
}

/** The script files a page downloads, by URL. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = []
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname)
  })
  return scripts
}

const panel = (page: Page) => page.getByRole('region', { name: 'Scenarios', exact: true })
/** The panel's cell of one input (its row, by the input's name) in one scenario (its column). */
const cell = (page: Page, name: string, scenario: 'Conservative' | 'Optimistic') =>
  panel(page).locator(`tr[data-input="${name}"]`).getByRole('spinbutton', { name: scenario, exact: true })
const slider = (page: Page, label: string) => page.getByRole('slider', { name: label })

/** The list's row of one proposal, found by its exactly named View link. */
function rowOf(page: Page, title: string) {
  return page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `View ${title}`, exact: true }) })
}

test.describe("the seller's side of scenarios and agreement", () => {
  test("the owner's page warns about an overclaiming calculator; a prospect's page shows neither the panel nor the warning", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Overclaimed support savings ${Date.now()}`
    const id = await shareProposal(page.request, origin, title, OVERCLAIMING_CALCULATOR)

    // The warning's figures are the formula package's: the seller's $X a year against the document's $Y.
    const [excess] = scenarioWarnings(calculatorData(OVERCLAIMING_CALCULATOR))
    if (excess?.kind !== 'exceeds-document') throw new Error('the calculator should overclaim')
    const warning =
      `Your expected value, ${formatMoney(excess.yearlyValue, 'USD')} a year, is more than the document's own figures give ` +
      `(${formatMoney(excess.supportedYearlyValue, 'USD')}): Hours saved per week is 20 hours where the document says 10 hours (p. 3).`

    const ownerScripts = scriptsOf(page)
    await page.goto(`/proposals/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(panel(page)).toBeVisible()
    await expect(panel(page).getByTestId('owner-warnings')).toContainText(warning)
    // Derived: ±20 % on the claim (hours saved), the prospect's hourly cost left alone.
    await expect(cell(page, 'hoursSaved', 'Conservative')).toHaveValue('16')
    await expect(cell(page, 'hoursSaved', 'Optimistic')).toHaveValue('24')
    await expect(cell(page, 'hourlyRate', 'Conservative')).toHaveValue('50')
    await expect(cell(page, 'hourlyRate', 'Optimistic')).toHaveValue('50')
    await expect(panel(page).locator('tr[data-input="hoursSaved"]')).toContainText('Improvement claim')
    await expect(panel(page).locator('tr[data-input="hourlyRate"]')).toContainText("Prospect's own figure")
    expect(ownerScripts.some((path) => path.includes('owner-scenarios'))).toBe(true)
    await screenshot(page, 'owner-scenarios-panel')
    // On a phone the table scrolls inside its frame; the page itself stays within the screen.
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(panel(page)).toBeVisible()
    expect(await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth)).toBe(true)
    await screenshot(page, 'owner-scenarios-panel-phone', false)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(panel(page).getByTestId('owner-warnings')).toBeVisible()
    await screenshot(page, 'owner-scenarios-panel-phone-dark', false)

    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
    const prospectScripts = scriptsOf(prospect.page)
    await prospect.page.goto(`/proposals/${id}`)
    await expect(prospect.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(slider(prospect.page, 'Hours saved per week')).toHaveValue('20')
    await expect(panel(prospect.page)).toHaveCount(0)
    await expect(prospect.page.getByText('Your expected value')).toHaveCount(0)
    await expect(prospect.page.getByText('Check before you send')).toHaveCount(0)
    // Not even downloaded: the panel's code loads only for the owner.
    expect(prospectScripts.length).toBeGreaterThan(0)
    expect(prospectScripts.filter((path) => path.includes('owner-scenarios') || path.includes('scenario-editor'))).toEqual([])
    await screenshot(prospect.page, 'prospect-without-owner-panel')
    await prospect.close()
  })

  test("scenarios the seller saves are what the prospect's scenario switch gives; reset goes back to the derived ones", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Scenarios for Initech ${Date.now()}`
    const id = await shareProposal(page.request, origin, title)
    await page.goto(`/proposals/${id}`)
    await expect(panel(page)).toContainText('These scenarios are derived')

    // A value outside the input is refused before anything is sent, in plain words.
    await cell(page, 'hoursSaved', 'Optimistic').fill('150')
    await panel(page).getByRole('button', { name: 'Save scenarios' }).click()
    await expect(panel(page).getByRole('alert')).toHaveText('Hours saved per week (optimistic) must be between 0 and 100')

    // Derive at ±50 %, then set the conservative claim by hand, and save.
    await panel(page).getByLabel('Spread (%)').fill('50')
    await panel(page).getByRole('button', { name: 'Derive ±50% on the improvement claims' }).click()
    await expect(cell(page, 'hoursSaved', 'Optimistic')).toHaveValue('15')
    await cell(page, 'hoursSaved', 'Conservative').fill('4')
    await panel(page).getByRole('button', { name: 'Save scenarios' }).click()
    await expect(toasts(page)).toContainText('Scenarios saved')
    await expect(panel(page)).toContainText('You set these scenarios.')
    await expect(cell(page, 'hoursSaved', 'Conservative')).toHaveValue('4')
    await expect(cell(page, 'hoursSaved', 'Optimistic')).toHaveValue('15')
    await screenshot(page, 'owner-scenarios-saved')

    const stored = calculatorData((await ownProposal(page.request, id)).calculatorData)
    expect(stored.scenarios).toEqual({ conservative: { hoursSaved: 4 }, optimistic: { hoursSaved: 15 } })

    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
    await prospect.page.goto(`/proposals/${id}`)
    for (const scenario of ['conservative', 'optimistic', 'expected'] as const) {
      await prospect.page.getByRole('radio', { name: scenario[0]?.toUpperCase() + scenario.slice(1), exact: true }).check()
      const values = scenarioValues(stored, scenario)
      await expect(slider(prospect.page, 'Hours saved per week')).toHaveValue(String(values.hoursSaved))
      await expect(slider(prospect.page, 'Hourly cost')).toHaveValue(String(values.hourlyRate))
    }
    await expect(slider(prospect.page, 'Hours saved per week')).toHaveValue('10')

    // Back to the derived scenarios: the prospect's conservative claim is 10 − 20 % again.
    await panel(page).getByRole('button', { name: 'Reset to derived' }).click()
    await expect(toasts(page)).toContainText('Scenarios reset to derived')
    await expect(panel(page)).toContainText('These scenarios are derived')
    await prospect.page.reload()
    await prospect.page.getByRole('radio', { name: 'Conservative', exact: true }).check()
    await expect(slider(prospect.page, 'Hours saved per week')).toHaveValue('8')
    await prospect.close()
  })

  test("a prospect's agreement shows live in the seller's open list; the agreed proposal is locked, and a new version opens editable", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(60_000)
    expect(signedInUser).not.toBe('')
    const title = `Agreed savings for Globex ${Date.now()}`
    const id = await shareProposal(page.request, origin, title)
    // The live feed is open (its answer has begun) before the prospect agrees.
    const liveFeed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live')
    await page.goto('/proposals')
    expect((await liveFeed).status()).toBe(200)
    const row = rowOf(page, title)
    await expect(row).toBeVisible()
    await expect(row.getByTestId('proposal-agreed')).toHaveCount(0)
    // A second tab of the app has the proposal itself open (reached inside the app, so its live feed runs too).
    const proposalTab = await page.context().newPage()
    const tabFeed = proposalTab.waitForResponse((response) => new URL(response.url()).pathname === '/api/live')
    await proposalTab.goto('/proposals')
    await rowOf(proposalTab, title)
      .getByRole('link', { name: `View ${title}` })
      .click()
    await expect(panel(proposalTab).getByRole('button', { name: 'Save scenarios' })).toBeVisible()
    expect((await tabFeed).status()).toBe(200)

    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
    await prospect.page.goto(`/proposals/${id}`)
    await expect(prospect.page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // The visit's own live toast first: one toast shows at a time, and a later one would replace the agreement's.
    await expect(toasts(page).filter({ hasText: `${title} was just opened` })).toBeVisible()
    const agreedValues = { hoursSaved: 8, hourlyRate: 50 }
    const agreed = Date.now()
    await agreeAsProspect(prospect.page.request, origin, id, 'conservative', agreedValues)

    // The seller's open list says so within seconds, without a reload: the toast, and the row's badge.
    const toast = toasts(page).filter({ hasText: `${title} — the prospect agreed to the numbers` })
    await expect(toast).toBeVisible({ timeout: 5_000 })
    console.log(`  the toast showed ${Date.now() - agreed} ms after the agreement was answered`)
    await expect(toast.getByRole('link', { name: 'Open the proposal' })).toHaveAttribute('href', `/proposals/${id}`)
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(
      new Date(),
    )
    await expect(row.getByTestId('proposal-agreed')).toContainText(`Agreed ${today}`)
    await screenshot(page, 'list-with-agreed-row')
    // The open proposal turns read-only by itself, saying who agreed.
    await expect(panel(proposalTab).getByTestId('owner-agreed-note')).toContainText('Priya Raman')
    await expect(panel(proposalTab).getByRole('button', { name: 'Save scenarios' })).toHaveCount(0)
    await proposalTab.close()

    // Locked: the actions that would change it say why; the server refuses them anyway.
    const revoke = row.getByRole('button', { name: `Revoke ${title}` })
    await expect(revoke).toHaveAttribute('aria-disabled', 'true')
    await expect(revoke).toHaveAttribute('title', PROPOSAL_AGREED_LOCKED_MESSAGE)
    await revoke.click({ force: true })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(row.getByRole('button', { name: `Delete ${title}` })).toHaveAttribute('title', PROPOSAL_AGREED_LOCKED_MESSAGE)
    for (const refused of [
      await postJson(page.request, origin, `/api/proposals/${id}/revoke`),
      await page.request.delete(`/api/proposals/${id}`, { headers: { Origin: origin } }),
      await page.request.patch(`/api/proposals/${id}`, { headers: { Origin: origin }, data: { scenarios: null } }),
    ]) {
      expect(refused.status()).toBe(409)
      expect(((await refused.json()) as { message: string }).message).toBe(PROPOSAL_AGREED_LOCKED_MESSAGE)
    }

    // The owner's page: the panel is read-only and says why, with the way to a new version.
    await row.getByRole('link', { name: `View ${title}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(panel(page).getByTestId('owner-agreed-note')).toContainText(
      'Priya Raman (priya@initech.example) agreed to the conservative figures',
    )
    await expect(panel(page).getByRole('spinbutton')).toHaveCount(0)
    await expect(panel(page).getByRole('button', { name: 'Save scenarios' })).toHaveCount(0)
    await screenshot(page, 'owner-agreed-proposal')
    await panel(page).getByRole('button', { name: 'Create a new version' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/proposals/') && url.pathname !== `/proposals/${id}`)
    const newId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')

    // The new version opens editable, and names the agreed one it came from.
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(panel(page).getByRole('button', { name: 'Save scenarios' })).toBeVisible()
    await expect(panel(page).getByTestId('owner-agreed-note')).toHaveCount(0)
    await expect(panel(page).getByTestId('owner-version-note')).toContainText('Version 2, made from the agreed version 1')
    await expect(panel(page).getByRole('link', { name: 'Open version 1' })).toHaveAttribute('href', `/proposals/${id}`)
    const created = await ownProposal(page.request, newId)
    expect(created.version).toBe(2)
    expect(created.previousVersionId).toBe(id)
    await screenshot(page, 'owner-new-version')

    // The list shows both: the agreed one and its editable v2.
    await page.goto('/proposals')
    await expect(rowOf(page, title)).toHaveCount(2)
    await expect(page.getByTestId('proposal-version')).toContainText(['v2'])

    // The agreed version's link still shows the agreed figures to anyone who has it.
    await prospect.page.reload()
    const agreedBlock = prospect.page.getByRole('region', { name: 'Agreed figures' })
    await expect(agreedBlock).toBeVisible()
    await expect(agreedBlock).toContainText('Conservative')
    await screenshot(prospect.page, 'prospect-agreed-version')
    await prospect.close()
  })

  test("a Pro seller's analytics show who agreed, in which scenario, and the prospect's PDF downloads", async ({
    page,
    browser,
    origin,
    signedInUser,
  }) => {
    test.setTimeout(120_000)
    expect(signedInUser).not.toBe('')
    await upgradeToPro(page)
    const title = `Analytics of an agreement ${Date.now()}`
    const id = await shareProposal(page.request, origin, title)

    // The prospect opens the link, downloads the PDF, and agrees to the optimistic figures.
    const prospect = await signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
    const viewBeacon = prospect.page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/proposals/${id}/views`,
    )
    await prospect.page.goto(`/proposals/${id}`)
    expect((await viewBeacon).status()).toBe(202)
    const download = prospect.page.waitForEvent('download')
    await prospect.page.getByRole('link', { name: 'Download PDF' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/)
    await agreeAsProspect(prospect.page.request, origin, id, 'optimistic', { hoursSaved: 12, hourlyRate: 50 })
    await prospect.close()

    // The overview's row: agreed, in which scenario, and one PDF download (the events reach analytics a moment later).
    const row = page
      .locator('main')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: title }) })
    await expect(async () => {
      await page.goto('/analytics')
      await expect(row.getByTestId('analytics-agreed')).toContainText('optimistic', { timeout: 2_000 })
      await expect(row.getByRole('cell').last()).toHaveText('1', { timeout: 2_000 })
    }).toPass({ timeout: 30_000 })
    await screenshot(page, 'analytics-overview-agreed')

    // The proposal's analytics: who agreed (from the owner's own answer), the scenario, the downloads.
    await row.getByRole('link', { name: title }).click()
    const card = page.getByTestId('analytics-agreement')
    await expect(card).toContainText('Priya Raman (priya@initech.example) agreed to the optimistic figures')
    await expect(card.getByTestId('analytics-pdf-downloads')).toHaveText('1')
    await screenshot(page, 'analytics-detail-agreed')
  })
})

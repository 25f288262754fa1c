import { gzipSync } from 'node:zlib'
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { expect, postJson, test, toasts } from './fixtures.ts'
import { signedOutVisitor, SUPPORT_CALCULATOR } from './pages.ts'

// Dates are checked against the en-US formats of SPEC §2, in UTC so that the expected text does not
// depend on the machine's time zone.
const TIME_ZONE = 'UTC'
test.use({ timezoneId: TIME_ZONE })

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso))
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso))

const CALCULATOR = SUPPORT_CALCULATOR

/** The document layout's sections (SPEC §2) and the record fields that fill them. */
const DOCUMENT_SECTIONS = [
  ['executiveSummary', 'Executive Summary'],
  ['problemStatement', 'Problem Statement'],
  ['solutionOverview', 'Solution Overview'],
  ['valueProposition', 'Value Proposition'],
  ['callToAction', 'Next Steps'],
] as const

const EXECUTIVE_HEADINGS = ['Key Financial Impact', 'Current Challenge', 'Our Solution', 'Value Delivered', 'Next Steps'] as const

interface ProposalRecord {
  id: string
  title: string
  createdAt: string
  templateType: string | null
  contactInformation: string | null
  calculatorData: { branding?: { companyName?: string; companyLogo?: string; companyWebsite?: string } }
  [field: string]: unknown
}

function readId(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') return body.id
  throw new Error(`no id in ${JSON.stringify(body)}`)
}

/** POST /api/proposals with the signed-in context's session; answers the new id. */
async function shareProposal(request: APIRequestContext, origin: string, body: { title: string; content?: string; accessCode?: string }) {
  const response = await postJson(request, origin, '/api/proposals', { content: '', calculatorData: CALCULATOR, ...body })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return readId(await response.json())
}

async function generateProposal(request: APIRequestContext, origin: string, templateType: 'standard' | 'executive') {
  const response = await postJson(request, origin, '/api/proposals/generate', {
    calculatorData: CALCULATOR,
    input: 'We automate first-line customer support for mid-sized software companies, so agents spend their hours on hard cases.',
    templateType,
  })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return readId(await response.json())
}

async function readProposal(request: APIRequestContext, id: string): Promise<ProposalRecord> {
  const response = await request.get(`/api/proposals/${id}`)
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return (await response.json()) as ProposalRecord
}

/** A signed-out visitor in a fresh browser context, watched for page errors and CSP violations. */
function visitor(browser: Browser, origin: string) {
  return signedOutVisitor(browser, origin, { timezoneId: TIME_ZONE })
}

/** The figure shown for one result, e.g. figure(page, 'What you save in a week'). */
function figure(page: Page, label: string): Locator {
  return page
    .locator('[data-result]')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
}

const MONEY = /^\$\d{1,3}(,\d{3})*$/

test.describe('/proposals', () => {
  test('shows the title, the New Proposal button, the loading text and the empty state', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/proposals', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/proposals')
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'My Proposals' })).toBeVisible()
    release()

    await expect(page.getByText('No proposals yet. Create your first one!', { exact: true })).toBeVisible()
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'New Proposal' })).toHaveAttribute('href', '/calculator')
    await expect(page.getByRole('table')).toHaveCount(0)
  })

  test('lists a shared proposal with its date, None for no access code, and a link to it', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Support savings for Acme ${Date.now()}`
    const id = await shareProposal(page.request, origin, { title, content: 'Acme spends too many agent hours on password resets.' })
    const record = await readProposal(page.request, id)

    await page.goto('/proposals')
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveText(['Title', 'Created', 'Access Code', 'Actions'])
    const row = table.getByRole('row').filter({ hasText: title })
    await expect(row).toHaveCount(1)
    const cells = row.getByRole('cell')
    await expect(cells.nth(0)).toHaveText(shortDate(record.createdAt))
    await expect(cells.nth(0)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    await expect(cells.nth(1)).toHaveText('None')
    const link = row.getByRole('link', { name: `View ${title}` })
    await expect(link).toHaveAttribute('href', `/proposals/${id}`)

    // In-app navigation stays in the application and renders the same proposal view.
    await link.click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveURL(`/proposals/${id}`)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible()
  })

  test('shows a proposal protected by an access code with its code masked until revealed', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const title = `Protected for Globex ${Date.now()}`
    await shareProposal(page.request, origin, { title, accessCode: 'globex-2025' })
    await page.goto('/proposals')
    const row = page.getByRole('table').getByRole('row').filter({ hasText: title })
    const code = row.getByRole('cell').nth(1)
    await expect(code).not.toContainText('globex-2025')
    await code.getByRole('button', { name: `Reveal access code for ${title}` }).click()
    await expect(code).toContainText('globex-2025')
  })
})

test.describe('/proposals/{id} for a prospect', () => {
  test('shows the document layout with only the filled sections, the company header, the long date and a live calculator', async ({
    browser,
    page,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `ROI for Initech ${Date.now()}`
    const id = await shareProposal(page.request, origin, { title, content: 'Initech answers 4,000 tickets a month by hand.' })
    const record = await readProposal(page.request, id)
    const filled = DOCUMENT_SECTIONS.filter(([field]) => typeof record[field] === 'string' && String(record[field]).trim() !== '')
    const empty = DOCUMENT_SECTIONS.filter(([field]) => !filled.some(([filledField]) => filledField === field))
    expect(empty.length, 'a shared calculator leaves some sections empty').toBeGreaterThan(0)

    const prospect = await visitor(browser, origin)
    const { page: prospectPage } = prospect
    await prospectPage.goto(`/proposals/${id}`)

    await expect(prospectPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(prospectPage.getByText(longDate(record.createdAt), { exact: true })).toBeVisible()
    await expect(prospectPage.getByText(longDate(record.createdAt), { exact: true })).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
    // A Free user's proposal carries the product's branding (SPEC §4): its logo, named by the company.
    const branding = record.calculatorData.branding ?? {}
    expect(branding.companyName).toBe('ValueProof')
    if (branding.companyLogo !== undefined && branding.companyLogo !== '') {
      await expect(prospectPage.getByRole('img', { name: 'ValueProof' })).toBeVisible()
    } else {
      await expect(prospectPage.getByText('ValueProof', { exact: true }).first()).toBeVisible()
    }
    for (const [, heading] of filled) await expect(prospectPage.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    for (const [, heading] of empty) await expect(prospectPage.getByRole('heading', { name: heading, exact: true })).toHaveCount(0)
    await expect(prospectPage.getByRole('heading', { name: 'ROI Calculator', exact: true })).toBeVisible()

    // The calculator is live: its figures follow the slider and the number input.
    const week = figure(prospectPage, 'What you save in a week')
    const year = figure(prospectPage, 'What you save in a year')
    await expect(week).toHaveText('$500')
    await expect(year).toHaveText('$26,000')
    await expect(figure(prospectPage, 'What you save in a month')).toHaveText(MONEY)

    const hours = prospectPage.getByRole('slider', { name: 'Hours saved per week' })
    await hours.focus()
    await hours.press('End')
    await expect(hours).toHaveValue('100')
    await expect(prospectPage.getByRole('spinbutton', { name: 'Hours saved per week' })).toHaveValue('100')
    await expect(week).toHaveText('$5,000')
    await expect(year).toHaveText('$260,000')

    const rate = prospectPage.getByRole('spinbutton', { name: 'Hourly cost' })
    await rate.fill('120')
    await expect(prospectPage.getByRole('slider', { name: 'Hourly cost' })).toHaveValue('120')
    await expect(week).toHaveText('$12,000')

    // Out of range: flagged, and the figure uses the clamped value (SPEC §5).
    await rate.fill('1000')
    await expect(prospectPage.getByText('Enter a number between 10 and 200', { exact: true })).toBeVisible()
    await expect(week).toHaveText('$20,000')
    await prospect.close()
  })

  test('the light entry downloads none of the application and stays within 100 KB of gzip JavaScript', async ({
    browser,
    page,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const id = await shareProposal(page.request, origin, { title: `Light page ${Date.now()}` })

    const appHtml = await (await page.request.get('/')).text()
    const appEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(appHtml)?.[1]
    expect(appEntry, 'index.html names the application entry').toBeDefined()
    const lightHtml = await (await page.request.get(`/proposals/${id}`)).text()
    const lightEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(lightHtml)?.[1]
    expect(lightEntry, 'the proposal link is served the light entry').toBeDefined()
    expect(lightEntry).not.toBe(appEntry)
    const lightFiles = new Set([...lightHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]))

    const prospect = await visitor(browser, origin)
    const { page: prospectPage } = prospect
    const scripts: Array<{ path: string; transferred: Promise<number>; gzip: Promise<number> }> = []
    prospectPage.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push({
        path: new URL(response.url()).pathname,
        transferred: response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
        gzip: response.body().then((body) => gzipSync(body, { level: 9 }).length),
      })
    })
    await prospectPage.goto(`/proposals/${id}`)
    await expect(figure(prospectPage, 'What you save in a week')).toHaveText('$500')

    const paths = scripts.map((script) => script.path)
    expect(paths).not.toContain(appEntry)
    for (const path of paths) {
      if (path === '/theme-init.js') continue
      expect(lightFiles.has(path), `${path} belongs to the light entry`).toBe(true)
    }
    const transferred = (await Promise.all(scripts.map((script) => script.transferred))).reduce((sum, size) => sum + size, 0)
    const gzip = (await Promise.all(scripts.map((script) => script.gzip))).reduce((sum, size) => sum + size, 0)
    console.log(
      `prospect page JavaScript: ${scripts.length} files, ${(transferred / 1024).toFixed(1)} KB transferred, ${(gzip / 1024).toFixed(1)} KB gzip`,
    )
    test.info().annotations.push({ type: 'prospect page JavaScript (KB gzip)', description: (gzip / 1024).toFixed(1) })
    expect(gzip).toBeLessThanOrEqual(100 * 1024)
    expect(transferred).toBeLessThanOrEqual(100 * 1024)
    await prospect.close()
  })

  test('a password-protected proposal asks for the password, refuses a wrong one and opens with the right one', async ({
    browser,
    page,
    origin,
    signedInUser,
  }) => {
    expect(signedInUser).not.toBe('')
    const title = `Protected ROI ${Date.now()}`
    const id = await shareProposal(page.request, origin, { title, accessCode: 'open-sesame' })

    const prospect = await visitor(browser, origin)
    const { page: prospectPage } = prospect
    const codes: Array<string | null> = []
    prospectPage.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === `/api/proposals/${id}`) codes.push(url.searchParams.get('code'))
    })
    await prospectPage.goto(`/proposals/${id}`)

    const dialog = prospectPage.getByRole('dialog', { name: 'Password Protected Calculator' })
    await expect(dialog).toBeVisible()
    await expect(toasts(prospectPage)).toHaveCount(0)
    const password = dialog.getByLabel('Enter Password')
    const submit = dialog.getByRole('button', { name: 'Access Calculator' })

    // Empty, then whitespace only: SPEC §5's destructive toast, and the dialog stays.
    for (const value of ['', '   ']) {
      await password.fill(value)
      await submit.click()
      const toast = toasts(prospectPage)
      await expect(toast.getByText('Please enter a password', { exact: true })).toBeVisible()
      await expect(toast.getByText('Error', { exact: true })).toBeVisible()
      await expect(toast).toHaveAttribute('data-variant', 'destructive')
      await expect(dialog).toBeVisible()
    }
    expect(codes).toEqual([null])

    // A wrong code: the dialog closes, the load is retried with it, and the dialog comes back.
    await password.fill('not-the-code')
    await submit.click()
    await expect.poll(() => codes).toEqual([null, 'not-the-code'])
    await expect(dialog).toBeVisible()
    await expect(toasts(prospectPage).getByText('Password required', { exact: true })).toBeVisible()
    await expect(toasts(prospectPage)).toHaveAttribute('data-variant', 'destructive')
    await expect(prospectPage.getByRole('heading', { level: 1, name: title })).toHaveCount(0)

    await dialog.getByLabel('Enter Password').fill('open-sesame')
    await dialog.getByRole('button', { name: 'Access Calculator' }).click()
    await expect(prospectPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(dialog).toHaveCount(0)
    // The refused code's 'Password required' toast is dismissed once the proposal opens (well before its own 5 s).
    await expect(toasts(prospectPage)).toHaveCount(0, { timeout: 2_000 })
    expect(codes).toEqual([null, 'not-the-code', 'open-sesame'])

    const week = figure(prospectPage, 'What you save in a week')
    await expect(week).toHaveText('$500')
    const rate = prospectPage.getByRole('slider', { name: 'Hourly cost' })
    await rate.focus()
    await rate.press('ArrowRight')
    await expect(week).toHaveText('$550')
    await prospect.close()
  })

  test('a generated executive brief shows the executive layout to its owner', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const id = await generateProposal(page.request, origin, 'executive')
    const record = await readProposal(page.request, id)
    expect(record.templateType).toBe('executive')

    await page.goto(`/proposals/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: record.title })).toBeVisible()
    for (const heading of EXECUTIVE_HEADINGS) await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    for (const [, heading] of DOCUMENT_SECTIONS.filter(([, name]) => name !== 'Next Steps')) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toHaveCount(0)
    }
    await expect(figure(page, 'What you save in a week')).toHaveText('$500')
  })

  test('a generated professional proposal shows every document section', async ({ page, origin, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    const id = await generateProposal(page.request, origin, 'standard')
    const record = await readProposal(page.request, id)

    await page.goto(`/proposals/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: record.title })).toBeVisible()
    for (const [, heading] of DOCUMENT_SECTIONS) await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'ROI Calculator', exact: true })).toBeVisible()
    if (record.contactInformation !== null && record.contactInformation.trim() !== '') {
      await expect(page.locator('article > footer')).toContainText(record.contactInformation.trim().split('\n')[0] ?? '')
    }
  })

  test('an unknown proposal says it failed to load', async ({ browser, origin }) => {
    const prospect = await visitor(browser, origin)
    await prospect.page.goto('/proposals/AAAAAAAAAAAAAAAAAAAAAA')
    await expect(prospect.page.getByRole('heading', { name: 'Failed to load proposal' })).toBeVisible()
    await expect(prospect.page.getByRole('dialog')).toHaveCount(0)
    await prospect.close()
  })
})

/** A proposal record as the API answers it, for the checks that need exact control over the data. */
function record(overrides: Record<string, unknown>) {
  return {
    id: 'MockedProposal00000001',
    userId: 1,
    title: 'Mocked proposal',
    executiveSummary: null,
    problemStatement: null,
    solutionOverview: null,
    valueProposition: null,
    callToAction: null,
    contactInformation: null,
    calculatorData: CALCULATOR,
    content: null,
    isTemplate: false,
    isPublished: true,
    templateType: 'standard',
    createdAt: '2025-01-05T12:00:00.000Z',
    updatedAt: '2025-01-05T12:00:00.000Z',
    ...overrides,
  }
}

test.describe('/proposals/{id} rendering', () => {
  test('shows a skeleton while loading, then the company name header when there is no logo', async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/proposals/MockedProposal00000001', async (route) => {
      await held
      await route.fulfill({
        json: record({
          title: 'Savings for Umbrella',
          executiveSummary: 'First paragraph.\n\nSecond paragraph.',
          contactInformation: 'Jane Doe, jane@example.com',
          calculatorData: { ...CALCULATOR, branding: { companyName: 'Umbrella Consulting', companyWebsite: 'https://umbrella.example' } },
        }),
      })
    })
    await page.goto('/proposals/MockedProposal00000001')
    await expect(page.getByRole('status').filter({ hasText: 'Loading proposal' })).toBeVisible()
    release()

    await expect(page.getByRole('heading', { level: 1, name: 'Savings for Umbrella' })).toBeVisible()
    await expect(page.getByText('Umbrella Consulting', { exact: true })).toBeVisible()
    await expect(page.getByRole('img')).toHaveCount(0)
    await expect(page.getByText('January 5, 2025', { exact: true })).toBeVisible()
    await expect(page.getByText('Second paragraph.', { exact: true })).toBeVisible()
    const footer = page.locator('article > footer')
    await expect(footer).toContainText('Jane Doe, jane@example.com')
    await expect(footer.getByRole('link', { name: 'https://umbrella.example' })).toHaveAttribute('href', 'https://umbrella.example/')
    await expect(page).toHaveTitle('Savings for Umbrella · ValueProof')
  })

  test('renders hostile text and links inert', async ({ page }) => {
    const script = '<script>window.pwned = true</script>'
    const image = '<img src=x onerror="window.pwned = true">'
    await page.route('**/api/proposals/MockedProposal00000001', (route) =>
      route.fulfill({
        json: record({
          title: `Hostile ${script}`,
          executiveSummary: image,
          problemStatement: script,
          solutionOverview: '<a href="javascript:window.pwned=true">click</a>',
          valueProposition: image,
          callToAction: script,
          contactInformation: image,
          calculatorData: {
            ...CALCULATOR,
            name: image,
            description: script,
            branding: { companyName: script, companyLogo: 'javascript:window.pwned=true', companyWebsite: 'javascript:window.pwned=true' },
          },
        }),
      }),
    )
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected dialog ${dialog.message()}`)
    })
    await page.goto('/proposals/MockedProposal00000001')
    await expect(page.getByRole('heading', { level: 1, name: `Hostile ${script}` })).toBeVisible()
    await expect(page.getByText(image, { exact: true }).first()).toBeVisible()
    await expect(page.getByText(script, { exact: true }).first()).toBeVisible()
    await expect(figure(page, 'What you save in a week')).toHaveText('$500')
    expect(await page.locator('#root script, #root img, #root a[href^="javascript:"], #root [onerror]').count()).toBe(0)
    expect(await page.evaluate((): unknown => Reflect.get(window, 'pwned'))).toBeUndefined()
  })

  test('follows the theme saved in the application', async ({ page }) => {
    await page.route('**/api/proposals/MockedProposal00000001', (route) => route.fulfill({ json: record({ title: 'Dark and light' }) }))
    await page.addInitScript(() => window.localStorage.setItem('valueproof-theme', 'dark'))
    await page.goto('/proposals/MockedProposal00000001')
    await expect(page.getByRole('heading', { level: 1, name: 'Dark and light' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  })

  test('a value calculator shows its inputs and key metrics in its currency', async ({ page }) => {
    await page.route('**/api/proposals/MockedProposal00000001', (route) =>
      route.fulfill({
        json: record({
          templateType: 'value',
          calculatorData: {
            name: 'Clinic value',
            formula: '',
            parameters: [],
            calculatorType: 'value',
            baseCurrency: 'SEK',
            valueFields: [
              { name: 'patientsPerWeek', label: 'Patients per week', defaultValue: 40, unit: 'patients' },
              { name: 'averageVisitValue', label: 'Average visit value', defaultValue: 900, prefix: 'kr' },
              {
                name: 'yearlyRevenue',
                label: 'Yearly revenue',
                calculated: true,
                formula: 'patientsPerWeek * averageVisitValue * 52',
                highlight: true,
                prefix: 'kr',
              },
              { name: 'visitsPerYear', label: 'Visits per year', calculated: true, formula: 'patientsPerWeek * 52', unit: 'visits' },
            ],
          },
        }),
      }),
    )
    await page.goto('/proposals/MockedProposal00000001')
    await expect(page.getByRole('heading', { name: 'Key Metrics' })).toBeVisible()
    const revenue = figure(page, 'Yearly revenue')
    // sv-SE money (SPEC §9), with its no-break spaces.
    await expect(revenue).toHaveText(/^1\s872\s000\skr$/)
    await expect(figure(page, 'Visits per year')).toHaveText(/^2\s080 visits$/)
    await page.getByRole('spinbutton', { name: 'Patients per week' }).fill('50')
    await expect(revenue).toHaveText(/^2\s340\s000\skr$/)
  })
})

test.describe('/proposals/generating', () => {
  const PENDING_KEY = 'valueproof-pending-proposal-generation'

  async function seedPendingGeneration(page: Page, templateType: 'standard' | 'executive') {
    // The same storage slot useStartProposalGeneration() writes (web/src/proposals/generation.ts).
    await page.goto('/')
    await page.evaluate(([key, request]) => window.sessionStorage.setItem(key, JSON.stringify({ request })), [
      PENDING_KEY,
      { calculatorData: CALCULATOR, input: 'We automate first-line support for software companies.', templateType },
    ] as const)
  }

  test('generates the proposal, says so and lands on it', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    await seedPendingGeneration(page, 'standard')
    const generated = page.waitForResponse((response) => response.url().endsWith('/api/proposals/generate'))
    await page.goto('/proposals/generating')
    const response = await generated
    expect(response.ok()).toBe(true)
    const id = readId(await response.json())

    await expect(toasts(page).getByText('Proposal has been created successfully', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Executive Summary', exact: true })).toBeVisible()
    await expect(page).toHaveURL(`/proposals/${id}`)
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), PENDING_KEY)).toBeNull()

    // The list knows the new proposal without a reload.
    await page.getByRole('banner').getByRole('link', { name: 'ValueProof' }).click()
    await page.getByRole('main').getByRole('link', { name: 'All proposals' }).click()
    await expect(page.getByRole('table').getByRole('link', { name: /^View / })).toHaveAttribute('href', `/proposals/${id}`)
  })

  test('shows the generating page while the server writes', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    await seedPendingGeneration(page, 'executive')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/proposals/generate', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/proposals/generating')
    await expect(page.getByRole('heading', { name: 'Generating your proposal...' })).toBeVisible()
    release()
    await expect(page.getByRole('heading', { name: 'Key Financial Impact', exact: true })).toBeVisible()
  })

  test('a failure goes back to /calculator with the server message', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    await seedPendingGeneration(page, 'standard')
    await page.route('**/api/proposals/generate', (route) =>
      route.fulfill({ status: 503, json: { message: 'The writer is busy, try again shortly' } }),
    )
    await page.goto('/proposals/generating')
    const toast = toasts(page)
    await expect(toast.getByText('Error creating proposal', { exact: true })).toBeVisible()
    await expect(toast.getByText('The writer is busy, try again shortly', { exact: true })).toBeVisible()
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    await expect(page.getByRole('tab', { name: 'Create Proposal' })).toBeVisible()
    await expect(page).toHaveURL('/calculator')
  })

  test('a failure without a message says Something went wrong', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    await seedPendingGeneration(page, 'standard')
    await page.route('**/api/proposals/generate', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: '' }))
    await page.goto('/proposals/generating')
    await expect(toasts(page).getByText('Error creating proposal', { exact: true })).toBeVisible()
    await expect(toasts(page).getByText('Something went wrong', { exact: true })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Create Proposal' })).toBeVisible()
  })

  test('with nothing pending it goes to /calculator without calling the server', async ({ page, signedInUser }) => {
    expect(signedInUser).not.toBe('')
    let calls = 0
    await page.route('**/api/proposals/generate', async (route) => {
      calls += 1
      await route.continue()
    })
    await page.goto('/proposals/generating')
    await expect(page.getByRole('tab', { name: 'Create Proposal' })).toBeVisible()
    await expect(page).toHaveURL('/calculator')
    expect(calls).toBe(0)
  })
})

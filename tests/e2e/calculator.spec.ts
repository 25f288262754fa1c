import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import {
  createCalculator,
  GENERATOR_SCREEN_LOCALE,
  moneyDisplayOf,
  moneyFormatter,
  sliderSettings,
  type CalculatorData,
  type Currency,
} from '@valueproof/formula'
import { expect, postJson, test, toasts, watchPageHealth } from './fixtures.ts'
import { calculatorEntries, chooseCalculatorType, currentCalculatorConfig, generateFromDescription, startGuardedAction } from './pages.ts'

// The generator screen (/calculator, SPEC §2, issue 6) against the real embedded stack.

const SAMPLES = fileURLToPath(new URL('../../../shared/samples/documents/', import.meta.url))
const SAMPLE_PDF = join(SAMPLES, 'kubient-ap-revenue-share-exhibit.pdf')
const SAMPLE_DOCX = join(SAMPLES, 'aws-textract-freelance-sow.docx')
const samplesPresent = existsSync(SAMPLE_PDF) && existsSync(SAMPLE_DOCX)

const STORAGE = {
  calculators: 'valueproof.calculators',
  config: 'valueproof.currentCalculatorConfig',
  values: 'valueproof.calculatorFormValues',
}

const DESCRIPTION_EN =
  'We automate invoice processing for finance teams. Each invoice takes 12 minutes to handle by hand, a team of 4 clerks handles 2,000 invoices per month, and a clerk costs $45 per hour.'
const DESCRIPTION_SV =
  'Vi automatiserar fakturahanteringen för ekonomiavdelningar. Varje faktura tar 12 minuter att hantera manuellt, ett team på 4 personer hanterar 2 000 fakturor per månad och en timme kostar 450 kr.'

async function openCalculator(page: Page) {
  await page.goto('/calculator')
  await expect(page.getByRole('tab', { name: 'Create Proposal' })).toHaveAttribute('aria-selected', 'true')
}

async function uploadAndGenerate(page: Page, path: string, type: 'Minimal' | 'Balanced' | 'Advanced' | 'Value') {
  await page.getByTestId('file-input').setInputFiles(path)
  await page.getByRole('button', { name: 'Generate Calculator' }).click()
  await chooseCalculatorType(page, type)
}

async function storedValues(page: Page): Promise<Record<string, number>> {
  const text = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE.values)
  return JSON.parse(text ?? '{}') as Record<string, number>
}

/**
 * Money as the generator screen shows it: converted to the display currency, en-US format (SPEC §9);
 * a Swedish calculator's the Swedish way (issue 36).
 */
const money = (amount: number, config: CalculatorData, display: Currency) =>
  moneyFormatter(config.baseCurrency, moneyDisplayOf(config, display, GENERATOR_SCREEN_LOCALE))(amount)

/** The figures a calculator must show for these values, computed by the formula package. */
function expectedFigures(config: CalculatorData, values: Record<string, number>, display: Currency): Record<string, string> {
  const result = createCalculator(config).compute(values)
  const figures: Record<string, string> = {}
  if (result.calculatorType === 'standard') {
    for (const timeframe of result.timeframes) figures[timeframe.period] = money(timeframe.value, config, display)
    figures['three-year'] = money(result.standard.threeYear, config, display)
  } else if (result.calculatorType === 'ai-calculated') {
    figures.daily = money(result.aiCalculated.daily, config, display)
    figures.yearly = money(result.aiCalculated.yearly, config, display)
  } else {
    for (const field of result.valueCalculation.highlighted) {
      const isMoney = /[$€£]|\bkr\b|\b(sek|usd|eur)\b/i.test(`${field.prefix ?? ''} ${field.unit ?? ''}`)
      if (isMoney) figures[field.name] = money(field.value, config, display)
    }
  }
  return figures
}

async function expectFigures(page: Page, config: CalculatorData, values: Record<string, number>, display: Currency) {
  const panel = page.getByTestId('current-calculator')
  const figures = expectedFigures(config, values, display)
  expect(Object.keys(figures).length, 'the calculator shows money figures to check').toBeGreaterThan(0)
  for (const [key, text] of Object.entries(figures)) {
    await expect(panel.locator(`[data-result="${key}"] dd`)).toHaveText(text)
  }
}

/**
 * Moves the first slider one step right with the keyboard and checks every figure against the
 * formula package, for the values the test works out itself.
 */
async function moveFirstSliderAndCheck(page: Page, display: Currency) {
  const config = await currentCalculatorConfig(page)
  const calculator = createCalculator(config)
  const values = calculator.initialValues()
  await expectFigures(page, config, values, display)
  // The calculator's sliders, in the order shown: the parameters shown as sliders (issue 36: a number
  // field has none), then a value calculator's input fields.
  const sliderParameters = config.parameters.filter((parameter) => parameter.type === 'slider')
  const inputs = [
    ...sliderParameters,
    ...(config.calculatorType === 'value' ? config.valueFields.filter((field) => !field.calculated) : []),
  ]
  const first = sliderParameters[0]
  expect(inputs.length).toBeGreaterThan(0)
  await expect(page.getByTestId('current-calculator').getByRole('slider')).toHaveCount(inputs.length)
  const slider = page.getByTestId('current-calculator').getByRole('slider').first()
  await slider.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  const moved = await storedValues(page)
  if (first !== undefined) {
    const { max, step } = sliderSettings(first)
    const start = values[first.name] ?? 0
    expect(moved[first.name]).toBeCloseTo(Math.min(max, start + 2 * step), 6)
  }
  await expectFigures(page, config, { ...values, ...moved }, display)
  return config
}

test.describe('the generator screen', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('shows the Create tab with its inputs, and Generate stays disabled until there is input', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await expect(page.getByLabel('Language')).toHaveValue('en')
    await expect(page.getByLabel('Language').locator('option')).toHaveText(['English', 'Svenska'])
    await expect(page.getByLabel('Currency').locator('option')).toHaveText(['USD', 'SEK', 'EUR'])
    await expect(page.getByText('PDF or DOCX files only')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()
    await page.getByRole('button', { name: 'Or describe your service in words' }).click()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()
    await page.getByLabel('Describe your service').fill('   ')
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()
    await page.getByLabel('Describe your service').fill('Something to measure')
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeEnabled()
    await page.getByRole('button', { name: 'Back to file upload' }).click()
    await expect(page.getByText('PDF or DOCX files only')).toBeVisible()
    for (const name of ['Edit', 'Regenerate', 'Create Proposal', 'Share']) {
      await expect(page.getByRole('region', { name: 'Current Calculator' }).getByRole('button', { name, exact: true })).toBeDisabled()
    }
  })

  test('a sample PDF makes a Minimal and a Value calculator whose figures follow the sliders', async ({ page, signedInUser }) => {
    test.skip(!samplesPresent && process.env.CI === undefined, `samples missing at ${SAMPLES}`)
    void signedInUser
    await openCalculator(page)
    await uploadAndGenerate(page, SAMPLE_PDF, 'Minimal')
    // The file is cleared once the request starts; the entry is loading, then completed.
    await expect(page.getByText('kubient-ap-revenue-share-exhibit.pdf')).toBeHidden()
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    await expect(page.getByTestId('current-calculator')).toBeVisible()
    const minimal = await moveFirstSliderAndCheck(page, 'USD')
    // Minimal is one slider (SPEC §2); the other inputs stay visible as numbers.
    expect(minimal.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(1)
    // Each input says where its default came from.
    await expect(page.getByTestId('current-calculator').locator('[data-source]')).toHaveCount(minimal.parameters.length)

    await uploadAndGenerate(page, SAMPLE_PDF, 'Value')
    await expect(calculatorEntries(page)).toHaveCount(2)
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    await expect.poll(async () => (await currentCalculatorConfig(page)).calculatorType).toBe('value')
    await moveFirstSliderAndCheck(page, 'USD')

    // Another display currency converts the figures at SPEC §9's fixed rates.
    await page.getByLabel('Currency').selectOption('SEK')
    const value = await currentCalculatorConfig(page)
    await expectFigures(page, value, { ...createCalculator(value).initialValues(), ...(await storedValues(page)) }, 'SEK')
  })

  test('shows the bytes going up, then the generation state, then the calculator', async ({ page, signedInUser }) => {
    test.skip(!samplesPresent && process.env.CI === undefined, `samples missing at ${SAMPLES}`)
    void signedInUser
    await openCalculator(page)
    // A slow uplink (about 300 KB/s) makes the 1.3 MB prospectus take seconds to send.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    })
    await uploadAndGenerate(page, join(SAMPLES, 'pyconau-2019-sponsorship-prospectus.pdf'), 'Minimal')
    const progress = page.getByRole('progressbar', { name: 'Upload progress' })
    await expect(progress).toBeVisible()
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect(page.getByTestId('calculator-skeleton')).toContainText('Your calculator is being generated...')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'loading')
    await expect(calculatorEntries(page).first().getByRole('button', { name: 'View Calculator' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 30_000 })
    await expect(progress).toBeHidden()
    await expect(page.getByTestId('current-calculator')).toBeVisible()
    await expect(page.getByTestId('calculator-skeleton')).toBeHidden()
  })

  test('a sample DOCX makes a Balanced and an Advanced calculator', async ({ page, signedInUser }) => {
    test.skip(!samplesPresent && process.env.CI === undefined, `samples missing at ${SAMPLES}`)
    void signedInUser
    await openCalculator(page)
    await uploadAndGenerate(page, SAMPLE_DOCX, 'Balanced')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    const balanced = await moveFirstSliderAndCheck(page, 'USD')
    expect(balanced.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(2)

    await uploadAndGenerate(page, SAMPLE_DOCX, 'Advanced')
    await expect(calculatorEntries(page)).toHaveCount(2)
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    // Advanced is three sliders (as many as it has inputs, when fewer): the inputs that move the result most.
    const advanced = await currentCalculatorConfig(page)
    expect(advanced.parameters.filter((parameter) => parameter.type === 'slider')).toHaveLength(Math.min(3, advanced.parameters.length))
    await expect(page.getByTestId('current-calculator').getByRole('slider')).toHaveCount(Math.min(3, advanced.parameters.length))
    await moveFirstSliderAndCheck(page, 'USD')
  })

  test('describes a service in Swedish', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await page.getByLabel('Language').selectOption('sv')
    await page.getByLabel('Currency').selectOption('SEK')
    await generateFromDescription(page, DESCRIPTION_SV, { type: 'Balanced', wait: false })
    // After a text request the description is cleared.
    await expect(page.getByLabel('Describe your service')).toHaveValue('')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    const config = await currentCalculatorConfig(page)
    expect(config.baseCurrency).toBe('SEK')
    // Swedish labels from the analyzer (å, ä or ö, or a Swedish word for time or cost).
    expect(config.parameters.map((parameter) => parameter.label).join(' ')).toMatch(/[åäö]|timmar|kostnad|antal|per/i)
    await moveFirstSliderAndCheck(page, 'SEK')
  })

  test('ignores other file types and refuses a file over 50 MB', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    const input = page.getByTestId('file-input')
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a proposal') })
    await expect(page.getByText('notes.txt')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()

    // Drag and drop takes the same path: a dropped text file is ignored, a dropped PDF is chosen.
    const area = page.getByTestId('upload-area')
    const drop = async (name: string, type: string) => {
      const dataTransfer = await page.evaluateHandle(
        ([fileName, fileType]) => {
          const transfer = new DataTransfer()
          transfer.items.add(new File(['%PDF-1.7 dropped'], fileName, { type: fileType }))
          return transfer
        },
        [name, type] as const,
      )
      await area.dispatchEvent('dragover', { dataTransfer })
      await area.dispatchEvent('drop', { dataTransfer })
    }
    await drop('dropped.txt', 'text/plain')
    await expect(page.getByText('dropped.txt')).toBeHidden()
    await drop('dropped-offer.pdf', 'application/pdf')
    await expect(page.getByText('dropped-offer.pdf')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeEnabled()
    await page.getByRole('button', { name: 'Remove file' }).click()
    await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()

    const directory = mkdtempSync(join(tmpdir(), 'valueproof-big-'))
    try {
      const big = join(directory, 'huge-proposal.pdf')
      writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, 0x20))
      await input.setInputFiles(big)
      await expect(page.getByRole('alert').filter({ hasText: 'File is too large. Maximum size is 50MB.' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Generate Calculator' })).toBeDisabled()
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })

  test('a failed generation turns the entry red and says why', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nthis is not really a PDF\n') })
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    await chooseCalculatorType(page, 'Balanced')
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'error')
    await expect(calculatorEntries(page).first()).toContainText('Failed to analyze document. ')
    await expect(toasts(page)).toContainText('Error analyzing document')
    await expect(toasts(page)).toContainText('Failed to analyze document. ')
  })

  test('edits, regenerates, removes and restores after a reload', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Balanced', wait: false })
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    const original = await currentCalculatorConfig(page)
    const panel = page.getByTestId('current-calculator')
    const yearly = panel.locator('[data-result="yearly"] dd')
    const before = await yearly.textContent()

    // An invalid formula: the error shows inline at its character as one types, and nothing is saved.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Calculator Configuration' })
    await expect(dialog).toBeVisible()
    const formula = dialog.getByLabel('Formula', { exact: true })
    await formula.fill(`${original.formula} *`)
    await expect(formula).toHaveAttribute('aria-invalid', 'true')
    await expect(formula).toHaveAccessibleDescription(/at character \d+/)
    await expect(dialog.locator('[data-formula-error-marker]')).toBeVisible()
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog.getByRole('alert')).toContainText('Nothing was saved')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect((await currentCalculatorConfig(page)).formula).toBe(original.formula)

    // A valid one: saved, and the results change.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await formula.fill(`(${original.formula}) * 2`)
    await expect(formula).not.toHaveAttribute('aria-invalid', 'true')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(yearly).not.toHaveText(before ?? '')
    const edited = await currentCalculatorConfig(page)
    expect(edited.formula).toBe(`(${original.formula}) * 2`)
    await expectFigures(page, edited, { ...createCalculator(edited).initialValues(), ...(await storedValues(page)) }, 'USD')

    // Regenerate from its own stored input (the edit would be discarded: it asks first, issue 36).
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await page.getByRole('dialog', { name: 'Regenerate this calculator?' }).getByRole('button', { name: 'Regenerate', exact: true }).click()
    await expect(toasts(page)).toContainText('Calculator has been regenerated', { timeout: 20_000 })
    expect((await currentCalculatorConfig(page)).formula).toBe(original.formula)
    await expect(calculatorEntries(page)).toHaveCount(1)

    // A second calculator, then a reload: list and current calculator come back.
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Minimal', wait: false })
    await expect(calculatorEntries(page)).toHaveCount(2)
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    const current = await currentCalculatorConfig(page)
    await page.reload()
    await expect(calculatorEntries(page)).toHaveCount(2)
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed')
    await expect(page.getByTestId('current-calculator')).toBeVisible()
    expect(await currentCalculatorConfig(page)).toEqual(current)
    await expect(page.getByTestId('current-calculator').getByRole('heading', { name: current.name })).toBeVisible()

    // Remove the older entry.
    await calculatorEntries(page)
      .nth(1)
      .getByRole('button', { name: /^Remove / })
      .click()
    await expect(calculatorEntries(page)).toHaveCount(1)
    await page.reload()
    await expect(calculatorEntries(page)).toHaveCount(1)
  })

  test('regenerate of a calculator whose input is not kept says so', async ({ page, signedInUser }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Minimal', wait: false })
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    // A calculator this browser kept from before calculators were kept on the server: no input to read again.
    await page.evaluate(() => {
      const entries = JSON.parse(window.localStorage.getItem('valueproof.calculators') ?? '[]') as Array<Record<string, unknown>>
      const legacy = { ...entries[0], id: 'legacy0001', saved: undefined }
      window.localStorage.setItem('valueproof.calculators', JSON.stringify([legacy, ...entries]))
      window.localStorage.setItem('valueproof.currentCalculator', JSON.stringify('legacy0001'))
    })
    await page.reload()
    await expect(page.getByRole('region', { name: 'Generated Calculators' }).getByRole('listitem')).toHaveCount(2)
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(toasts(page)).toContainText('No previous input found to regenerate calculator')
  })

  test('shares with and without an access password; a visitor opens the copied link', async ({ page, signedInUser, browser, origin }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Balanced', wait: false })
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })

    await startGuardedAction(page, 'Share')
    const dialog = page.getByRole('dialog', { name: 'Share Calculator' })
    await dialog.getByLabel('Calculator Name').fill('   ')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(toasts(page)).toContainText('Please enter a name for the calculator')

    await dialog.getByLabel('Calculator Name').fill('Invoice automation for Acme')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(toasts(page)).toContainText('Link copied!')
    await expect(toasts(page)).toContainText('ValueProof branding')
    const openLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(openLink).toMatch(new RegExp(`^${origin}/proposals/[A-Za-z0-9_-]{22}$`))

    // A code shorter than 6 characters is refused before anything is shared; 'Generate' fills a strong one.
    const accessPassword = dialog.getByLabel('Access Password')
    await accessPassword.fill('acme')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(dialog.getByText('The access password must be at least 6 characters')).toBeVisible()
    await expect(accessPassword).toHaveAttribute('aria-invalid', 'true')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(openLink)
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(accessPassword).toHaveValue(/^[A-HJ-NP-Za-km-np-z2-9]{10}$/)
    await expect(dialog.getByText('The access password must be at least 6 characters')).toBeHidden()

    await accessPassword.fill('acme-2026')
    await dialog.getByRole('button', { name: 'Generate Share Link' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(openLink)
    const lockedLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(lockedLink).toMatch(/\/proposals\/[A-Za-z0-9_-]{22}$/)

    const context = await browser.newContext()
    try {
      const visitor = await context.newPage()
      const problems = await watchPageHealth(visitor)
      await visitor.goto(openLink)
      await expect(visitor.getByRole('heading', { name: 'Invoice automation for Acme' })).toBeVisible()
      await expect(visitor.getByRole('slider').first()).toBeVisible()

      await visitor.goto(lockedLink)
      const password = visitor.getByRole('dialog', { name: 'Password Protected Calculator' })
      await expect(password).toBeVisible()
      await password.getByLabel('Enter Password').fill('acme-2026')
      await password.getByRole('button', { name: 'Access Calculator' }).click()
      await expect(visitor.getByRole('heading', { name: 'Invoice automation for Acme' })).toBeVisible()
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }

    // Both appear in the Live Calculators tab.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('tab', { name: 'Live Calculators' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: 'Invoice automation for Acme' })).toHaveCount(2)
    const link = page.getByRole('link', { name: /^View Calculator/ }).first()
    await expect(link).toHaveAttribute('target', '_blank')
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await expect(popup).toHaveURL(/\/proposals\/[A-Za-z0-9_-]{22}$/)
    await popup.close()
  })

  test('sharing after the session ended says one must be logged in', async ({ page, signedInUser, origin }) => {
    void signedInUser
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Minimal', wait: false })
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    await startGuardedAction(page, 'Share')
    // The session ends elsewhere (another tab logs out); the share action re-reads the user.
    await postJson(page.request, origin, '/api/logout')
    await page.getByRole('dialog', { name: 'Share Calculator' }).getByRole('button', { name: 'Generate Share Link' }).click()
    await expect(toasts(page)).toContainText('You must be logged in to share calculators')
    const listed = await page.request.get('/api/proposals')
    expect(listed.status()).toBe(401)
  })

  for (const [choice, templateType] of [
    ['Professional Business Proposal', 'standard'],
    ['Executive Brief', 'executive'],
  ] as const) {
    test(`creates a proposal from the ${choice} template and lands on it`, async ({ page, signedInUser }) => {
      void signedInUser
      await openCalculator(page)
      await generateFromDescription(page, DESCRIPTION_EN, { type: 'Balanced', wait: false })
      await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
      const generated = page.waitForResponse(
        (response) => response.url().endsWith('/api/proposals/generate') && response.request().method() === 'POST',
      )
      await startGuardedAction(page, 'Create Proposal')
      await page
        .getByRole('dialog', { name: 'Create Proposal' })
        .getByRole('button', { name: new RegExp(`^${choice}`) })
        .click()
      const response = await generated
      expect(response.ok()).toBe(true)
      expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ templateType, input: DESCRIPTION_EN })
      await expect(page).toHaveURL(/\/proposals\/[A-Za-z0-9_-]{22}$/, { timeout: 20_000 })
      await expect(toasts(page)).toContainText('Proposal has been created successfully')
      if (templateType === 'executive') await expect(page.getByRole('heading', { name: 'Key Financial Impact' })).toBeVisible()
      else await expect(page.getByRole('heading', { name: 'Executive Summary' })).toBeVisible()
    })
  }

  test('the monthly limit: generate shows the server’s message', async ({ page, signedInUser, origin }) => {
    void signedInUser
    for (let count = 0; count < 5; count += 1) {
      const response = await postJson(page.request, origin, '/api/calculator/analyze-text', {
        description: DESCRIPTION_EN,
        complexity: 'minimal',
        language: 'en',
        currency: 'USD',
      })
      expect(response.ok(), await response.text()).toBe(true)
    }
    // The screen reads one calculator left (a count behind the server's): Generate goes on and the server refuses.
    await page.route('**/api/session', async (route) => {
      const response = await route.fetch()
      const { user } = (await response.json()) as { user: Record<string, unknown> }
      await route.fulfill({ response, json: { user: { ...user, calculatorsCreated: 4 } } })
    })
    await openCalculator(page)
    await generateFromDescription(page, DESCRIPTION_EN, { type: 'Minimal', wait: false })
    await expect(calculatorEntries(page).first()).toHaveAttribute('data-status', 'error')
    await expect(toasts(page)).toContainText('Error analyzing description')
    await expect(toasts(page)).toContainText('You have used all 5 calculators of this month on the Free plan')
  })
})

// Issue 37: the seller's editor on /proposals/{id}. The seller edits a section (bold and a list),
// adds an image (a PNG made here) and a pricing table with an optional line, reorders and hides
// sections and publishes; a prospect in another context sees exactly the published version and
// never downloads the editor. Reloading mid-typing, going offline, and a second tab's stale save
// keep or refuse changes as the editor says. Screenshots: light, dark, phone 375, Swedish.
import type { APIRequestContext, Page } from '@playwright/test'
import { DRAFT_CONFLICT_MESSAGE } from '@valueproof/contracts'
import { gradientPng } from '../integration/support/images.ts'
import { expect, loginUser, postJson, registerUser, test, uniqueUsername } from './fixtures.ts'
import { SMALL_PHONE } from './layout.ts'
import { screenshot, signedOutVisitor, SUPPORT_CALCULATOR, SWEDISH_CALCULATOR, upgradeToPro } from './pages.ts'

const INPUT = 'We automate first-line customer support for mid-sized software companies, so agents spend their hours on hard cases.'

/** Signs a new seller in (the page's context shares the cookie) and generates their proposal; answers its id. */
async function generateProposal(request: APIRequestContext, origin: string, calculatorData: object = SUPPORT_CALCULATOR): Promise<string> {
  const username = uniqueUsername('editor')
  await registerUser(request, origin, username)
  await loginUser(request, origin, username)
  const response = await postJson(request, origin, '/api/proposals/generate', { calculatorData, input: INPUT, templateType: 'standard' })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return ((await response.json()) as { id: string }).id
}

/** The server's draft, read as the owner. */
async function serverDraft(request: APIRequestContext, id: string): Promise<string> {
  const response = await request.get(`/api/proposals/${id}/draft`)
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
  return JSON.stringify(await response.json())
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/proposals/${id}`)
  await page.getByRole('button', { name: 'Edit proposal' }).click()
  await expect(page.getByRole('heading', { name: 'Edit proposal' })).toBeVisible()
  await expect(saveStatus(page)).toHaveText('Saved')
}

function saveStatus(page: Page) {
  return page.getByTestId('save-status')
}

function block(page: Page, name: string) {
  return page.getByRole('listitem', { name, exact: true })
}

/** Types at the end of a section's text. */
async function typeInSection(page: Page, section: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: `${section} text` })
  await box.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(text)
}

test('the seller edits, adds an image and a pricing table, reorders, hides and publishes; a prospect sees exactly that', async ({
  page,
  origin,
  browser,
}) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)

  // Bold by shortcut, then a bulleted list from the toolbar.
  await typeInSection(page, 'Executive Summary', ' ')
  await page.keyboard.press('Control+B')
  await page.keyboard.type('Bold promise')
  await expect(page.getByRole('button', { name: 'Bold' }).first()).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Control+B')
  await page.keyboard.press('Enter')
  await page.getByRole('toolbar', { name: 'Format Executive Summary text' }).getByRole('button', { name: 'Bulleted list' }).click()
  await page.keyboard.type('First point')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Second point')

  // An image: not saved until it has alt text, which the field asks for.
  await page.getByRole('group', { name: 'Add block' }).getByRole('button', { name: 'Image' }).click()
  const image = block(page, 'Image')
  await image.getByLabel('Upload an image').setInputFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: gradientPng(64, 40) })
  // Shown from the server (resized there); without alt text it is no image to a screen reader yet.
  await expect(image.getByText('Replace the image', { exact: true })).toBeVisible()
  await expect(image.locator('img')).toHaveJSProperty('complete', true)
  await expect(image.getByText('Every image needs alt text')).toBeVisible()
  await image.getByLabel('Alt text (required)').fill('The support dashboard')
  await expect(image.getByText('Every image needs alt text')).toHaveCount(0)
  await expect(image.getByRole('img', { name: 'The support dashboard' })).toBeVisible()

  // A pricing table: a licence per month and an optional onboarding, live totals.
  await page.getByRole('group', { name: 'Add block' }).getByRole('button', { name: 'Pricing table' }).click()
  const pricing = block(page, 'Pricing table')
  await pricing.getByRole('button', { name: 'Add a line' }).click()
  const licence = pricing.getByRole('listitem', { name: 'Price line 1' })
  await licence.getByLabel('Description').fill('Support licence')
  await licence.getByLabel('Quantity').fill('10')
  await licence.getByLabel('Unit', { exact: true }).fill('seat')
  await licence.getByLabel('Unit price').fill('30')
  await pricing.getByRole('button', { name: 'Add a line' }).click()
  const onboarding = pricing.getByRole('listitem', { name: 'Price line 2' })
  await onboarding.getByLabel('Description').fill('Onboarding workshop')
  await onboarding.getByLabel('Unit price').fill('900')
  await onboarding.getByLabel('Recurrence').selectOption('once')
  await onboarding.getByLabel('Optional').check()
  await expect(pricing.getByTestId('pricing-totals')).toContainText('$300')

  // Reorder and hide.
  await page.getByRole('button', { name: 'Move Solution Overview up' }).click()
  await page.getByRole('button', { name: 'Hide Value Proposition' }).click()
  await expect(block(page, 'Value Proposition')).toContainText('Hidden')
  // Deleting asks nothing; Undo puts the block back where it was.
  await page.getByRole('button', { name: 'Delete Next Steps' }).click()
  await expect(block(page, 'Next Steps')).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'Deleted Next Steps.' })).toBeVisible()
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(block(page, 'Next Steps')).toBeVisible()

  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })
  await expect(page.getByText('Unpublished changes')).toBeVisible()
  await screenshot(page, 'proposal-editor-light')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText(/^Published\. Your prospect sees it at/)).toBeVisible()
  await expect(page.getByText('Unpublished changes')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'View version 1' })).toBeVisible()

  // A change after publishing stays the seller's until they publish again.
  await typeInSection(page, 'Problem Statement', ' Draft only words.')
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })
  await expect(page.getByText('Unpublished changes')).toBeVisible()

  const prospect = await signedOutVisitor(browser, origin)
  const editorChunks: string[] = []
  prospect.page.on('request', (request) => {
    if (/proposal-editor|rich-text-editor/.test(request.url())) editorChunks.push(request.url())
  })
  await prospect.page.goto(`/proposals/${id}`)
  const main = prospect.page.getByRole('main')
  await expect(main.getByText('Bold promise')).toBeVisible()
  await expect(main.locator('strong', { hasText: 'Bold promise' })).toBeVisible()
  await expect(main.getByRole('listitem').filter({ hasText: 'First point' })).toBeVisible()
  await expect(main.getByRole('img', { name: 'The support dashboard' })).toBeVisible()
  await expect(main.getByText('Support licence')).toBeVisible()
  await expect(main.getByText('Onboarding workshop')).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Value Proposition' })).toHaveCount(0)
  await expect(main.getByText('Draft only words.')).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Edit proposal' })).toHaveCount(0)
  const headings = await main.getByRole('heading', { level: 2 }).allTextContents()
  expect(headings.indexOf('Solution Overview')).toBeLessThan(headings.indexOf('Problem Statement'))
  expect(editorChunks, 'the prospect downloads no editor code').toEqual([])
  await prospect.close()

  // The version list: view what was published, then restore it over the draft (after a confirmation).
  await page.getByRole('button', { name: 'View version 1' }).click()
  const version = page.getByRole('dialog', { name: 'Version 1' })
  await expect(version.getByTestId('publication-view')).toContainText('Bold promise')
  await expect(version.getByTestId('publication-view')).not.toContainText('Draft only words.')
  await version.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Restore version 1' }).click()
  await page.getByRole('dialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByRole('textbox', { name: 'Problem Statement text' })).not.toContainText('Draft only words.')
  await expect(page.getByRole('textbox', { name: 'Executive Summary text' })).toContainText('Bold promise')
})

test('reloading mid-typing keeps the text; offline keeps changes and saves them on return', async ({ page, origin }) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)
  await typeInSection(page, 'Executive Summary', ' Typed before the reload.')
  // Less than the autosave's 800 ms: only the browser's copy has it.
  await page.waitForTimeout(500)
  await page.reload()
  await page.getByRole('button', { name: 'Edit proposal' }).click()
  await expect(page.getByRole('textbox', { name: 'Executive Summary text' })).toContainText('Typed before the reload.')
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })
  await expect.poll(() => serverDraft(page.request, id)).toContain('Typed before the reload.')

  await page.context().setOffline(true)
  await typeInSection(page, 'Executive Summary', ' Typed offline.')
  await expect(saveStatus(page)).toHaveText('Offline — changes kept')
  await page.context().setOffline(false)
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })
  await expect.poll(() => serverDraft(page.request, id)).toContain('Typed offline.')
})

test('a second tab’s stale save gets the conflict message and overwrites nothing', async ({ page, origin }) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)
  const second = await page.context().newPage()
  await openEditor(second, id)

  await typeInSection(page, 'Executive Summary', ' From the first tab.')
  await expect.poll(() => serverDraft(page.request, id)).toContain('From the first tab.')
  await typeInSection(second, 'Problem Statement', ' From the second tab.')
  const alert = second.getByRole('alert').filter({ hasText: DRAFT_CONFLICT_MESSAGE })
  await expect(alert).toBeVisible({ timeout: 15_000 })
  const draft = await serverDraft(page.request, id)
  expect(draft).toContain('From the first tab.')
  expect(draft).not.toContain('From the second tab.')
  await alert.getByRole('button', { name: 'Reload' }).click()
  await expect(second.getByRole('textbox', { name: 'Executive Summary text' })).toContainText('From the first tab.')
  await second.close()
})

test('the link prompt refuses a javascript: address; the toolbar says what is on', async ({ page, origin }) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)
  const box = page.getByRole('textbox', { name: 'Executive Summary text' })
  await box.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Shift+Home')
  const answers = ['javascript:alert(1)']
  const seen: string[] = []
  page.on('dialog', async (dialog) => {
    seen.push(dialog.message())
    if (dialog.type() === 'prompt') await dialog.accept(answers.shift() ?? '')
    else await dialog.accept()
  })
  const toolbar = page.getByRole('toolbar', { name: 'Format Executive Summary text' })
  await toolbar.getByRole('button', { name: 'Link' }).click()
  await expect.poll(() => seen).toContain('Links must start with https: or mailto:')
  await expect(box.locator('a')).toHaveCount(0)
  await expect(toolbar.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'false')
})

test('Rewrite writes one section again and Ctrl+Z brings the seller’s words back; other sections are untouched', async ({
  page,
  origin,
}) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)
  const summary = page.getByRole('textbox', { name: 'Executive Summary text' })
  const problem = page.getByRole('textbox', { name: 'Problem Statement text' })
  const summaryBefore = await summary.innerText()
  await typeInSection(page, 'Problem Statement', ' My own words.')
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })

  await page.getByRole('button', { name: 'Rewrite Problem Statement' }).click()
  await expect(problem).not.toContainText('My own words.', { timeout: 20_000 })
  await expect(problem).not.toHaveText('')
  expect(await summary.innerText()).toBe(summaryBefore)
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 })
  await expect.poll(() => serverDraft(page.request, id)).not.toContain('My own words.')

  await problem.click()
  await page.keyboard.press('Control+Z')
  await expect(problem).toContainText('My own words.')
})

test('a brand colour is Pro’s, and one that does not read on white or dark is refused with the reason', async ({ page, origin }) => {
  const id = await generateProposal(page.request, origin)
  await openEditor(page, id)
  await expect(page.getByLabel('Brand colour')).toHaveCount(0)

  await upgradeToPro(page)
  await openEditor(page, id)
  const colour = page.getByLabel('Brand colour')
  await colour.fill('#ffee58')
  await expect(page.getByText('This colour is too light to read on white')).toBeVisible()
  await colour.fill('#1d4ed8')
  await expect(page.getByText('This colour is too dark to see on the dark theme')).toBeVisible()
  await colour.fill('#2563eb')
  await expect(page.getByText('Used for the page’s accents and buttons.')).toBeVisible()
  await expect.poll(() => serverDraft(page.request, id)).toContain('"brandColor":"#2563eb"')
})

test('screenshots: dark, phone 375 and a Swedish proposal', async ({ page, origin, browser }) => {
  const swedish = await generateProposal(page.request, origin, SWEDISH_CALCULATOR)
  await openEditor(page, swedish)
  // The document's fixed headings follow the proposal's language; the editor's words stay English.
  await expect(page.getByRole('textbox', { name: 'Sammanfattning text' })).toBeVisible()
  await expect(block(page, 'Utmaningen').getByLabel('Heading', { exact: true })).toHaveValue('Utmaningen')
  await screenshot(page, 'proposal-editor-swedish')

  await page.emulateMedia({ colorScheme: 'dark' })
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  await screenshot(page, 'proposal-editor-dark')

  const phone = await browser.newContext({ ...SMALL_PHONE, baseURL: origin, storageState: await page.context().storageState() })
  const phonePage = await phone.newPage()
  await openEditor(phonePage, swedish)
  const width = await phonePage.evaluate(() => document.documentElement.scrollWidth)
  expect(width, 'the editor fits a 375 px screen').toBeLessThanOrEqual(375)
  await screenshot(phonePage, 'proposal-editor-phone')
  await phone.close()
})

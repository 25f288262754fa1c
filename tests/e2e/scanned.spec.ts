// A scanned proposal (image-only PDF, no text layer) becomes a calculator: the document workers read
// it by text recognition, and the defaults quote the recognised text, saying it came from a scan
// (issue 14).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { calculatorDataSchema } from '@valueproof/formula'
import { expect, test } from './fixtures.ts'

const SCANNED = join(
  fileURLToPath(new URL('../../../shared/samples/documents/', import.meta.url)),
  'metro-access-gate-proposal-scanned.pdf',
)

test.describe('a scanned proposal', () => {
  test.skip(!existsSync(SCANNED) && process.env.CI !== 'true', 'the sample documents are not here')

  test('becomes a calculator whose defaults quote the text read by OCR', async ({ page, signedInUser }) => {
    void signedInUser
    test.setTimeout(240_000)
    await page.goto('/calculator')
    await page.getByTestId('file-input').setInputFiles(SCANNED)
    await page.getByRole('button', { name: 'Generate Calculator' }).click()
    const dialog = page.getByRole('dialog', { name: 'Choose Calculator Type' })
    await dialog.getByRole('button', { name: /^Advanced/ }).click()
    const entry = page.getByRole('region', { name: 'Generated Calculators' }).getByRole('listitem').first()
    await expect(entry).toHaveAttribute('data-status', 'completed', { timeout: 200_000 })

    const stored = await page.evaluate(() => window.localStorage.getItem('valueproof.currentCalculatorConfig'))
    const config = calculatorDataSchema.parse(JSON.parse(stored ?? 'null'))
    const fromScan = config.parameters.filter((parameter) => parameter.source?.kind === 'document' && parameter.source.ocr === true)
    expect(fromScan.length, JSON.stringify(config.parameters.map((parameter) => parameter.source))).toBeGreaterThan(0)
    for (const parameter of fromScan) {
      const quote = parameter.source?.kind === 'document' ? parameter.source.quote : ''
      expect(quote).toMatch(/\d/)
    }

    const notes = page.locator('[data-source="document"][data-ocr="true"]')
    await expect(notes.first()).toBeVisible()
    await expect(notes.first()).toContainText('read by text recognition from a scan')
    const path = test.info().outputPath('scanned-calculator.png')
    await page.screenshot({ path, fullPage: true })
    await test.info().attach('scanned-calculator', { path, contentType: 'image/png' })
  })
})

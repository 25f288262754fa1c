// The accessibility check of the browser tests: the rules Lighthouse's accessibility score is made
// of (axe-core, the engine Lighthouse bundles), run on the page as it is now.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/**
 * The accessibility rules Lighthouse scores with (axe-core, which Lighthouse bundles) that the page
 * breaks, as "rule: target" lines. Evaluated through the debugging protocol: the page's CSP allows
 * no injected script tags.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  await page.evaluate(source)
  return page.evaluate(async () => {
    const axe = (window as Window & { axe?: { run: (context: Document) => Promise<AxeResults> } }).axe
    if (axe === undefined) return ['axe-core did not load']
    const results = await axe.run(document)
    return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))
  })
}

interface AxeResults {
  violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>
}

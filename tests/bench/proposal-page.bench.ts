// The prospect's page benchmark (issue 5, "Performance"; issue 20 lowered the script budget):
// /proposals/{id} opened by a signed-out visitor in Debian's Chromium. Prints the JavaScript
// transferred (gzip, bytes on the wire) to first show the proposal, budget 100 KB with the headline,
// the payback chart and the scenarios (issue 20) and, since issue 37, a seller's edited document of
// ten sections (about 5,000 words), three images and a pricing table, and the median of three Lighthouse 12.8 runs
// (offline, mobile, the default config) for performance (budget 95) and accessibility (budget 100), with LCP,
// TBT and CLS. The page runs on Preact's React API to fit (docs/decisions/114).
//
// The module builds the web app itself (vite build into a temporary folder, ~3 s), so it always
// measures the current sources and neither depends on nor disturbs web/dist. It then starts the
// one-process product (PGlite, in-process bus) serving that build in a child process, so that the
// server does not share an event loop with Lighthouse.
// Lighthouse's simulated mobile CPU is 4 × this machine's: other work on the machine shows in TBT.
// Run alone: node --import tsx tests/bench/run.ts proposal-page
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { publishRichProposal } from '../integration/support/rich-proposal.ts'
import type { BenchResult } from './bench-result.ts'
import { CHROMIUM_PATH, hasChromium } from './browser.ts'
import { javascriptRow, lighthouseRows, scriptsToFirstShow } from './lighthouse.ts'
import { withCurrentWebProduct } from './product.ts'

const JS_BUDGET_KB = 100
const SCORE_BUDGET = 95
/** Issue 20: Lighthouse mobile accessibility 100 on the prospect's page. */
const ACCESSIBILITY_BUDGET = 100
const LIGHTHOUSE_RUNS = 3

const PROPOSAL_TITLE = 'Support desk automation for Acme Logistics'
const calculatorData = {
  name: 'Support Desk Automation Savings',
  description: 'What automating first-line support saves Acme each year.',
  formula: 'ticketsPerWeek * automatedShare / 100 * minutesPerTicket / 60 * hourlyCost',
  explanation:
    'Tickets each week times the share answered automatically, times the minutes an agent spends on one, at the loaded hourly cost of an agent.',
  parameters: [
    {
      name: 'ticketsPerWeek',
      label: 'Tickets per week',
      description: 'First-line tickets the desk receives.',
      type: 'slider',
      min: 0,
      max: 5000,
      step: 10,
      defaultValue: 1200,
      unit: 'tickets',
    },
    {
      name: 'automatedShare',
      label: 'Share answered automatically',
      description: 'Password resets, order status and other routine questions.',
      type: 'slider',
      min: 0,
      max: 100,
      step: 1,
      defaultValue: 35,
      unit: '%',
    },
    { name: 'minutesPerTicket', label: 'Minutes per ticket', type: 'slider', min: 1, max: 60, step: 1, defaultValue: 8, unit: 'minutes' },
    { name: 'hourlyCost', label: 'Hourly cost of an agent', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 45, unit: 'USD' },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  // A seller's price: the page then shows its payback and the payback chart, measured with the rest.
  price: { amount: 1500, period: 'month', source: { kind: 'entered' } },
}

const log = (message: string): void => console.log(`  [proposal-page] ${message}`)
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** A signed-in owner shares a public proposal (no access code) and publishes a rich document in it; answers its id. */
async function shareProposal(baseUrl: string): Promise<string> {
  const owner = new ApiClient(baseUrl)
  const registered = await owner.post('/api/register', { username: uniqueUsername('benchpage'), password: GOOD_PASSWORD })
  if (registered.status !== 201) throw new Error(`POST /api/register answered ${registered.status}: ${await registered.text()}`)
  const created = await owner.post('/api/proposals', {
    title: PROPOSAL_TITLE,
    content: 'Acme Logistics answers 1,200 first-line tickets a week; a third of them are routine.',
    calculatorData,
  })
  if (created.status !== 201) throw new Error(`POST /api/proposals answered ${created.status}: ${await created.text()}`)
  const body: unknown = await created.json()
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') {
    await publishRichProposal(owner, body.id)
    return body.id
  }
  throw new Error(`POST /api/proposals answered no id: ${JSON.stringify(body)}`)
}

export async function run(): Promise<BenchResult[]> {
  if (!(await hasChromium())) {
    return [
      {
        name: 'proposal page: JavaScript and Lighthouse',
        value: Number.NaN,
        unit: '',
        skipped: true,
        note: `needs Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
      },
    ]
  }
  return withCurrentWebProduct(log, async (url) => {
    const pageUrl = `${url}/proposals/${await shareProposal(url)}`
    log(`measuring ${pageUrl}`)
    const rows: BenchResult[] = []
    try {
      const scripts = await scriptsToFirstShow(pageUrl, (page) =>
        page.getByRole('heading', { level: 1, name: PROPOSAL_TITLE }).waitFor({ timeout: 30_000 }),
      )
      rows.push(
        javascriptRow(
          'proposal page: JavaScript transferred to first show /proposals/{id} (Chromium, bytes on the wire)',
          scripts,
          JS_BUDGET_KB,
          log,
        ),
      )
    } catch (error) {
      rows.push({
        name: 'proposal page: JavaScript transferred to first show /proposals/{id}',
        value: Number.NaN,
        unit: 'KB',
        error: message(error),
      })
    }
    const lighthouse = await lighthouseRows(pageUrl, {
      page: 'proposal page',
      categories: ['performance', 'accessibility'],
      runs: LIGHTHOUSE_RUNS,
      scoreBudget: SCORE_BUDGET,
      categoryBudgets: { accessibility: ACCESSIBILITY_BUDGET },
      log,
    })
    return [...rows, ...lighthouse]
  })
}

// Issue 39's figure: from the view beacon's 202 to the e-mail in Mailpit, p95 under 5 s at 50 views a
// second. The gateway, identity, proposal and notification run as the deployed processes
// (tests/deploy/processes.ts) on PostgreSQL and NATS, notification sending to Mailpit. A seller
// registers with an address and confirms it through the link Mailpit receives (twenty sellers, as
// a Free seller keeps 30 proposals); each proposal is then opened once by a new prospect, 50 a
// second, so every view is a first open and owes one e-mail. Each e-mail is matched to its view by
// the proposal's title in its subject.
// Run alone: node --import tsx tests/bench/run.ts notifications
import { randomBytes } from 'node:crypto'
import { eventually, infra, mailSummariesTo, mailTo, needs } from '@valueproof/testing'
import { startDeployedStack } from '../deploy/processes.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import type { BenchResult } from './bench-result.ts'

const VIEWS_PER_SECOND = 50
const SECONDS = 10
const AIM_P95_MS = 5000
/** Within a Free seller's proposal allowance (30). */
const PROPOSALS_PER_SELLER = 25
const calculatorData = {
  name: 'Support desk automation',
  description: 'Hours saved on ticket triage',
  formula: 'hoursSavedPerWeek * hourlyRate',
  explanation: 'Hours saved per week times the hourly cost.',
  parameters: [
    { name: 'hoursSavedPerWeek', label: 'Hours saved per week', type: 'slider', min: 0, max: 40, step: 1, defaultValue: 6 },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 0, max: 300, step: 5, defaultValue: 45 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
}

function log(line: string): void {
  console.log(`  [notifications] ${line}`)
}

/** The value at `share` (0–1) of ascending `sorted`. */
export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

/** A seller with a confirmed address: registered with it, then the link from the confirmation e-mail followed. */
async function confirmedSeller(gatewayUrl: string): Promise<{ owner: ApiClient; email: string }> {
  const owner = new ApiClient(gatewayUrl)
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const registered = await owner.post('/api/register', { username: uniqueUsername('benchmail'), password: GOOD_PASSWORD, email })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`)
  const [confirmation] = await eventually(async () => {
    const found = await mailTo(email)
    return found.length > 0 ? found : undefined
  }, 30_000)
  const link = /https?:\/\/\S+\/api\/user\/email\/verify\?token=[\w-]+/.exec(confirmation?.Text ?? '')?.[0]
  if (link === undefined) throw new Error('the confirmation e-mail has no link')
  const confirmed = await owner.get(new URL(link).pathname + new URL(link).search)
  if (confirmed.status !== 303 || !(confirmed.headers.get('location') ?? '').includes('email=verified'))
    throw new Error(`the link answered ${confirmed.status}`)
  return { owner, email }
}

async function shareProposals(owner: ApiClient, first: number, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let index = first; index < first + count; index += 1) {
    const created = await owner.post('/api/proposals', { title: `Bench proposal ${index}`, content: 'Shared', calculatorData })
    if (created.status !== 201) throw new Error(`POST /api/proposals answered ${created.status}`)
    ids.push(((await created.json()) as { id: string }).id)
  }
  return ids
}

/** One prospect (a new browser) opens proposal `id` and sends its view beacon; answers when the 202 came. */
async function prospectOpens(gatewayUrl: string, id: string, person: number): Promise<number> {
  const prospect = new ApiClient(gatewayUrl)
  const headers = { 'user-agent': `BenchBrowser/${person}` }
  const opened = await prospect.request('GET', `/api/proposals/${id}`, { headers })
  const { beaconToken } = (await opened.json()) as { beaconToken: string }
  // As navigator.sendBeacon sends it: JSON in a text/plain body.
  const beacon = await prospect.request('POST', `/api/proposals/${id}/views`, {
    body: JSON.stringify({ visitId: randomBytes(16).toString('base64url'), token: beaconToken }),
    headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
  })
  if (beacon.status !== 202) throw new Error(`the view beacon answered ${beacon.status}`)
  return Date.now()
}

async function viewsAtRate(gatewayUrl: string, ids: string[]): Promise<Map<string, number>> {
  const accepted = new Map<string, number>()
  const started = Date.now()
  await Promise.all(
    ids.map(async (id, index) => {
      await new Promise((resolve) => setTimeout(resolve, started + (index * 1000) / VIEWS_PER_SECOND - Date.now()))
      accepted.set(`Bench proposal ${index}`, await prospectOpens(gatewayUrl, id, index))
    }),
  )
  return accepted
}

export async function run(): Promise<BenchResult[]> {
  const name = `notifications: view beacon 202 → e-mail in Mailpit, ${VIEWS_PER_SECOND} views a second for ${SECONDS} s`
  if (!(await needs('postgres', 'nats', 'minio', 'mailpit').catch(() => false)))
    return [{ name, value: Number.NaN, unit: 'ms', skipped: true, note: 'needs PostgreSQL, NATS, MinIO and Mailpit (scripts/infra.sh up)' }]
  const count = VIEWS_PER_SECOND * SECONDS
  const stack = await startDeployedStack({
    only: ['identity', 'proposal', 'notification'],
    envFor: {
      identity: { REGISTRATIONS_PER_ADDRESS_PER_HOUR: String(count) },
      notification: { MAIL_PER_SELLER_PER_HOUR: String(count * 2) },
      proposal: { PROPOSAL_VIEW_PEOPLE_PER_ADDRESS: String(count * 2), PROPOSAL_VIEW_CEILING_PER_MINUTE: String(count * 2) },
    },
  })
  try {
    const emails: string[] = []
    const ids: string[] = []
    for (let first = 0; first < count; first += PROPOSALS_PER_SELLER) {
      const { owner, email } = await confirmedSeller(stack.url)
      emails.push(email)
      ids.push(...(await shareProposals(owner, first, Math.min(PROPOSALS_PER_SELLER, count - first))))
    }
    log(`${emails.length} sellers confirmed, ${count} proposals shared; ${count} prospects open one each, ${VIEWS_PER_SECOND} a second…`)
    const accepted = await viewsAtRate(stack.url, ids)
    const delivered = await eventually(async () => {
      const found = (await Promise.all(emails.map((email) => mailSummariesTo(email))))
        .flat()
        .filter((message) => message.subject.startsWith('A prospect opened'))
      return found.length >= count ? found : undefined
    }, 120_000)
    const delays: number[] = []
    for (const message of delivered) {
      const title = /"(.+)"/.exec(message.subject)?.[1] ?? ''
      const at = accepted.get(title)
      if (at !== undefined) delays.push(message.received.getTime() - at)
    }
    delays.sort((a, b) => a - b)
    const p95 = percentile(delays, 0.95)
    const lost = count - new Set(delivered.map((message) => message.messageId)).size
    log(
      `${delays.length} e-mails: p50 ${percentile(delays, 0.5)} ms, p95 ${p95} ms, max ${delays.at(-1) ?? '?'} ms; ${lost} lost (SMTP ${infra.smtpUrl})`,
    )
    return [
      {
        name,
        value: p95,
        unit: 'ms p95',
        budget: `< ${AIM_P95_MS} ms`,
        pass: p95 < AIM_P95_MS,
        note: `p50 ${percentile(delays, 0.5)} ms, max ${delays.at(-1) ?? '?'} ms, ${delays.length} e-mails`,
      },
      { name: 'notifications: first-open e-mails lost', value: lost, unit: 'e-mails', budget: '= 0', pass: lost === 0 },
    ]
  } finally {
    await stack.stop()
  }
}

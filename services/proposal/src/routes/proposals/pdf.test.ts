// GET /api/proposals/{id}/pdf through the gateway, on the embedded stack and over HTTP (the worker
// thread from source): a PDF download with the page's access rules, the query checked before anything is
// opened, and a pdf_downloaded event (titled as the PDF is) in the outbox for each download, but no
// view; the published document (issue 37) with the pricing table's lines ticked by `options`.
import { request as httpRequest } from 'node:http'
import {
  ACCESS_CODE_MIN_LENGTH,
  AGREEMENT_UNKNOWN_INPUT_MESSAGE,
  PDF_VALUES_MAX_LENGTH,
  PROPOSAL_UNAVAILABLE_MESSAGE,
} from '@valueproof/contracts'
import type { PricingBlock, ProposalDocument } from '@valueproof/contracts/proposal-document'
import { decodeEvent, proposalPdfDownloaded } from '@valueproof/event-bus'
import { formatMoney, scenarioValues, validateCalculatorData, createCalculator, headlineOf } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { gradientPng } from '../../../../../tests/integration/support/images.ts'
import { outboxPayloads, registered, share, viewEventsOf } from '../../../../../tests/integration/support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { PDF_VALUES_NOT_JSON_MESSAGE, PDF_VALUES_TOO_LONG_MESSAGE } from '../../domain/pdf-downloads.ts'
import { PROPOSAL_NOT_FOUND_MESSAGE } from '../../domain/proposals.ts'
import { PDF_OPTIONS_FORMAT_MESSAGE, PDF_OPTIONS_UNKNOWN_MESSAGE } from '../../pdf/pdf-pricing.ts'
import { pdfPageTexts, sameSpaces } from '../../pdf/pdf-text.ts'
import { invoiceAutomationCalculator, supportTriageCalculator } from '../../testing/calculators.ts'
import { attachmentDisposition } from './pdf.ts'

const ACCESS_CODE = 'x'.repeat(ACCESS_CODE_MIN_LENGTH)
// In this process as `npm start` runs it, and over HTTP as separate deployments stream the answer.
const kinds = await stackKinds('postgres+nats+minio+http')

function pdfPath(id: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString()
  return `/api/proposals/${encodeURIComponent(id)}/pdf${search === '' ? '' : `?${search}`}`
}

/** A GET with headers fetch will not send (Host): through node:http, as any client could. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, base), { method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)) }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

describe.each(kinds)('the proposal PDF download (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient
  let ownerId: number

  beforeAll(async () => {
    stack = await startTestStack(kind)
    ;({ client: owner, id: ownerId } = await registered(stack, 'pdf'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function downloadEventsOf(id: string) {
    return (await outboxPayloads(stack, proposalPdfDownloaded.subject))
      .map((payload) => decodeEvent(proposalPdfDownloaded, { subject: proposalPdfDownloaded.subject, payload }))
      .filter((event) => event.proposalId === id)
  }

  it('answers a PDF to download at the values asked for, with the share link, and records the download, not a view', async () => {
    const id = await share(owner, { title: 'Support savings for Acme' })
    const visitor = new ApiClient(stack.url)
    const response = await visitor.get(pdfPath(id, { scenario: 'optimistic', values: JSON.stringify({ agents: 20 }) }))
    expect(response.status, await response.clone().text()).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Support savings for Acme.pdf"')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    const text = (await pdfPageTexts(bytes)).join(' ')
    const validation = validateCalculatorData(supportTriageCalculator)
    if (!validation.ok) throw new Error('the test calculator does not validate')
    const values = { ...scenarioValues(validation.calculatorData, 'optimistic'), agents: 20 }
    const yearly = headlineOf(createCalculator(validation.calculatorData).compute(values)).yearlyValue ?? Number.NaN
    expect(text).toContain('Support savings for Acme')
    expect(text).toContain(`You save per year ${sameSpaces(formatMoney(yearly, 'USD'))}`)
    expect(text).toContain('Scenario: Optimistic')
    expect(text).toContain('Support agents 20 agents')
    expect(text).toContain(`${stack.url}/proposals/${id}`)

    const visitorId = visitor.cookieValue('vp_visitor')
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(await downloadEventsOf(id)).toEqual([
      expect.objectContaining({
        proposalId: id,
        ownerUserId: ownerId,
        title: 'Support savings for Acme',
        viewer: 'visitor',
        visitorId,
        scenario: 'optimistic',
      }),
    ])
    expect(await viewEventsOf(stack, id)).toEqual([])
  })

  it('prints the share link from configuration, never from a forged Host or X-Forwarded-Host (issue 34)', async () => {
    const id = await share(owner, { title: 'Forged host' })
    const { status, body } = await rawGet(stack.url, pdfPath(id), { host: 'evil.example', 'x-forwarded-host': 'evil.example' })
    expect(status).toBe(200)
    const text = (await pdfPageTexts(body)).join(' ')
    expect(text).toContain(`${stack.url}/proposals/${id}`)
    expect(text).not.toContain('evil.example')
  })

  it('records the owner’s own download as the owner’s, with no visitor id, at the expected scenario by default', async () => {
    const id = await share(owner, { accessCode: ACCESS_CODE })
    const response = await owner.get(pdfPath(id))
    expect(response.status, await response.clone().text()).toBe(200)
    expect((await pdfPageTexts(new Uint8Array(await response.arrayBuffer())))[0]).toContain('Scenario: Expected')
    expect(await downloadEventsOf(id)).toEqual([
      expect.objectContaining({ title: 'Support savings', viewer: 'owner', visitorId: '', scenario: 'expected' }),
    ])
  })

  it('refuses a scenario or values that are not what the query must be, before anything is opened', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    const badScenario = await visitor.get(pdfPath(id, { scenario: 'best-case' }))
    expect(badScenario.status).toBe(400)
    expect(await messageOf(badScenario)).toBe('scenario must be one of conservative, expected, optimistic')
    for (const values of ['agents=20', '[20]', '12', 'null']) {
      const response = await visitor.get(pdfPath(id, { values }))
      expect([values, response.status, await messageOf(response)]).toEqual([values, 400, PDF_VALUES_NOT_JSON_MESSAGE])
    }
    const notNumbers = await visitor.get(pdfPath(id, { values: JSON.stringify({ agents: '20' }) }))
    expect([notNumbers.status, await messageOf(notNumbers)]).toEqual([400, 'values must be numbers'])
    const tooLong = await visitor.get(pdfPath(id, { values: JSON.stringify({ agents: 1, padding: ' '.repeat(PDF_VALUES_MAX_LENGTH) }) }))
    expect([tooLong.status, await messageOf(tooLong)]).toEqual([400, PDF_VALUES_TOO_LONG_MESSAGE])
    const unknownInput = await visitor.get(pdfPath(id, { values: JSON.stringify({ seats: 3 }) }))
    expect([unknownInput.status, await messageOf(unknownInput)]).toEqual([400, AGREEMENT_UNKNOWN_INPUT_MESSAGE])
    expect(await downloadEventsOf(id)).toEqual([])
  })

  it('opens as the page does: 404 for an unknown id, 401 without the access code, 410 once revoked', async () => {
    const visitor = new ApiClient(stack.url)
    const unknown = await visitor.get(pdfPath('AAAAAAAAAAAAAAAAAAAAAA'))
    expect([unknown.status, await messageOf(unknown)]).toEqual([404, PROPOSAL_NOT_FOUND_MESSAGE])

    const coded = await share(owner, { accessCode: ACCESS_CODE })
    expect((await visitor.get(pdfPath(coded))).status).toBe(401)
    expect((await visitor.get(pdfPath(coded, { code: `${ACCESS_CODE}y` }))).status).toBe(401)
    const withCode = await visitor.get(pdfPath(coded, { code: ACCESS_CODE }))
    expect(withCode.status).toBe(200)
    expect(withCode.headers.get('content-type')).toBe('application/pdf')

    const revoked = await share(owner)
    expect((await owner.post(`/api/proposals/${revoked}/revoke`, {})).status).toBe(200)
    const gone = await visitor.get(pdfPath(revoked))
    expect([gone.status, await messageOf(gone)]).toEqual([410, PROPOSAL_UNAVAILABLE_MESSAGE])
    // The owner still downloads a proposal whose link was revoked.
    expect((await owner.get(pdfPath(revoked))).status).toBe(200)
    expect(await downloadEventsOf(revoked)).toEqual([expect.objectContaining({ viewer: 'owner' })])
  })

  it('shows the prospect’s agreement with its date and figures to anyone who downloads the proposal', async () => {
    const id = await share(owner)
    const prospect = new ApiClient(stack.url)
    const agreed = await prospect.post(`/api/proposals/${id}/agreement`, {
      name: 'Pat Prospect',
      email: 'pat@example.com',
      scenario: 'optimistic',
      values: { agents: 30 },
    })
    expect(agreed.status, await agreed.clone().text()).toBe(201)
    const { agreedAt, figures } = (await agreed.json()) as { agreedAt: string; figures: { yearlyValue: number } }
    const date = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(agreedAt))
    const response = await new ApiClient(stack.url).get(pdfPath(id, { scenario: 'conservative' }))
    expect(response.status).toBe(200)
    const text = (await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join(' ')
    expect(text).toContain(`Agreed figures Agreed on ${date} Scenario: Optimistic`)
    expect(text).toContain(`You save per year ${sameSpaces(formatMoney(figures.yearlyValue, 'USD'))}`)
    expect(text).toContain('Support agents 30 agents')
    expect(text).not.toContain('Pat Prospect')
    expect(text).not.toContain('pat@example.com')
  })

  it('refuses options that are not ids of optional lines, before anything is opened', async () => {
    const id = await share(owner)
    const visitor = new ApiClient(stack.url)
    for (const options of ['a,,b', 'a;b', '<b>', 'x'.repeat(41)]) {
      const response = await visitor.get(pdfPath(id, { options }))
      expect([options, response.status, await messageOf(response)]).toEqual([options, 400, PDF_OPTIONS_FORMAT_MESSAGE])
    }
    // The default document has no pricing table: no line to tick.
    const unknown = await visitor.get(pdfPath(id, { options: 'support' }))
    expect([unknown.status, await messageOf(unknown)]).toEqual([400, PDF_OPTIONS_UNKNOWN_MESSAGE])
    expect(await downloadEventsOf(id)).toEqual([])
  })

  it('prints the published document: the edited words, an uploaded image, the pricing table’s totals, and the optional line the prospect ticked', async () => {
    const id = await share(owner, { title: 'Support savings for Acme' })
    const draft = (await (await owner.get(`/api/proposals/${id}/draft`)).json()) as { document: ProposalDocument; revision: number }
    const pricing: PricingBlock = {
      id: 'pricing',
      type: 'pricing',
      items: [
        { id: 'seats', description: 'Triage seats', quantity: 12, unit: 'seats', unitPrice: 90, recurrence: 'month' },
        { id: 'priority', description: 'Priority support', quantity: 1, unit: 'plan', unitPrice: 600, recurrence: 'month', optional: true },
      ],
      taxPercent: 25,
    }
    const upload = await owner.request('POST', `/api/proposals/${id}/images`, {
      body: new Uint8Array(gradientPng(64, 32)),
      headers: { 'content-type': 'image/png' },
    })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const image = (await upload.json()) as { imageId: string; width: number; height: number }
    const edited: ProposalDocument = {
      ...draft.document,
      blocks: [
        {
          id: 'queue',
          type: 'image',
          imageId: image.imageId,
          alt: 'Our triage queue on a Monday',
          width: image.width,
          height: image.height,
        },
        {
          id: 'why',
          type: 'section',
          heading: 'Why Acme, why now',
          content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tickets wait four hours today.' }] }] },
        },
        ...draft.document.blocks,
        pricing,
      ],
    }
    const saved = await owner.request('PUT', `/api/proposals/${id}/draft`, { json: { document: edited, revision: draft.revision } })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const { revision } = (await saved.json()) as { revision: number }
    const published = await owner.post(`/api/proposals/${id}/publish`, { revision })
    expect(published.status, await published.clone().text()).toBe(201)

    const visitor = new ApiClient(stack.url)
    const pdfOf = async (options: string | undefined) => {
      const response = await visitor.get(pdfPath(id, options === undefined ? {} : { options }))
      expect(response.status, await response.clone().text()).toBe(200)
      return new Uint8Array(await response.arrayBuffer())
    }
    const textOf = async (options: string | undefined) => (await pdfPageTexts(await pdfOf(options))).join(' ')
    const usd = (amount: number) => sameSpaces(formatMoney(amount, 'USD'))
    const seller = await textOf(undefined)
    expect(seller).toContain('Why Acme, why now Tickets wait four hours today.')
    expect(seller).toContain(`Per month Subtotal ${usd(1_080)} Tax (25%) ${usd(270)} Total ${usd(1_350)}`)
    const ticked = await textOf('priority')
    expect(ticked).toContain(`Priority support Optional 1 plan ${usd(600)} ${usd(600)}`)
    expect(ticked).toContain(`Per month Subtotal ${usd(1_680)} Tax (25%) ${usd(420)} Total ${usd(2_100)}`)
    expect(await textOf('')).toContain(`Total ${usd(1_350)}`)
    // The upload, read from storage, is in the PDF with its alt text.
    const raw = Buffer.from(await pdfOf(undefined)).toString('latin1')
    expect(raw).toMatch(/\/Subtype \/Image/)
    expect(raw).toContain('/Alt (Our triage queue on a Monday)')
    const unknown = await visitor.get(pdfPath(id, { options: 'seats' }))
    expect([unknown.status, await messageOf(unknown)]).toEqual([400, PDF_OPTIONS_UNKNOWN_MESSAGE])
  })

  it('names the file after the title, in plain ASCII and exactly in filename*, and the download’s event by the title itself', async () => {
    const title = 'Offert: Åkesson & Söner "AB" 50 €'
    const id = await share(owner, { title, calculatorData: invoiceAutomationCalculator })
    const response = await new ApiClient(stack.url).get(pdfPath(id))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Offert Akesson & Soner AB 50 _.pdf"; filename*=UTF-8''Offert%20%C3%85kesson%20%26%20S%C3%B6ner%20AB%2050%20%E2%82%AC.pdf`,
    )
    expect((await pdfPageTexts(new Uint8Array(await response.arrayBuffer())))[0]).toContain('Offert: Åkesson & Söner')
    expect(await downloadEventsOf(id)).toEqual([expect.objectContaining({ title, viewer: 'visitor', scenario: 'expected' })])
  })
})

describe('attachmentDisposition', () => {
  it('keeps a plain title as it is and never lets one break out of the header', () => {
    expect(attachmentDisposition('Q3 offer (draft)')).toBe('attachment; filename="Q3 offer (draft).pdf"')
    expect(attachmentDisposition('a/b\\c"d\r\ne')).toBe('attachment; filename="a b c d e.pdf"')
    expect(attachmentDisposition('   ')).toBe('attachment; filename="proposal.pdf"')
    expect(attachmentDisposition('日本')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`)
    expect(attachmentDisposition('x'.repeat(300))).toBe(`attachment; filename="${'x'.repeat(120)}.pdf"`)
  })
})

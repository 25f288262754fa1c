// The draft and its publications against the service's database: two saves racing at one revision
// (one wins, one 409, nothing merged), the stored bytes and their ceiling, the pricing table as the
// calculator's price, restoring. Through the gateway: routes/drafts/index.test.ts.
import {
  DRAFT_CONFLICT_MESSAGE,
  PROPOSAL_STORAGE_LIMITS,
  richTextOfPlain,
  type PricingBlock,
  type ProposalBlock,
  type ProposalDocument,
} from '@valueproof/contracts'
import { HttpError } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { supportTriageCalculator } from '../testing/calculators.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { FOREIGN_IMAGE_MESSAGE, getDraft, noImagesUploaded, publishDraft, restorePublication, saveDraft, type DraftDeps } from './drafts.ts'
import { createPublishedProposalCache } from './proposal-cache.ts'
import { newProposalId } from './proposal-ids.ts'
import { createProposalLoader } from './proposal-loader.ts'
import { jsonBytes } from './proposal-quota.ts'

const CALCULATOR: ProposalBlock = { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' }

function documentWith(title: string, ...blocks: ProposalBlock[]): ProposalDocument {
  return { title, blocks: [{ id: 'intro', type: 'section', heading: 'Why now', content: richTextOfPlain(title) }, CALCULATOR, ...blocks] }
}

function pricing(items: PricingBlock['items'], extra: Partial<PricingBlock> = {}): PricingBlock {
  return { id: 'price', type: 'pricing', items, ...extra }
}

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('drafts and publications', () => {
  let db: Awaited<ReturnType<typeof proposalTestDatabase>>
  let prisma: PrismaClient
  let deps: DraftDeps
  let nextUser = 100

  beforeAll(async () => {
    db = await proposalTestDatabase()
    prisma = db.prisma
    deps = { prisma, publishedProposals: createPublishedProposalCache(createProposalLoader(prisma)), uploadedImageIds: noImagesUploaded }
  })
  afterAll(async () => {
    await db?.close()
  })

  async function proposal(calculatorData: object = supportTriageCalculator): Promise<{ userId: number; proposalId: string }> {
    nextUser += 1
    const { id } = await prisma.proposal.create({
      data: {
        id: newProposalId(),
        userId: nextUser,
        title: 'Written title',
        executiveSummary: 'Summary',
        calculatorData,
        isPublished: true,
      },
    })
    return { userId: nextUser, proposalId: id }
  }
  const storedBytes = async (proposalId: string) => (await prisma.proposal.findUniqueOrThrow({ where: { id: proposalId } })).storedBytes

  it('lets exactly one of two saves at the same revision through; the other gets 409 and changes nothing', async () => {
    const call = await proposal()
    const tabs = ['Tab one', 'Tab two'].map((title) => saveDraft(deps, { ...call, body: { document: documentWith(title), revision: 0 } }))
    const results = await Promise.allSettled(tabs)
    const saved = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
    expect(saved).toHaveLength(1)
    expect(refused.map((error) => (error instanceof HttpError ? [error.status, error.message] : error))).toEqual([
      [409, DRAFT_CONFLICT_MESSAGE],
    ])
    const draft = await getDraft(deps, call)
    expect(draft.revision).toBe(1)
    expect(draft.document.title).toBe(saved[0]?.document.title)
    expect(draft.unpublishedChanges).toBe(true)
  })

  it('counts the draft in the stored bytes, and refuses with 403 a save that passes the plan’s ceiling, storing nothing', async () => {
    const call = await proposal()
    const before = await storedBytes(call.proposalId)
    const first = documentWith('A first draft')
    await saveDraft(deps, { ...call, body: { document: first, revision: 0 } })
    expect(await storedBytes(call.proposalId)).toBe(before + jsonBytes(JSON.parse(JSON.stringify(first)) as object))
    // Another proposal of the account fills the Free plan's ceiling to the last few bytes.
    const { id: filler } = await prisma.proposal.create({
      data: {
        id: newProposalId(),
        userId: call.userId,
        title: 'Filler',
        calculatorData: {},
        storedBytes: PROPOSAL_STORAGE_LIMITS.free - before - 2_000,
      },
    })
    const longer = documentWith('A much longer draft '.repeat(100))
    const refused = await refusal(saveDraft(deps, { ...call, body: { document: longer, revision: 1 } }))
    expect(refused.status).toBe(403)
    const draft = await getDraft(deps, call)
    expect([draft.revision, draft.document.title]).toEqual([1, 'A first draft'])
    // A smaller draft always goes through: it makes room.
    await saveDraft(deps, { ...call, body: { document: documentWith('Short'), revision: 1 } })
    expect((await getDraft(deps, call)).revision).toBe(2)
    await prisma.proposal.delete({ where: { id: filler } })
  })

  it('refuses an image that is not an upload of this proposal', async () => {
    const call = await proposal()
    const image: ProposalBlock = { id: 'photo', type: 'image', imageId: 'AAAAAAAAAAAAAAAAAAAAAA', alt: 'A photo', width: 10, height: 10 }
    const uploadedHere: DraftDeps = { ...deps, uploadedImageIds: () => Promise.resolve(new Set(['BBBBBBBBBBBBBBBBBBBBBB'])) }
    expect(await refusal(saveDraft(uploadedHere, { ...call, body: { document: documentWith('Pictured', image), revision: 0 } }))).toEqual({
      status: 400,
      message: FOREIGN_IMAGE_MESSAGE,
    })
    const own = { ...image, imageId: 'BBBBBBBBBBBBBBBBBBBBBB' }
    expect((await saveDraft(uploadedHere, { ...call, body: { document: documentWith('Pictured', own), revision: 0 } })).revision).toBe(1)
  })

  it('publishes numbered publications: the title, the document and the pricing table’s price become the proposal’s', async () => {
    const call = await proposal()
    const table = pricing([
      { id: 'seats', description: 'Seats', quantity: 10, unit: 'seat', unitPrice: 50, recurrence: 'month' },
      { id: 'setup', description: 'Setup', quantity: 1, unit: 'once', unitPrice: 1_500, recurrence: 'once' },
      { id: 'extra', description: 'Training', quantity: 1, unit: 'day', unitPrice: 900, recurrence: 'once', optional: true },
    ])
    const saved = await saveDraft(deps, { ...call, body: { document: documentWith('Priced offer', table), revision: 0 } })
    const bytesBefore = await storedBytes(call.proposalId)
    const published = await publishDraft(deps, { ...call, body: { revision: saved.revision } })
    expect(published.published).toMatchObject({ number: 1, title: 'Priced offer' })
    expect(published.unpublishedChanges).toBe(false)
    const row = await prisma.proposal.findUniqueOrThrow({ where: { id: call.proposalId } })
    expect(row.title).toBe('Priced offer')
    expect(row.document).toEqual(JSON.parse(JSON.stringify(documentWith('Priced offer', table))))
    // 10 × 50 a month with a 1,500 setup; the unticked option is not in the price.
    expect((row.calculatorData as { price?: unknown }).price).toEqual({
      amount: 500,
      period: 'month',
      setup: 1_500,
      source: { kind: 'entered' },
    })
    // The published document and the publication are both kept, and counted.
    expect(await storedBytes(call.proposalId)).toBeGreaterThan(bytesBefore + 2 * jsonBytes(row.document))
    const again = await publishDraft(deps, { ...call, body: { revision: saved.revision } })
    expect(again.publications.map((publication) => publication.number)).toEqual([2, 1])
    // A stale revision publishes nothing.
    expect(await refusal(publishDraft(deps, { ...call, body: { revision: 0 } }))).toEqual({ status: 409, message: DRAFT_CONFLICT_MESSAGE })
    expect(await prisma.proposalPublication.count({ where: { proposalId: call.proposalId } })).toBe(2)
  })

  it('removes only an entered price when the table totals nothing, and prices nothing from a hidden table', async () => {
    const entered = { ...supportTriageCalculator, price: { amount: 800, period: 'month', source: { kind: 'entered' } } }
    const quoted = {
      ...supportTriageCalculator,
      price: { amount: 800, period: 'month', source: { kind: 'description', quote: '800 a month' } },
    }
    const empty = pricing([{ id: 'free', description: 'Pilot', quantity: 1, unit: 'pilot', unitPrice: 0, recurrence: 'once' }])
    const priceAfterPublishing = async (calculatorData: object, document: ProposalDocument) => {
      const call = await proposal(calculatorData)
      await saveDraft(deps, { ...call, body: { document, revision: 0 } })
      await publishDraft(deps, { ...call, body: { revision: 1 } })
      return (await prisma.proposal.findUniqueOrThrow({ where: { id: call.proposalId } })).calculatorData as { price?: unknown }
    }
    expect(await priceAfterPublishing(entered, documentWith('Free pilot', empty))).not.toHaveProperty('price')
    expect((await priceAfterPublishing(quoted, documentWith('Free pilot', empty))).price).toEqual(quoted.price)
    const hidden = pricing([{ id: 'seats', description: 'Seats', quantity: 2, unit: 'seat', unitPrice: 10, recurrence: 'month' }], {
      hidden: true,
    })
    expect((await priceAfterPublishing(entered, documentWith('Hidden table', hidden))).price).toEqual(entered.price)
  })

  it('restores a publication as the draft at a new revision; the prospect keeps the current publication', async () => {
    const call = await proposal()
    await saveDraft(deps, { ...call, body: { document: documentWith('First'), revision: 0 } })
    await publishDraft(deps, { ...call, body: { revision: 1 } })
    await saveDraft(deps, { ...call, body: { document: documentWith('Second'), revision: 1 } })
    await publishDraft(deps, { ...call, body: { revision: 2 } })
    const restored = await restorePublication(deps, { ...call, number: 1 })
    expect([restored.revision, restored.document.title, restored.unpublishedChanges]).toEqual([3, 'First', true])
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: call.proposalId } })).title).toBe('Second')
    // A tab still at revision 2 is told the draft moved on.
    const stale = await refusal(saveDraft(deps, { ...call, body: { document: documentWith('Stale tab'), revision: 2 } }))
    expect(stale).toEqual({ status: 409, message: DRAFT_CONFLICT_MESSAGE })
    expect((await refusal(restorePublication(deps, { ...call, number: 9 }))).status).toBe(404)
  })
})

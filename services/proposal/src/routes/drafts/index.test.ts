// The seller's draft and publications through the gateway on the embedded stack (issue 37): bad
// documents refused with 400/413 and nothing stored, someone else's proposal 404, a stale revision
// 409 with the draft untouched, and the prospect seeing exactly the last publication.
import {
  DOCUMENT_TOO_DEEP_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DRAFT_CONFLICT_MESSAGE,
  OWN_PROPOSAL_NOT_FOUND_MESSAGE,
  PROPOSAL_AGREED_LOCKED_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  draftAnswerSchema,
  proposalRecordSchema,
  publicationAnswerSchema,
  richTextOfPlain,
  uploadedImageSchema,
  type DraftAnswer,
  type ImageBlock,
  type ProposalBlock,
  type ProposalDocument,
  type SectionBlock,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { tinyPng } from '../../../../../tests/integration/support/images.ts'
import { registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { FOREIGN_IMAGE_MESSAGE } from '../../domain/drafts.ts'

function section(id: string, text: string, extra: Partial<SectionBlock> = {}): SectionBlock {
  return { id, type: 'section', heading: `About ${id}`, content: richTextOfPlain(text), ...extra }
}

function documentWith(title: string, blocks: ProposalBlock[] = [section('intro', title)]): ProposalDocument {
  return { title, blocks: [...blocks, { id: 'calculator', type: 'calculator' }] }
}

/** A document whose first section's paragraph nests lists `depth` deep. */
function nested(depth: number): unknown {
  let node: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] }
  for (let level = 0; level < depth; level += 1) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] }
  return {
    title: 'Deep',
    blocks: [
      { id: 'deep', type: 'section', content: { type: 'doc', content: [node] } },
      { id: 'calculator', type: 'calculator' },
    ],
  }
}

describe('the draft and its publications', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner } = await registered(stack, 'drafts'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  const put = (client: ApiClient, id: string, body: unknown) => client.request('PUT', `/api/proposals/${id}/draft`, { json: body })
  async function draftOf(id: string): Promise<DraftAnswer> {
    const response = await owner.get(`/api/proposals/${id}/draft`)
    expect(response.status, await response.clone().text()).toBe(200)
    return draftAnswerSchema.parse(await response.json())
  }
  async function saved(id: string, document: ProposalDocument, revision: number): Promise<DraftAnswer> {
    const response = await put(owner, id, { document, revision })
    expect(response.status, await response.clone().text()).toBe(200)
    return draftAnswerSchema.parse(await response.json())
  }
  const recordOf = async (client: ApiClient, id: string) =>
    proposalRecordSchema.parse(await (await client.get(`/api/proposals/${id}`)).json())

  it('starts from the document the prospect sees, at revision 0', async () => {
    const id = await share(owner, { title: 'Support savings' })
    const draft = await draftOf(id)
    expect(draft).toMatchObject({ revision: 0, savedAt: null, published: null, unpublishedChanges: false, publications: [] })
    expect(draft.document).toEqual((await recordOf(new ApiClient(stack.url), id)).document)
    expect(draft.document.title).toBe('Support savings')
  })

  it('refuses an unknown node, a javascript: link, an image not uploaded here and 1,000 levels of nesting with 400, storing nothing', async () => {
    const id = await share(owner)
    const before = await draftOf(id)
    const script = section('intro', 'x', {
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
    })
    const unknownNode = { type: 'doc', content: [{ type: 'iframe', attrs: { src: 'https://evil.example' } }] }
    const image: ProposalBlock = {
      id: 'photo',
      type: 'image',
      imageId: 'AAAAAAAAAAAAAAAAAAAAAA',
      alt: 'Team photo',
      width: 800,
      height: 600,
    }
    const refusals: [unknown, string | RegExp][] = [
      [
        {
          title: 'Bad',
          blocks: [
            { id: 'x', type: 'section', content: unknownNode },
            { id: 'calculator', type: 'calculator' },
          ],
        },
        /content\.content\.0\.type: Invalid discriminator/,
      ],
      [
        {
          title: 'Bad',
          blocks: [
            { id: 'x', type: 'video', src: 'https://evil.example' },
            { id: 'calculator', type: 'calculator' },
          ],
        },
        /Unknown block type/,
      ],
      [documentWith('Bad', [script]), new RegExp(UNSAFE_LINK_MESSAGE)],
      [documentWith('Bad', [image]), FOREIGN_IMAGE_MESSAGE],
      [nested(1_000), DOCUMENT_TOO_DEEP_MESSAGE],
    ]
    for (const [document, message] of refusals) {
      const response = await put(owner, id, { document, revision: 0 })
      const body = (await response.json()) as { message: string }
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(body.message).toMatch(message)
    }
    expect(await draftOf(id)).toEqual(before)
  })

  it('refuses 20 MB of JSON with 413 and stores nothing', async () => {
    const id = await share(owner)
    const huge = documentWith('Huge', [section('intro', 'word '.repeat(4_000_000))])
    const response = await put(owner, id, { document: huge, revision: 0 })
    expect([response.status, await response.json()]).toEqual([413, { message: DOCUMENT_TOO_LARGE_MESSAGE }])
    expect((await draftOf(id)).revision).toBe(0)
  })

  it('answers 404 for another seller’s proposal on every call, and changes nothing', async () => {
    const id = await share(owner)
    const stranger = (await registered(stack, 'stranger')).client
    const calls = [
      () => stranger.get(`/api/proposals/${id}/draft`),
      () => put(stranger, id, { document: documentWith('Mine now'), revision: 0 }),
      () => stranger.post(`/api/proposals/${id}/publish`, { revision: 0 }),
      () => stranger.get(`/api/proposals/${id}/publications/1`),
      () => stranger.post(`/api/proposals/${id}/publications/1/restore`),
    ]
    for (const call of calls) {
      const response = await call()
      expect([response.status, await response.json()]).toEqual([404, { message: OWN_PROPOSAL_NOT_FOUND_MESSAGE }])
    }
    expect((await new ApiClient(stack.url).get(`/api/proposals/${id}/draft`)).status).toBe(401)
    expect((await draftOf(id)).revision).toBe(0)
  })

  it('answers a stale revision 409 with the conflict message, leaving the stored draft as the other tab saved it', async () => {
    const id = await share(owner)
    await saved(id, documentWith('Saved in tab one'), 0)
    const stale = await put(owner, id, { document: documentWith('Saved in tab two'), revision: 0 })
    expect([stale.status, await stale.json()]).toEqual([409, { message: DRAFT_CONFLICT_MESSAGE }])
    const draft = await draftOf(id)
    expect([draft.revision, draft.document.title]).toEqual([1, 'Saved in tab one'])
  })

  it('publishes: the prospect sees the published title and shown blocks, not later draft edits; restore brings a publication back', async () => {
    const id = await share(owner, { title: 'Written title' })
    const first = documentWith('Offer for Initech', [
      section('intro', 'Published words'),
      section('notes', 'Seller notes', { hidden: true }),
    ])
    const draft = await saved(id, first, 0)
    const published = await owner.post(`/api/proposals/${id}/publish`, { revision: draft.revision })
    expect(published.status, await published.clone().text()).toBe(201)
    expect(draftAnswerSchema.parse(await published.json())).toMatchObject({
      published: { number: 1, title: 'Offer for Initech' },
      unpublishedChanges: false,
    })
    await saved(id, documentWith('Draft edit after publishing', [section('intro', 'Unpublished words')]), 1)
    const prospect = await recordOf(new ApiClient(stack.url), id)
    expect(prospect.title).toBe('Offer for Initech')
    expect(prospect.document).toEqual({ ...first, blocks: first.blocks.filter((block) => block.hidden !== true) })
    // The owner's record is the prospect's document too; the draft holds the hidden block and the edit.
    expect((await recordOf(owner, id)).document).toEqual(prospect.document)
    expect((await draftOf(id)).unpublishedChanges).toBe(true)

    // A rename from the list retitles what the prospect sees and the draft (at a new revision), so
    // publishing again keeps it.
    expect((await owner.patch(`/api/proposals/${id}`, { title: 'Renamed in the list' })).status).toBe(200)
    expect((await recordOf(new ApiClient(stack.url), id)).document.title).toBe('Renamed in the list')
    const second = await owner.post(`/api/proposals/${id}/publish`, { revision: 3 })
    expect(second.status).toBe(201)
    expect((await recordOf(new ApiClient(stack.url), id)).title).toBe('Renamed in the list')
    const viewed = await owner.get(`/api/proposals/${id}/publications/1`)
    expect(publicationAnswerSchema.parse(await viewed.json())).toMatchObject({ number: 1, title: 'Offer for Initech', document: first })
    const restored = await owner.post(`/api/proposals/${id}/publications/1/restore`)
    expect(restored.status).toBe(200)
    expect(draftAnswerSchema.parse(await restored.json())).toMatchObject({ revision: 4, document: first, unpublishedChanges: true })
    expect((await recordOf(new ApiClient(stack.url), id)).title).toBe('Renamed in the list')
    for (const number of ['0', 'two', '7']) {
      const missing = await owner.get(`/api/proposals/${id}/publications/${number}`)
      expect(missing.status, number).toBe(number === '7' ? 404 : 400)
    }
  })

  it('renames the saved draft with the proposal, at a new revision, so publishing keeps the new title', async () => {
    const id = await share(owner)
    await saved(id, documentWith('Title in the draft'), 0)
    expect((await owner.patch(`/api/proposals/${id}`, { title: 'Renamed from the list' })).status).toBe(200)
    expect(await draftOf(id)).toMatchObject({ revision: 2, document: { title: 'Renamed from the list' } })
    // An editor still on revision 1 is told its copy is stale, not allowed to write the old title back.
    expect((await put(owner, id, { document: documentWith('Title in the draft'), revision: 1 })).status).toBe(409)
    expect((await owner.post(`/api/proposals/${id}/publish`, { revision: 2 })).status).toBe(201)
    expect((await recordOf(new ApiClient(stack.url), id)).title).toBe('Renamed from the list')
  })

  it('copies the document, the draft and their images into a duplicate, which keeps them when the original goes', async () => {
    const id = await share(owner)
    const uploaded = await owner.request('POST', `/api/proposals/${id}/images`, {
      body: new Uint8Array(tinyPng()),
      headers: { 'content-type': 'image/png' },
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const { imageId, width, height } = uploadedImageSchema.parse(await uploaded.json())
    const image: ImageBlock = { id: 'photo', type: 'image', imageId, alt: 'The team', width, height }
    await saved(id, documentWith('Published copy', [section('intro', 'Words'), image]), 0)
    expect((await owner.post(`/api/proposals/${id}/publish`, { revision: 1 })).status).toBe(201)
    await saved(id, documentWith('Draft copy', [image]), 1)
    const copy = ((await (await owner.post(`/api/proposals/${id}/duplicate`)).json()) as { id: string }).id
    const shown = (await recordOf(owner, copy)).document
    const draft = (await draftOf(copy)).document
    // Titled as the list titles the copy; the draft as it was.
    expect([shown.title, draft.title]).toEqual(['Published copy (copy)', 'Draft copy'])
    // The copy's images are its own uploads: the same picture under a new id, in both documents.
    const imageIds = [shown, draft].map((document) => document.blocks.flatMap((block) => (block.type === 'image' ? [block.imageId] : [])))
    const [copiedId] = imageIds[0] ?? []
    expect(copiedId).toBeDefined()
    expect(copiedId).not.toBe(imageId)
    expect(imageIds[1]).toEqual([copiedId])
    expect((await owner.request('DELETE', `/api/proposals/${id}`)).status).toBe(204)
    const picture = await new ApiClient(stack.url).get(`/api/proposals/${copy}/images/${copiedId ?? ''}`)
    expect(picture.status).toBe(200)
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0)
    // Its editor saves the copied draft as it is.
    expect((await put(owner, copy, { document: draft, revision: 0 })).status).toBe(200)
  })

  it('answers 409 with the agreed message to a save or publish of an agreed proposal; its next version starts from its document and draft', async () => {
    const id = await share(owner)
    await saved(id, documentWith('Agreed offer'), 0)
    expect((await owner.post(`/api/proposals/${id}/publish`, { revision: 1 })).status).toBe(201)
    await saved(id, documentWith('Changes after publishing'), 1)
    const agreed = await new ApiClient(stack.url).post(`/api/proposals/${id}/agreement`, {
      name: 'Petra Prospect',
      email: 'petra@buyer.example',
      scenario: 'expected',
      values: {},
    })
    expect(agreed.status).toBe(201)
    for (const response of [
      await put(owner, id, { document: documentWith('Too late'), revision: 0 }),
      await owner.post(`/api/proposals/${id}/publish`, { revision: 0 }),
    ])
      expect([response.status, await response.json()]).toEqual([409, { message: PROPOSAL_AGREED_LOCKED_MESSAGE }])
    expect((await draftOf(id)).document.title).toBe('Changes after publishing')
    const version = await owner.post(`/api/proposals/${id}/versions`)
    expect(version.status).toBe(201)
    const next = ((await version.json()) as { id: string }).id
    expect((await recordOf(new ApiClient(stack.url), next)).document.title).toBe('Agreed offer')
    expect(await draftOf(next)).toMatchObject({ revision: 0, document: { title: 'Changes after publishing' }, unpublishedChanges: true })
  })
})

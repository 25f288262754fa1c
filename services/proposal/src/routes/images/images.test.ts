// POST and GET /api/proposals/{id}/images through the gateway (issue 37), on the embedded stack and
// on PostgreSQL + MinIO: the owner's upload is resized and stored, read back on the page's rules;
// wrong types, oversized bodies, other sellers, the per-proposal limit and the account's ceiling
// are refused with nothing stored; a failing store answers 503 and the service goes on; deleting
// the proposal deletes its images' objects.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  ACCESS_CODE_MIN_LENGTH,
  PROPOSAL_DOCUMENT_LIMITS,
  PROPOSAL_IMAGE_MAX_BYTES,
  PROPOSAL_IMAGE_MAX_EDGE,
  PROPOSAL_IMAGE_TOO_LARGE_MESSAGE,
  PROPOSAL_IMAGE_TYPE_MESSAGE,
  PROPOSAL_STORAGE_LIMITS,
  draftAnswerSchema,
  uploadedImageSchema,
} from '@valueproof/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { fakeExecutable, gradientPng, SVG_LOGO, tinyPng } from '../../../../../tests/integration/support/images.ts'
import { registered, share, table } from '../../../../../tests/integration/support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { IMAGE_LIMIT_MESSAGE, IMAGE_NOT_STORED_MESSAGE } from '../../domain/proposal-images.ts'
import { proposalStorageMessage } from '../../domain/proposal-quota.ts'
import { supportTriageCalculator } from '../../testing/calculators.ts'

const ACCESS_CODE = 'k'.repeat(ACCESS_CODE_MIN_LENGTH)
const kinds = await stackKinds('postgres+nats+minio')

function upload(client: ApiClient, proposalId: string, bytes: Buffer, contentType: string): Promise<Response> {
  return client.request('POST', `/api/proposals/${encodeURIComponent(proposalId)}/images`, {
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType },
  })
}

function imagePath(proposalId: string, imageId: string, code?: string): string {
  return `/api/proposals/${encodeURIComponent(proposalId)}/images/${encodeURIComponent(imageId)}${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}`
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

describe.each(kinds)('a proposal’s images (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack(kind)
    ;({ client: owner } = await registered(stack, 'images'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function imageRows(proposalId: string): Promise<Array<{ id: string; key: string; bytes: number }>> {
    return stack.databases.proposal.query(
      `SELECT id, key, bytes FROM ${table(stack, 'proposal', 'proposal_image')} WHERE proposal_id = $1 ORDER BY created_at`,
      proposalId,
    )
  }

  /** Publishes the proposal's document with these images in it (`hidden` ones hidden). */
  async function publishWith(
    proposalId: string,
    images: ReadonlyArray<{ imageId: string; width: number; height: number; hidden?: boolean }>,
  ) {
    const draft = draftAnswerSchema.parse(await (await owner.get(`/api/proposals/${proposalId}/draft`)).json())
    const blocks = images.map(({ imageId, width, height, hidden }, index) => ({
      id: `image${index}`,
      type: 'image' as const,
      alt: 'A chart',
      imageId,
      width,
      height,
      ...(hidden === undefined ? {} : { hidden }),
    }))
    const document = { ...draft.document, blocks: [...draft.document.blocks, ...blocks] }
    const saved = await owner.request('PUT', `/api/proposals/${proposalId}/draft`, { json: { document, revision: draft.revision } })
    expect(saved.status, await saved.clone().text()).toBe(200)
    const published = await owner.post(`/api/proposals/${proposalId}/publish`, { revision: draft.revision + 1 })
    expect(published.status, await published.clone().text()).toBe(201)
  }

  async function uploaded(proposalId: string, bytes: Buffer, contentType: string, client = owner) {
    const response = await upload(client, proposalId, bytes, contentType)
    expect(response.status, await response.clone().text()).toBe(201)
    return uploadedImageSchema.strict().parse(await response.json())
  }

  it('stores the owner’s photo resized, as JPEG without metadata, and serves it to a prospect with the link', async () => {
    const id = await share(owner)
    const photo = await sharp(gradientPng(3200, 1600))
      .withMetadata({ exif: { IFD0: { Copyright: 'Home address 12' } } })
      .jpeg()
      .toBuffer()
    const image = await uploaded(id, photo, 'image/jpeg')
    expect(image).toMatchObject({ width: PROPOSAL_IMAGE_MAX_EDGE, height: PROPOSAL_IMAGE_MAX_EDGE / 2, contentType: 'image/jpeg' })
    expect(image.imageId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    await publishWith(id, [image])

    const response = await new ApiClient(stack.url).get(imagePath(id, image.imageId))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(response.headers.get('content-disposition')).toBe('inline')
    const bytes = Buffer.from(await response.arrayBuffer())
    const metadata = await sharp(bytes).metadata()
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', image.width, image.height, undefined])
    expect(bytes.includes(Buffer.from('Home address 12'))).toBe(false)

    const [row] = await imageRows(id)
    expect(row).toMatchObject({ id: image.imageId, key: `proposal-images/${id}/${image.imageId}`, bytes: bytes.length })
    expect(await stack.storedObjectKeys()).toContain(`proposal-images/${id}/${image.imageId}`)
  })

  it('refuses a wrong or lying type and an oversized body with nothing stored', async () => {
    const id = await share(owner)
    const jpeg = await sharp(gradientPng(40, 40)).jpeg().toBuffer()
    for (const [bytes, type] of [
      [SVG_LOGO, 'image/svg+xml'],
      [SVG_LOGO, 'image/png'],
      [fakeExecutable(), 'image/png'],
      [jpeg, 'image/png'],
      [tinyPng(), 'text/plain'],
    ] as const) {
      const response = await upload(owner, id, bytes, type)
      expect([type, response.status, await messageOf(response)]).toEqual([type, 400, PROPOSAL_IMAGE_TYPE_MESSAGE])
    }
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(PROPOSAL_IMAGE_MAX_BYTES)])
    const tooLarge = await upload(owner, id, huge, 'image/png')
    expect([tooLarge.status, await messageOf(tooLarge)]).toEqual([413, PROPOSAL_IMAGE_TOO_LARGE_MESSAGE])
    expect(await imageRows(id)).toEqual([])
  })

  it('answers another seller 404 and a signed-out caller 401, for upload; 404 for an image of another proposal', async () => {
    const id = await share(owner)
    const other = await share(owner)
    const image = await uploaded(id, tinyPng(), 'image/png')
    const { client: stranger } = await registered(stack, 'images-other')
    expect((await upload(stranger, id, tinyPng(), 'image/png')).status).toBe(404)
    expect((await upload(new ApiClient(stack.url), id, tinyPng(), 'image/png')).status).toBe(401)
    expect((await upload(owner, 'not-a-proposal', tinyPng(), 'image/png')).status).toBe(404)
    expect(await imageRows(id)).toHaveLength(1)
    expect((await owner.get(imagePath(other, image.imageId))).status).toBe(404)
    expect((await owner.get(imagePath(id, 'x'.repeat(22)))).status).toBe(404)
  })

  it('opens an image as the page opens: the access code, then 410 once the link is revoked', async () => {
    const id = await share(owner, { accessCode: ACCESS_CODE })
    const image = await uploaded(id, tinyPng(), 'image/png')
    await publishWith(id, [image])
    const prospect = new ApiClient(stack.url)
    expect((await prospect.get(imagePath(id, image.imageId))).status).toBe(401)
    expect((await prospect.get(imagePath(id, image.imageId, ACCESS_CODE))).status).toBe(200)
    expect((await owner.get(imagePath(id, image.imageId))).status).toBe(200)
    expect((await owner.post(`/api/proposals/${id}/revoke`, {})).status).toBe(200)
    expect((await prospect.get(imagePath(id, image.imageId, ACCESS_CODE))).status).toBe(410)
    expect((await owner.get(imagePath(id, image.imageId))).status).toBe(200)
  })

  it('shows a prospect only the images the published document shows; the owner sees every upload', async () => {
    const id = await share(owner)
    const [shown, hidden, unpublished] = [
      await uploaded(id, tinyPng(), 'image/png'),
      await uploaded(id, gradientPng(20, 20), 'image/png'),
      await uploaded(id, gradientPng(30, 30), 'image/png'),
    ]
    await publishWith(id, [shown, { ...hidden, hidden: true }])
    const prospect = new ApiClient(stack.url)
    const statuses = async (client: ApiClient) =>
      Promise.all([shown, hidden, unpublished].map(async (image) => (await client.get(imagePath(id, image.imageId))).status))
    expect(await statuses(prospect)).toEqual([200, 404, 404])
    expect(await statuses(owner)).toEqual([200, 200, 200])
  })

  it(`holds a proposal to ${PROPOSAL_DOCUMENT_LIMITS.maxImages} images and the account to its plan’s bytes`, async () => {
    const id = await share(owner)
    for (let index = 0; index < PROPOSAL_DOCUMENT_LIMITS.maxImages; index += 1) await uploaded(id, tinyPng(), 'image/png')
    const extra = await upload(owner, id, tinyPng(), 'image/png')
    expect([extra.status, await messageOf(extra)]).toEqual([403, IMAGE_LIMIT_MESSAGE])

    // The images count toward what the account keeps: with them it is full, so another image and a new proposal are refused.
    const { client: full } = await registered(stack, 'images-full')
    const first = await share(full)
    await uploaded(first, tinyPng(), 'image/png', full)
    const [row] = await imageRows(first)
    await stack.databases.proposal.execute(
      `UPDATE ${table(stack, 'proposal', 'proposal')} SET stored_bytes = $1 WHERE id = $2`,
      PROPOSAL_STORAGE_LIMITS.free - (row?.bytes ?? 0),
      first,
    )
    const storageFull = proposalStorageMessage('free', PROPOSAL_STORAGE_LIMITS.free)
    const refused = await upload(full, first, await sharp(gradientPng(200, 200)).jpeg().toBuffer(), 'image/jpeg')
    expect([refused.status, await messageOf(refused)]).toEqual([403, storageFull])
    expect(await imageRows(first)).toHaveLength(1)
    const another = await full.post('/api/proposals', { title: 'One more', calculatorData: supportTriageCalculator })
    expect([another.status, await messageOf(another)]).toEqual([403, storageFull])
  })

  it('deletes the images’ objects with the proposal', async () => {
    const id = await share(owner)
    const images = [await uploaded(id, tinyPng(), 'image/png'), await uploaded(id, tinyPng(), 'image/png')]
    const keys = images.map((image) => `proposal-images/${id}/${image.imageId}`)
    expect(await stack.storedObjectKeys()).toEqual(expect.arrayContaining(keys))
    expect((await owner.request('DELETE', `/api/proposals/${id}`)).status).toBe(204)
    expect(await imageRows(id)).toEqual([])
    const left = await stack.storedObjectKeys()
    expect(keys.filter((key) => left.includes(key))).toEqual([])
  })

  it.runIf(kind === 'pglite+in-process')(
    'answers 503 while the store cannot write, stores nothing, and uploads again once it can',
    async () => {
      const id = await share(owner)
      // The file store keeps objects under DATA_DIR/objects/objects: a file where its folder belongs fails every write there.
      const blocker = join(stack.dataDir, 'objects', 'objects', 'proposal-images', id)
      await mkdir(dirname(blocker), { recursive: true })
      await writeFile(blocker, 'not a folder')
      const failed = await upload(owner, id, tinyPng(), 'image/png')
      expect([failed.status, await messageOf(failed)]).toEqual([503, IMAGE_NOT_STORED_MESSAGE])
      expect(await imageRows(id)).toEqual([])
      await rm(blocker)
      await uploaded(id, tinyPng(), 'image/png')
    },
  )
})

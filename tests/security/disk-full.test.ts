// Issue 34: a full disk is answered, never a crash (docs/decisions/120). The one-process product
// (`npm start`'s shape) with its data on a small file system that fills: an upload whose document
// finds no room in the object store, and a proposal whose row finds no room in the database, are
// answered 507 "Storage is full; the change was not saved. Try again later."; the product serves
// on, and once there is room again the same calls succeed. Needs a tmpfs mount (root); skipped with
// the reason where the machine does not allow one.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mountTinyDisk, type TinyDisk } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDocx, paragraph } from '../../packages/documents/src/test-documents.ts'
import { zipEntry } from '../../packages/documents/src/zip.mjs'
import { STORAGE_FULL_MESSAGE } from '../../packages/service-runtime/src/database-unavailable.ts'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../integration/support/stack.ts'

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** A DOCX describing a service, with a 256 KB picture that does not compress: more than the room left. */
function documentWithPicture(): Uint8Array {
  const text = paragraph(
    'Our help desk automation answers 40% of first-line tickets. Your 5 agents each handle 60 tickets a day at $45 per hour.',
  )
  return buildDocx(text, [zipEntry('word/media/image1.bin', new Uint8Array(randomBytes(256 * 1024)))])
}

async function upload(client: ApiClient, bytes: Uint8Array): Promise<{ status: number; message?: string }> {
  const form = new FormData()
  form.append('complexity', 'balanced')
  form.append('language', 'en')
  form.append('currency', 'USD')
  form.append('file', new Blob([new Uint8Array(bytes)], { type: DOCX_TYPE }), 'service.docx')
  const response = await client.request('POST', '/api/calculator/analyze-document', { body: form })
  return { status: response.status, ...((await response.json()) as { message?: string }) }
}

describe('a full disk in npm start', () => {
  let parent: string
  let disk: TinyDisk | undefined
  let unavailable: string | undefined
  let stack: TestStack
  let client: ApiClient
  let unhandled: unknown[]
  const onUnhandled = (reason: unknown) => unhandled.push(reason)

  beforeAll(async () => {
    unhandled = []
    process.on('unhandledRejection', onUnhandled)
    parent = await mkdtemp(join(tmpdir(), 'vp-disk-full-'))
    // Room for the embedded database (about 40 MB unpacked) and a little more.
    const mounted = mountTinyDisk(join(parent, 'data'), 160)
    if ('unavailable' in mounted) {
      unavailable = mounted.unavailable
      return
    }
    disk = mounted
    stack = await startTestStack('pglite+in-process', { DATA_DIR: disk.path })
    client = new ApiClient(stack.url)
    expect((await client.post('/api/register', { username: uniqueUsername('full'), password: GOOD_PASSWORD })).status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    await stack?.close()
    disk?.unmount()
    await rm(parent, { recursive: true, force: true })
  })

  it("answers an upload with no room for its document 507 'Storage is full', serves on, and stores it once there is room", async (context) => {
    if (disk === undefined) return context.skip(unavailable)
    const bytes = documentWithPicture()
    const filler = disk.fill(64 * 1024)
    const full = await upload(client, bytes)
    expect(full).toEqual({ status: 507, message: STORAGE_FULL_MESSAGE })
    expect((await client.get('/api/user')).status).toBe(200)
    expect(unhandled).toEqual([])
    rmSync(filler)
    expect((await upload(client, bytes)).status).toBe(200)
  }, 120_000)

  it("answers a proposal with no room in the database 507 'Storage is full', serves on, and keeps it once there is room", async (context) => {
    if (disk === undefined) return context.skip(unavailable)
    // Room for the write-ahead log's current segment, not for the proposal's 180 KB of text.
    const filler = disk.fill(64 * 1024)
    const share = () =>
      client.post('/api/proposals', {
        title: 'Full',
        content: randomBytes(135_000).toString('base64'),
        calculatorData: supportTriageCalculator,
      })
    const full = await share()
    expect([full.status, await full.json()]).toEqual([507, { message: STORAGE_FULL_MESSAGE }])
    expect((await client.get('/api/proposals')).status).toBe(200)
    expect(unhandled).toEqual([])
    rmSync(filler)
    expect((await share()).status).toBe(201)
  }, 120_000)
})

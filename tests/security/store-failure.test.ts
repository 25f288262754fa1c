// Issue 34 (1): a failed document write never ends a process. The upload's store promise used to
// reject before anything awaited it (the generation failed first, or had not reached its keep), and
// Node ended the process on the unhandled rejection: the calculator service in the separate shape,
// the whole product in `npm start`. Both shapes: the store fails while 30 uploads are under way,
// every upload is answered 503 with a message, the process lives, and uploads work again within 5 s
// of the store returning.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createMinioServer, needs, type MinioServerProcess } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../integration/support/stack.ts'
import { startProcessStack, type ProcessStack } from './support/processes.ts'

const SAMPLE = new URL('../../../shared/samples/documents/aws-textract-freelance-sow.docx', import.meta.url)
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const UPLOADS = 30
const NOT_STORED = 'The document could not be stored; try again.'
/** The bound: uploads succeed again within this long of the store returning. */
const BACK_WITHIN_MS = 5_000

interface Answer {
  status: number | 'no answer'
  message?: string
}

async function upload(client: ApiClient, bytes: Uint8Array): Promise<Answer> {
  const form = new FormData()
  form.append('complexity', 'balanced')
  form.append('language', 'en')
  form.append('currency', 'USD')
  form.append('file', new Blob([new Uint8Array(bytes)], { type: DOCX_TYPE }), 'sow.docx')
  try {
    const response = await client.request('POST', '/api/calculator/analyze-document', { body: form })
    const text = await response.text()
    let message: string | undefined
    try {
      message = (JSON.parse(text) as { message?: string }).message
    } catch {
      message = undefined
    }
    return { status: response.status, ...(message !== undefined ? { message } : {}) }
  } catch {
    return { status: 'no answer' }
  }
}

/** 30 uploads at once while the store refuses every write: each is answered 503 with the message. */
async function uploadsWhileStoreFails(client: ApiClient, bytes: Uint8Array): Promise<void> {
  const answers = await Promise.all(Array.from({ length: UPLOADS }, () => upload(client, bytes)))
  const summary = answers.map((answer) => `${answer.status}`).join(' ')
  for (const answer of answers) {
    expect(answer.status, summary).toBe(503)
    expect(answer.message, summary).toBe(NOT_STORED)
  }
}

/** Uploads until one succeeds, from the moment the store is back; answers how long that took. */
async function firstSuccessAfterReturn(client: ApiClient, bytes: Uint8Array): Promise<{ ms: number; answers: Answer[] }> {
  const returnedAt = performance.now()
  const answers: Answer[] = []
  while (performance.now() - returnedAt < BACK_WITHIN_MS) {
    const answer = await upload(client, bytes)
    answers.push(answer)
    if (answer.status === 200) return { ms: performance.now() - returnedAt, answers }
    await new Promise((done) => setTimeout(done, 200))
  }
  return { ms: Number.POSITIVE_INFINITY, answers }
}

describe('a failed document write in npm start (the file-system store)', () => {
  let stack: TestStack
  let client: ApiClient
  let unhandled: unknown[]
  const onUnhandled = (reason: unknown) => unhandled.push(reason)
  beforeAll(async () => {
    unhandled = []
    process.on('unhandledRejection', onUnhandled)
    stack = await startTestStack('pglite+in-process')
    client = new ApiClient(stack.url)
    expect((await client.post('/api/register', { username: uniqueUsername('store'), password: GOOD_PASSWORD })).status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled)
    await stack?.close()
  })

  it('answers every upload 503, keeps the product up, and stores again once the folder is back', async () => {
    const bytes = await readFile(SAMPLE)
    // The objects folder becomes a plain file: every write under it fails, for root too.
    const objectsDir = join(stack.dataDir, 'objects', 'objects')
    const movedAside = `${objectsDir}.aside`
    await mkdir(objectsDir, { recursive: true })
    await rename(objectsDir, movedAside)
    await writeFile(objectsDir, 'not a folder')

    await uploadsWhileStoreFails(client, bytes)
    expect(unhandled).toEqual([])
    expect((await client.get('/api/user')).status).toBe(200)

    await rm(objectsDir)
    await rename(movedAside, objectsDir)
    const back = await firstSuccessAfterReturn(client, bytes)
    expect(back.ms, JSON.stringify(back.answers)).toBeLessThan(BACK_WITHIN_MS)
    expect(unhandled).toEqual([])
  }, 240_000)
})

const real = await needs('postgres', 'nats', 'minio', 'minio-server-binary')

describe.runIf(real)('a failed document write in the separate shape (MinIO stopped)', () => {
  let minio: MinioServerProcess
  let stack: ProcessStack
  let client: ApiClient
  beforeAll(async () => {
    minio = await createMinioServer()
    await minio.start()
    stack = await startProcessStack({ calculator: { ...minio.env('vp-store-failure'), DOCUMENT_WORKERS: '1' } })
    client = new ApiClient(stack.url)
    expect((await client.post('/api/register', { username: uniqueUsername('minio'), password: GOOD_PASSWORD })).status).toBe(201)
  }, 180_000)
  afterAll(async () => {
    await stack?.close()
    await minio?.dispose()
  })

  it('answers every upload 503, the calculator service lives, and stores again once MinIO is back', async () => {
    const bytes = await readFile(SAMPLE)
    const calculator = stack.processes.calculator
    await minio.stop()

    await uploadsWhileStoreFails(client, bytes)
    expect(calculator.child.exitCode, calculator.output()).toBeNull()
    expect(calculator.child.signalCode, calculator.output()).toBeNull()
    // The net that would keep a process up logs any rejection nothing handled: there was none.
    expect(calculator.logs()).not.toMatch(/rejection was not handled/)

    await minio.start()
    const back = await firstSuccessAfterReturn(client, bytes)
    expect(back.ms, JSON.stringify(back.answers)).toBeLessThan(BACK_WITHIN_MS)
    expect(calculator.child.exitCode).toBeNull()
  }, 240_000)
})

import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import Router from '@koa/router'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { errors } from './errors.ts'
import { listen, type RunningServer } from './lifecycle.ts'
import { multipartBody, uploadedFile } from './multipart.ts'

const MAX_FILE_SIZE = 4 * 1024
const TOO_LARGE = 'Logo must be at most 4 KB'

/** Where the handlers saw their temporary files, so the test can check they are gone. */
let seenPaths: string[] = []

function uploadRouter(): Router {
  const router = new Router()
  const upload = multipartBody({ maxFileSize: MAX_FILE_SIZE, tooLargeMessage: TOO_LARGE, fieldHint: 'a "logo" file' })
  router.post('/upload', upload, async (ctx) => {
    const file = uploadedFile(ctx, 'logo')
    if (!file) throw errors.badRequest('Choose a file to upload')
    seenPaths.push(file.filepath)
    // The file is on disk while the handler runs.
    const bytes = await readFile(file.filepath)
    ctx.body = { size: file.size, originalFilename: file.originalFilename, mimetype: file.mimetype, text: bytes.toString('utf8') }
  })
  router.post('/upload-then-fail', upload, (ctx) => {
    const file = uploadedFile(ctx, 'logo')
    if (file) seenPaths.push(file.filepath)
    throw new Error('the object store is down')
  })
  return router
}

let server: RunningServer

beforeAll(async () => {
  const app = createApp({ name: 'multipart-test', logger: pino({ level: 'silent' }), readiness: [], routers: [uploadRouter()] })
  server = await listen(app, { port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  seenPaths = []
})

function form(bytes: Uint8Array<ArrayBuffer> | string, filename = 'logo.png', type = 'image/png'): FormData {
  const data = new FormData()
  data.append('logo', new Blob([bytes], { type }), filename)
  return data
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', body, headers })
}

describe('multipartBody', () => {
  it('accepts a small file and hands it to the handler', async () => {
    const response = await post('/upload', form('hello, logo'))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ size: 11, originalFilename: 'logo.png', mimetype: 'image/png', text: 'hello, logo' })
  })

  it('accepts a file of exactly the limit', async () => {
    const response = await post('/upload', form(new Uint8Array(MAX_FILE_SIZE).fill(0x61)))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ size: MAX_FILE_SIZE })
  })

  it('refuses a file over the limit with 413 and the given message', async () => {
    const response = await post('/upload', form(new Uint8Array(MAX_FILE_SIZE + 1)))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: TOO_LARGE })
    expect(seenPaths).toEqual([])
  })

  it('refuses a much larger file with 413 as well', async () => {
    const response = await post('/upload', form(new Uint8Array(1024 * 1024)))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: TOO_LARGE })
  })

  it('refuses more files than allowed with 400 naming the field, not as too large', async () => {
    const data = form('one')
    data.append('logo', new Blob(['two'], { type: 'image/png' }), 'second.png')
    const response = await post('/upload', data)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Send one file at most: a "logo" file' })
  })

  it('refuses a body that is not multipart with 415', async () => {
    const json = await post('/upload', JSON.stringify({ logo: 'data:image/png;base64,AAAA' }), { 'content-type': 'application/json' })
    expect(json.status).toBe(415)
    expect(await json.json()).toEqual({ message: 'Send multipart/form-data with a "logo" file' })
    const raw = await post('/upload', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { 'content-type': 'image/png' })
    expect(raw.status).toBe(415)
  })

  it('deletes the temporary file once the handler is done', async () => {
    const response = await post('/upload', form('short-lived'))
    expect(response.status).toBe(200)
    expect(seenPaths).toHaveLength(1)
    for (const path of seenPaths) expect(existsSync(path), path).toBe(false)
  })

  it('deletes the temporary file when the handler fails', async () => {
    const response = await post('/upload-then-fail', form('short-lived'))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: 'Internal server error' })
    expect(seenPaths).toHaveLength(1)
    for (const path of seenPaths) expect(existsSync(path), path).toBe(false)
  })

  it('refuses a text field PostgreSQL could not store with 400 naming it, before the handler', async () => {
    const data = form('fine')
    data.append('complexity', 'mini\0mal')
    const response = await post('/upload', data)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'complexity: contains a character that cannot be stored (NUL or an unpaired surrogate)',
    })
    expect(seenPaths).toEqual([])
  })
})

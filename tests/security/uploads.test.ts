// Issue 13: hostile files at calculator generation (POST /api/calculator/analyze-document…): too
// large (the gateway answers 413 without reading the rest), the wrong type under a .pdf name, a PDF
// carrying JavaScript and XXE, DOCX files declaring external entities (never resolved: neither the
// local file nor the URL is read), a zip bomb with lying sizes, encrypted, truncated and empty PDFs,
// and a file name with path traversal and NUL. Every answer is JSON with a message; the stack keeps
// answering. The heavy concurrent bombs are tests/security/upload-bombs.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_TOO_LARGE_MESSAGE } from '../../packages/documents/src/document-error.ts'
import {
  buildElfExecutable,
  buildLyingDocx,
  buildPdf,
  buildPngStart,
  buildWorkbookZip,
} from '../../packages/documents/src/test-documents.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'
import { SECURITY_STACK_ENV, makePro, signUp, type Actor } from './support/actors.ts'
import { buildHostilePdf, startRecorder, xxeDocxes, type Recorder } from './support/hostile-documents.ts'
import { multipartBody, rawRequest } from './support/raw-http.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const samplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/samples/documents')
const ENCRYPTED_SAMPLE = join(samplesDir, 'za-government-tender-bulletin-3102-encrypted.pdf')
const haveSample = existsSync(ENCRYPTED_SAMPLE)
if (!haveSample && process.env.CI === 'true') throw new Error(`The encrypted sample is missing at ${ENCRYPTED_SAMPLE}`)

const LINES = [
  'Proposal: support desk automation for Acme AB',
  'Your team of 12 agents spends 15 hours per week each on ticket triage.',
  'Our consultants bill $150 / hour; automation reduces manual triage time by 40%.',
]
const MB = 1024 * 1024
const ANALYZE = '/api/calculator/analyze-document'

interface Answer {
  status: number
  text: string
  message: string | undefined
}

describe.each(kinds)('hostile uploads (%s)', (kind) => {
  let stack: TestStack
  let user: Actor
  let recorder: Recorder
  let secretDir: string
  let secretPath: string
  let secret: string

  beforeAll(async () => {
    recorder = await startRecorder()
    secretDir = await mkdtemp(join(tmpdir(), 'valueproof-xxe-'))
    secretPath = join(secretDir, 'secret.txt')
    secret = `XXE-SECRET-${randomBytes(8).toString('hex')}`
    await writeFile(secretPath, secret)
    stack = await startTestStack(kind, SECURITY_STACK_ENV)
    user = await signUp(stack, 'uploads')
    await makePro(stack, user.id)
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
    await recorder?.close()
    await rm(secretDir, { recursive: true, force: true })
  })

  const headers = () => ({ cookie: `vp_session=${user.client.sessionCookie ?? ''}`, origin: new URL(stack.url).origin })

  async function upload(bytes: Uint8Array, filename: string, path = ANALYZE, type = 'application/octet-stream'): Promise<Answer> {
    const fields: Record<string, string> =
      path === ANALYZE ? { complexity: 'minimal', language: 'en', currency: 'USD' } : { language: 'en', currency: 'USD' }
    const { body, contentType } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename, type, data: bytes },
    ])
    const answer = await rawRequest(stack.url, { method: 'POST', path, headers: { ...headers(), 'content-type': contentType }, body })
    expect(answer.headers['content-type'], answer.text.slice(0, 200)).toMatch(/^application\/json/)
    const parsed = JSON.parse(answer.text) as { message?: unknown }
    return { status: answer.status, text: answer.text, message: typeof parsed.message === 'string' ? parsed.message : undefined }
  }

  /** A refusal: 4xx, a JSON message, and none of the secret or the recorder's reply in it. */
  function expectRefusal(answer: Answer, status: number, message?: RegExp): void {
    expect(answer.status, answer.text.slice(0, 300)).toBe(status)
    expect(answer.message).toEqual(expect.any(String))
    if (message) expect(answer.message).toMatch(message)
    expect(answer.text).not.toContain(secret)
    expect(answer.text).not.toContain('RECORDER-WAS-READ')
  }

  it('control: a plain PDF is analyzed', async () => {
    const answer = await upload(buildPdf([{ lines: LINES }]), 'proposal.pdf', ANALYZE, 'application/pdf')
    expect(answer.status, answer.text.slice(0, 300)).toBe(200)
    expect(answer.text).toContain('15 hours per week')
  })

  it.each([ANALYZE, '/api/calculator/analyze-document-for-value'])('%s refuses a 51 MB file with 413 and SPEC’s message', async (path) => {
    const big = new Uint8Array(51 * MB)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    expectRefusal(await upload(big, 'big.pdf', path), 413, new RegExp(`^${FILE_TOO_LARGE_MESSAGE.replace(/\./g, '\\.')}$`))
  })

  it('answers a declared 51 MB upload with 413 after 1 MB of it: the gateway does not wait for the rest', async () => {
    const { body: head, contentType } = multipartBody([{ name: 'complexity', value: 'minimal' }])
    const answer = await new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
      const url = new URL(stack.url)
      const outgoing = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: ANALYZE,
        headers: { ...headers(), 'content-type': contentType, 'content-length': String(51 * MB) },
      })
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          resolvePromise({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') })
          outgoing.destroy()
        })
      })
      outgoing.on('error', (error) => {
        if (!outgoing.destroyed) reject(error)
      })
      // The rest is never sent: only an answer that does not wait for it ends this test.
      outgoing.write(head.subarray(0, head.length - 4))
      outgoing.write(Buffer.alloc(MB))
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.text)).toEqual({ message: FILE_TOO_LARGE_MESSAGE })
  })

  it('stops an endless chunked upload with 413 once it passes the limit', async () => {
    const { body: head, contentType } = multipartBody([{ name: 'complexity', value: 'minimal' }])
    const url = new URL(stack.url)
    let sent = 0
    const status = await new Promise<number>((resolvePromise, reject) => {
      let answered = false
      const outgoing = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: ANALYZE,
        headers: { ...headers(), 'content-type': contentType },
      })
      outgoing.on('response', (response) => {
        answered = true
        response.resume()
        resolvePromise(response.statusCode ?? 0)
        outgoing.destroy()
      })
      outgoing.on('error', (error) => {
        if (!answered) reject(error)
      })
      const chunk = Buffer.alloc(MB)
      const pump = () => {
        // At most 1 GB: an answer must come long before (the limit is 50 MB).
        while (!answered && sent < 1024 * MB) {
          sent += chunk.length
          if (!outgoing.write(chunk)) {
            outgoing.once('drain', pump)
            return
          }
        }
      }
      outgoing.write(head.subarray(0, head.length - 4))
      pump()
    })
    expect(status).toBe(413)
    expect(sent).toBeLessThan(1024 * MB)
  })

  it.each([
    ['an HTML page with script', new TextEncoder().encode('<!doctype html><script>alert(1)</script><p>Proposal</p>')],
    ['a PNG image', buildPngStart()],
    ['a Linux executable', buildElfExecutable()],
    ['a spreadsheet zip', buildWorkbookZip()],
    ['a %PDF marker after the first kilobyte', new TextEncoder().encode(`${'x'.repeat(2048)}%PDF-1.7\n`)],
  ])('refuses %s named .pdf with 415', async (_name, bytes) => {
    expectRefusal(await upload(bytes, 'proposal.pdf', ANALYZE, 'application/pdf'), 415, /Only PDF and DOCX/)
  })

  it('reads only the text of a PDF carrying JavaScript, a link and XXE in its XML: nothing runs, nothing is fetched or read', async () => {
    const pdf = buildHostilePdf({ lines: LINES, secretPath, recorderUrl: recorder.url })
    const answer = await upload(pdf, 'scripted.pdf', ANALYZE, 'application/pdf')
    expect(answer.status, answer.text.slice(0, 300)).toBe(200)
    expect(answer.text).toContain('15 hours per week')
    for (const leaked of [secret, 'RECORDER-WAS-READ', 'launchURL', 'submitForm', recorder.url]) expect(answer.text).not.toContain(leaked)
    expect(recorder.hits).toEqual([])
  })

  it('never resolves an external entity of a DOCX: refused, the file and URL never read', async () => {
    const documents = xxeDocxes({ secretPath, recorderUrl: recorder.url, text: LINES[1] ?? '' })
    expect(documents).toHaveLength(5)
    for (const [name, docx] of documents) {
      const answer = await upload(docx, 'proposal.docx')
      expect(answer.status, `${name}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, name).toBeLessThan(500)
      expectRefusal(answer, answer.status)
    }
    expect(recorder.hits).toEqual([])
  })

  it('refuses a zip bomb whose headers lie about the sizes with 422', async () => {
    expectRefusal(await upload(buildLyingDocx(), 'lying.docx'), 422, /would expand to more than/)
  })

  it('refuses a PDF with a user password with 422 and says so', async () => {
    const locked = buildPdf([{ lines: LINES }], { userPassword: `pw-${randomBytes(4).toString('hex')}` })
    expectRefusal(await upload(locked, 'locked.pdf'), 422, /password-protected/)
  })

  it.skipIf(!haveSample)('opens the encrypted sample (RC4, empty user password) as a reader would, reading only its text', async () => {
    const answer = await upload(new Uint8Array(readFileSync(ENCRYPTED_SAMPLE)), 'tender.pdf', ANALYZE, 'application/pdf')
    expect(answer.status, answer.text.slice(0, 300)).toBe(200)
    expect(answer.text).toMatch(/Tender Bulletin/i)
  })

  it('refuses a truncated PDF and an empty file with 422 and what to do', async () => {
    const pdf = buildPdf([{ lines: LINES }])
    expectRefusal(await upload(pdf.slice(0, Math.floor(pdf.length / 3)), 'truncated.pdf'), 422, /damaged|incomplete/)
    expectRefusal(await upload(new Uint8Array(0), 'empty.pdf'), 422, /no text|empty/i)
  })

  it('writes nothing where a file name with path traversal and NUL points, and keeps neither in its answer', async () => {
    const marker = `valueproof-traversal-${randomBytes(6).toString('hex')}`
    const names = [`../../../../../../../../tmp/${marker}\u0000.pdf`, `..\\..\\..\\..\\tmp\\${marker}.pdf`, `/tmp/${marker}.pdf`]
    for (const filename of names) {
      const answer = await upload(buildPdf([{ lines: LINES }]), filename, ANALYZE, 'application/pdf')
      expect([200, 400], answer.text.slice(0, 300)).toContain(answer.status)
      // JSON writes U+0000 as an escape: look for both forms.
      expect(answer.text).not.toContain('\\u0000')
      expect(answer.text).not.toContain('\u0000')
    }
    expect(readdirSync(tmpdir()).filter((entry) => entry.includes(marker))).toEqual([])
    expect(readdirSync(stack.dataDir, { recursive: true }).filter((entry) => String(entry).includes(marker))).toEqual([])
  })

  it('keeps answering after all of it', async () => {
    expect((await user.client.get('/api/user')).status).toBe(200)
    const answer = await upload(buildPdf([{ lines: LINES }]), 'after.pdf', ANALYZE, 'application/pdf')
    expect(answer.status).toBe(200)
  })
})

// Every request gets an answer: when the calculator service is killed (-9) while 30 uploads stream
// through the gateway, each client gets an HTTP answer with a JSON message within a bound — the ones
// the service finished with their calculator, the others 502/503 — and the product serves again
// once the service is back.
import { readFile } from 'node:fs/promises'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { startProcessStack, type ProcessStack } from './support/processes.ts'

const SAMPLE = new URL('../../../shared/samples/documents/reynolds-transition-services-agreement.pdf', import.meta.url)
const UPLOADS = 30
/** Longest a client may wait for its answer after the kill (the gateway's bound is far shorter; this is the test's patience). */
const ANSWER_BOUND_MS = 15_000

/** The body in 32 KB pieces, one every 40 ms (about 0.5 s for the sample): an upload over a slow link. */
function trickle(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.length) {
        controller.close()
        return
      }
      await new Promise((done) => setTimeout(done, 40))
      controller.enqueue(bytes.subarray(offset, offset + 32 * 1024))
      offset += 32 * 1024
    },
  })
}

interface Outcome {
  status: number | 'no answer'
  message?: string
  /** When the answer came, relative to the kill (negative: before it). */
  atMs: number
}

/** The gateway's GENERATION_TIMEOUT_MS here: how long it waits for a service that hangs. */
const HUNG_BOUND_MS = 4000

const real = await needs('postgres', 'nats', 'minio')

describe.runIf(real)('kill -9 of the calculator service during 30 concurrent uploads', () => {
  let stack: ProcessStack
  let client: ApiClient
  beforeAll(async () => {
    stack = await startProcessStack({ calculator: { DOCUMENT_WORKERS: '1' }, gateway: { GENERATION_TIMEOUT_MS: String(HUNG_BOUND_MS) } })
    client = new ApiClient(stack.url)
    const registered = await client.post('/api/register', { username: uniqueUsername('death'), password: GOOD_PASSWORD })
    expect(registered.status).toBe(201)
  }, 120_000)
  afterAll(async () => {
    await stack?.close()
  })

  it('answers every upload within the bound, and serves again after the restart', async () => {
    const pdf = await readFile(SAMPLE)
    let killedAt = Number.POSITIVE_INFINITY
    const upload = async (slowly: boolean): Promise<Outcome> => {
      const form = new FormData()
      form.append('complexity', 'balanced')
      form.append('language', 'en')
      form.append('currency', 'USD')
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'agreement.pdf')
      const encoded = new Response(form)
      const contentType = encoded.headers.get('content-type') ?? ''
      const bytes = new Uint8Array(await encoded.arrayBuffer())
      try {
        const response = await client.request('POST', '/api/calculator/analyze-document', {
          body: slowly ? trickle(bytes) : bytes,
          headers: { 'content-type': contentType },
          ...(slowly ? { duplex: 'half' } : {}),
        })
        const text = await response.text()
        let message: string | undefined
        try {
          message = (JSON.parse(text) as { message?: string }).message
        } catch {
          message = undefined
        }
        return { status: response.status, ...(message !== undefined ? { message } : {}), atMs: performance.now() - killedAt }
      } catch {
        return { status: 'no answer', atMs: performance.now() - killedAt }
      }
    }
    // Half stream their body slowly: they are still uploading when the service dies.
    const uploads = Array.from({ length: UPLOADS }, (_, index) => upload(index % 2 === 0))
    // Kill once the service is busy with them (its first answers are about to come).
    await new Promise((done) => setTimeout(done, 400))
    killedAt = performance.now()
    stack.processes.calculator.child.kill('SIGKILL')
    const outcomes = await Promise.all(uploads)

    const summary = outcomes.map((outcome) => `${outcome.status}@${Math.round(outcome.atMs)}ms`).join(' ')
    for (const outcome of outcomes) {
      expect(outcome.status, summary).not.toBe('no answer')
      expect([200, 502, 503], summary).toContain(outcome.status)
      if (outcome.status !== 200) expect(outcome.message, summary).toMatch(/calculator service is unavailable/)
      expect(outcome.atMs, summary).toBeLessThan(ANSWER_BOUND_MS)
    }
    // The kill must have hit uploads in flight, or the test proves nothing.
    expect(
      outcomes.some((outcome) => outcome.status !== 200),
      summary,
    ).toBe(true)

    await stack.restart('calculator')
    const again = await upload(false)
    expect(again.status).toBe(200)
  }, 180_000)

  it('answers 504 with a message when the service hangs (SIGSTOP), within GENERATION_TIMEOUT_MS', async () => {
    const { child } = stack.processes.calculator
    child.kill('SIGSTOP')
    try {
      const started = performance.now()
      const response = await client.post('/api/calculator/generate-value', {
        text: 'Consulting at 150 USD per hour saves 10 hours a week.',
      })
      const waitedMs = performance.now() - started
      expect(response.status).toBe(504)
      expect(((await response.json()) as { message: string }).message).toBe(
        'The calculator service did not answer in time. Please try again.',
      )
      expect(waitedMs).toBeGreaterThanOrEqual(HUNG_BOUND_MS - 50)
      expect(waitedMs).toBeLessThan(HUNG_BOUND_MS + ANSWER_BOUND_MS)
      // Other services keep answering meanwhile.
      expect((await client.get('/api/user')).status).toBe(200)
    } finally {
      child.kill('SIGCONT')
    }
  }, 60_000)
})

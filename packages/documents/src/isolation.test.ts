// One hostile file must neither stall nor crash the process: each document is parsed in a worker
// thread with a time and memory limit, and a worker that is stopped or dies is replaced.
import { describe, expect, it } from 'vitest'
import { DocumentError, createDocumentExtractor, type DocumentExtractor } from './index.ts'
import { buildDocx, buildLongPdf, buildPdf, paragraph } from './test-documents.ts'

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  )
}

async function using(extractor: DocumentExtractor, test: () => Promise<void>): Promise<void> {
  try {
    await test()
  } finally {
    await extractor.close()
  }
}

const smallPdf = (): Uint8Array => buildPdf([{ lines: ['Still working'] }])

describe('document extractor isolation', () => {
  it('stops a document past its time limit, answers timeout, and reads the next one on a fresh worker', async () => {
    // 8000 pages take pdf.js many seconds; the limit stops it after 3.
    const extractor = createDocumentExtractor({ workers: 1, timeLimitMs: 3000 })
    await using(extractor, async () => {
      const error = await rejection(extractor.extract(buildLongPdf(8000)))
      expect(error).toBeInstanceOf(DocumentError)
      expect(error).toMatchObject({ code: 'timeout', status: 422 })
      expect(error).toHaveProperty('message', expect.stringMatching(/longer than 3 seconds/))
      expect((await extractor.extract(smallPdf())).pages).toEqual([{ page: 1, text: 'Still working' }])
    })
  }, 30_000)

  it('answers too_complex when a worker runs out of memory, and reads the next document on a fresh one', async () => {
    const extractor = createDocumentExtractor({ workers: 1, memoryLimitMb: 64 })
    await using(extractor, async () => {
      // About 8 MB of WordprocessingML: mammoth's document tree needs several hundred MB.
      const body = Array.from({ length: 100_000 }, (_, i) => paragraph(`Row ${i} costs ${(i * 7919) % 100_000} USD`))
      const error = await rejection(extractor.extract(buildDocx(body.join(''))))
      expect(error).toMatchObject({ code: 'too_complex', status: 422 })
      expect((await extractor.extract(buildDocx(paragraph('Still working')))).pages).toEqual([{ page: 1, text: 'Still working' }])
    })
  }, 60_000)

  it('keeps the main event loop running while a large document is parsed, and never loads pdf.js here', async () => {
    const extractor = createDocumentExtractor({ workers: 1 })
    await using(extractor, async () => {
      let ticks = 0
      const interval = setInterval(() => ticks++, 5)
      try {
        const document = await extractor.extract(buildLongPdf(400))
        expect(document.pageCount).toBe(400)
        // Counted before any timer could run after the answer: ticks happened during the parse.
        expect(ticks).toBeGreaterThan(0)
      } finally {
        clearInterval(interval)
      }
      expect(globalThis).not.toHaveProperty('pdfjsLib')
    })
  }, 60_000)

  it('rejects an aborted running document with the reason and frees its worker for the queue', async () => {
    const extractor = createDocumentExtractor({ workers: 1 })
    await using(extractor, async () => {
      const controller = new AbortController()
      const running = extractor.extract(buildLongPdf(8000), { signal: controller.signal })
      const queued = extractor.extract(smallPdf())
      controller.abort(new Error('upload cancelled'))
      expect(await rejection(running)).toHaveProperty('message', 'upload cancelled')
      expect((await queued).pages).toEqual([{ page: 1, text: 'Still working' }])
    })
  }, 30_000)

  it('rejects an aborted queued document without touching the running one', async () => {
    const extractor = createDocumentExtractor({ workers: 1 })
    await using(extractor, async () => {
      const running = extractor.extract(buildLongPdf(20))
      const controller = new AbortController()
      const queued = extractor.extract(smallPdf(), { signal: controller.signal })
      controller.abort()
      expect(await rejection(queued)).toHaveProperty('name', 'AbortError')
      expect((await running).pageCount).toBe(20)
      await expect(extractor.extract(smallPdf(), { signal: AbortSignal.abort() })).rejects.toHaveProperty('name', 'AbortError')
    })
  })

  it('answers busy (503) when the queue is full, and rejects what is pending on close', async () => {
    const extractor = createDocumentExtractor({ workers: 1, maxQueued: 1 })
    const running = rejection(extractor.extract(buildLongPdf(8000)))
    const queued = rejection(extractor.extract(smallPdf()))
    const busy = await rejection(extractor.extract(smallPdf()))
    expect(busy).toMatchObject({ code: 'busy', status: 503 })
    await extractor.close()
    expect(await running).toHaveProperty('message', 'The document extractor is closed')
    expect(await queued).toHaveProperty('message', 'The document extractor is closed')
    await expect(extractor.extract(smallPdf())).rejects.toThrow('The document extractor is closed')
  })
})

// The built-in analyzer runs on worker threads (decision 061): the same calculators as the analysis
// on this thread, the event loop free meanwhile, and the pool's failures as clear analysis errors.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDocumentExtractor } from '@valueproof/documents'
import { afterAll, describe, expect, it } from 'vitest'
import { AnalysisError, analysisStatus, GENERATION_COMPLEXITIES, type AnalysisInput, type TextPage } from '../types.ts'
import { analyze as buildCalculator } from '@valueproof/analyzer'
import { honestyProblems } from '../honesty.ts'
import { createBuiltinAnalyzer, type BuiltinAnalyzer } from './builtin-analyzer.ts'

const LARGE_SAMPLE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../../shared/samples/documents/reynolds-transition-services-agreement.pdf',
)

const PROPOSAL_TEXT = [
  'Our consultants cost $150 / hour. The project fee is $14,000.',
  'Your team of 12 agents spends 10 hours per week each on manual ticket triage, which we save.',
  'Licences are $15 per user per month.',
].join('\n')

/** A long document: every page with its own figures, so the analysis has work on each. */
function longDocument(pageCount: number): TextPage[] {
  return Array.from({ length: pageCount }, (_, index) => ({
    page: index + 1,
    text: `Section ${index + 1}\n${PROPOSAL_TEXT}\nItem ${index} costs $${(index * 7919) % 10_000} per month.`,
  }))
}

function input(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    kind: 'document',
    pages: [{ page: 1, text: PROPOSAL_TEXT }],
    complexity: 'advanced',
    language: 'en',
    currency: 'USD',
    fileName: 'proposal.pdf',
    ...overrides,
  }
}

async function rejection(promise: Promise<unknown>): Promise<AnalysisError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof AnalysisError)) throw new Error(`expected an AnalysisError, got ${String(error)}`)
  return error
}

async function using(analyzer: BuiltinAnalyzer, test: () => Promise<void>): Promise<void> {
  try {
    await test()
  } finally {
    await analyzer.close()
  }
}

const analyzer = createBuiltinAnalyzer()
afterAll(() => analyzer.close())

describe('the built-in analyzer on worker threads', () => {
  it.each(GENERATION_COMPLEXITIES)('%s: gives exactly the calculator of the analysis on this thread, every time', async (complexity) => {
    const inputs = [
      input({ complexity }),
      input({ complexity, kind: 'description', fileName: undefined }),
      input({
        complexity,
        language: 'sv',
        currency: 'SEK',
        pages: [{ page: 1, text: 'Vi hanterar 2 500 fakturor per månad åt er. Timkostnaden är 450 kr/timme.' }],
      }),
      input({ complexity, pages: longDocument(60) }),
    ]
    for (const each of inputs) {
      const here = buildCalculator(each)
      const analysis = await analyzer.analyze(each)
      expect(analysis.calculatorData).toStrictEqual(here)
      // The honesty checks run on the worker too, with the same findings as on this thread.
      expect(analysis).toMatchObject({ analyzer: 'builtin', honesty: honestyProblems(here, each) })
      expect((await analyzer.analyze(each)).calculatorData).toStrictEqual(here)
    }
  })

  it.skipIf(!existsSync(LARGE_SAMPLE))(
    'gives the 52-page sample the same calculator as the analysis on this thread',
    async () => {
      const extractor = createDocumentExtractor({ workers: 1 })
      try {
        const document = await extractor.extract(readFileSync(LARGE_SAMPLE))
        const sample = input({ pages: document.pages, fileName: 'reynolds-transition-services-agreement.pdf' })
        expect((await analyzer.analyze(sample)).calculatorData).toStrictEqual(buildCalculator(sample))
      } finally {
        await extractor.close()
      }
    },
    30_000,
  )

  it('keeps the event loop running while a long document is analysed', async () => {
    await analyzer.analyze(input())
    let ticks = 0
    const interval = setInterval(() => ticks++, 5)
    try {
      const { calculatorData: calculator } = await analyzer.analyze(input({ pages: longDocument(3000) }))
      // Counted before any timer could run after the answer: ticks happened during the analysis.
      expect(ticks).toBeGreaterThan(0)
      expect(calculator.parameters.length).toBeGreaterThan(0)
    } finally {
      clearInterval(interval)
    }
  }, 30_000)

  it('answers timeout (504) with what to do when an analysis runs past its time limit', async () => {
    // 20,000 pages take the analysis seconds; the limit stops it after half a second.
    const limited = createBuiltinAnalyzer({ workers: 1, timeLimitMs: 500 })
    await using(limited, async () => {
      const error = await rejection(limited.analyze(input({ pages: longDocument(20_000) })))
      expect(error).toMatchObject({ code: 'timeout' })
      expect(analysisStatus(error)).toBe(504)
      expect(error.message).toMatch(/^Analysing this document took longer than 0\.5 seconds, so it was stopped\. Upload a shorter version/)
    })
  }, 30_000)

  it('answers too_complex (422) when an analysis runs out of its heap, and analyses the next input on a fresh worker', async () => {
    const limited = createBuiltinAnalyzer({ workers: 1, memoryLimitMb: 32 })
    await using(limited, async () => {
      expect((await limited.analyze(input())).calculatorData).toStrictEqual(buildCalculator(input()))
      const error = await rejection(limited.analyze(input({ pages: longDocument(20_000) })))
      expect(error).toMatchObject({ code: 'too_complex' })
      expect(analysisStatus(error)).toBe(422)
      expect(error.message).toMatch(/^Analysing this document needs more memory than one generation may use/)
      expect((await limited.analyze(input())).calculatorData).toStrictEqual(buildCalculator(input()))
    })
  }, 30_000)

  it('answers busy (503) when the queue is full, and rejects what is pending on close', async () => {
    const limited = createBuiltinAnalyzer({ workers: 1, maxQueued: 1 })
    const running = limited.analyze(input({ pages: longDocument(20_000) })).catch((error: unknown) => error)
    const queued = limited.analyze(input()).catch((error: unknown) => error)
    const busy = await rejection(limited.analyze(input({ kind: 'description' })))
    expect(busy).toMatchObject({ code: 'busy', message: 'Too many calculators are being generated right now. Try again in a minute.' })
    expect(analysisStatus(busy)).toBe(503)
    await limited.close()
    expect(await running).toHaveProperty('message', 'The built-in analysis failed: The worker pool is closed')
    expect(await queued).toHaveProperty('message', 'The built-in analysis failed: The worker pool is closed')
  }, 30_000)

  it('stops a running analysis when its signal is aborted (the client went away)', async () => {
    const limited = createBuiltinAnalyzer({ workers: 1 })
    await using(limited, async () => {
      const controller = new AbortController()
      const running = rejection(limited.analyze(input({ pages: longDocument(20_000) }), controller.signal))
      setTimeout(() => controller.abort(new Error('The client closed the connection')), 100)
      const error = await running
      expect(error).toMatchObject({ code: 'timeout', message: 'The analysis was stopped before it finished' })
      expect((await limited.analyze(input())).calculatorData).toStrictEqual(buildCalculator(input()))
    })
  }, 30_000)
})

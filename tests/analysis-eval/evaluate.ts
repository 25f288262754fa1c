// Runs the labelled set through an analyzer, in this process: descriptions as written (complexity
// 'advanced'), documents extracted as the upload route extracts them (@valueproof/documents, each
// once per run) and analysed as 'advanced' and as 'value'. The analyzer is a parameter (the
// built-in one by default), so another analyzer's calculators can be scored the same way.
import { readFileSync } from 'node:fs'
import { analyze, type AnalysisInput, type TextPage } from '@valueproof/analyzer'
import { createDocumentExtractor, type DocumentExtractor } from '@valueproof/documents'
import type { CalculatorData } from '@valueproof/formula'
import {
  documentCases,
  loadDescriptionCases,
  type DescriptionCase,
  type DocumentCase,
  type EvalCase,
  type SplitName,
} from './cases/index.ts'
import {
  distinctCalculators,
  scoreDescription,
  scoreDocumentRun,
  type DescriptionScore,
  type DocumentScore,
  type Outcome,
} from './score.ts'
import { quotesOtherCurrency } from './text-currencies.ts'

export type AnalyzeCase = (input: AnalysisInput) => CalculatorData | Promise<CalculatorData>

export interface EvaluationOptions {
  /** Only cases whose id contains one of these (all when empty). */
  readonly filters?: readonly string[]
  /** Only cases on these sides of the split (both when absent). */
  readonly splits?: readonly SplitName[]
  readonly analyzeCase?: AnalyzeCase
}

export interface EvaluationRun {
  readonly descriptions: readonly DescriptionScore[]
  readonly documents: readonly DocumentScore[]
  readonly seconds: number
}

/** The OCR of the scanned sample takes about 40 s alone on a shared 2-core machine. */
const EXTRACTION_TIME_LIMIT_MS = 300_000
/** Two documents at a time: the extractor's two workers. */
const EXTRACTION_CONCURRENCY = 2

const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

export function selectCases<T extends EvalCase>(cases: readonly T[], options: EvaluationOptions): T[] {
  const filters = options.filters ?? []
  return cases.filter(
    (evalCase) =>
      (filters.length === 0 || filters.some((filter) => evalCase.id.includes(filter))) &&
      (options.splits === undefined || options.splits.includes(evalCase.split)),
  )
}

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, score: await run() }
  } catch (error) {
    return { ok: false, error: errorText(error) }
  }
}

async function scoreDescriptionCase(evalCase: DescriptionCase, analyzeCase: AnalyzeCase): Promise<DescriptionScore> {
  const input: AnalysisInput = {
    kind: 'description',
    pages: [{ page: 1, text: evalCase.text }],
    complexity: 'advanced',
    language: evalCase.language,
    currency: evalCase.currency,
  }
  return { evalCase, outcome: await attempt(async () => scoreDescription(evalCase, await analyzeCase(input))) }
}

async function scoreDocumentCase(evalCase: DocumentCase, extractor: DocumentExtractor, analyzeCase: AnalyzeCase): Promise<DocumentScore> {
  let pages: readonly TextPage[]
  try {
    pages = (await extractor.extract(new Uint8Array(readFileSync(evalCase.path)))).pages
  } catch (error) {
    return { evalCase, extractionError: errorText(error), advanced: undefined, value: undefined, valueDistinct: undefined }
  }
  const text = pages.map((page) => page.text).join('\n')
  const scored: DocumentCase = { ...evalCase, otherCurrency: quotesOtherCurrency(text, evalCase.currency) }
  const input = (complexity: 'advanced' | 'value'): AnalysisInput => ({
    kind: 'document',
    pages,
    complexity,
    language: evalCase.language,
    currency: evalCase.currency,
    fileName: evalCase.label.file,
  })
  let plain: CalculatorData | undefined
  let forValue: CalculatorData | undefined
  const advanced = await attempt(async () => scoreDocumentRun(evalCase.label, (plain = await analyzeCase(input('advanced')))))
  const value = await attempt(async () => scoreDocumentRun(evalCase.label, (forValue = await analyzeCase(input('value')))))
  return {
    evalCase: scored,
    extractionError: undefined,
    advanced,
    value,
    valueDistinct: plain === undefined || forValue === undefined ? undefined : distinctCalculators(plain, forValue),
  }
}

async function inOrderWithConcurrency<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next
      next += 1
      const item = items[index]
      if (item !== undefined) results[index] = await run(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export async function runEvaluation(options: EvaluationOptions = {}): Promise<EvaluationRun> {
  const started = performance.now()
  const analyzeCase = options.analyzeCase ?? analyze
  const descriptions: DescriptionScore[] = []
  for (const evalCase of selectCases(loadDescriptionCases(), options)) descriptions.push(await scoreDescriptionCase(evalCase, analyzeCase))
  const documentsToRun = selectCases(documentCases(), options)
  let documents: DocumentScore[] = []
  if (documentsToRun.length > 0) {
    const extractor = createDocumentExtractor({ timeLimitMs: EXTRACTION_TIME_LIMIT_MS, maxQueued: documentsToRun.length })
    try {
      documents = await inOrderWithConcurrency(documentsToRun, EXTRACTION_CONCURRENCY, (evalCase) =>
        scoreDocumentCase(evalCase, extractor, analyzeCase),
      )
    } finally {
      await extractor.close()
    }
  }
  return { descriptions, documents, seconds: (performance.now() - started) / 1000 }
}

// Runs the labelled set through the built-in analyzer, in this process: descriptions as typed,
// documents as the upload route extracts them (@valueproof/documents), then `inspectAnalysis` and
// the honesty checker, and scores every case. Shared by `npm run eval:analyzer` and the vitest test.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DocumentError, createDocumentExtractor, type DocumentExtractor } from '@valueproof/documents'
import type { AnalysisReport } from '../../services/calculator/src/analysis/builtin/analysis-report.ts'
import { inspectAnalysis } from '../../services/calculator/src/analysis/builtin/inspect.ts'
import type { AnalysisInput, TextPage } from '../../services/calculator/src/analysis/types.ts'
import { ALL_CASES, type DocumentCase, type EvalCase } from './cases/index.ts'
import { loadHonestyChecker, type HonestyChecker } from './honesty-adapter.ts'
import { failedScore, scoreCase, type CaseScore } from './score.ts'

export const SAMPLES_DIR = resolve(fileURLToPath(new URL('../..', import.meta.url)), '../shared/samples/documents')

export type CaseOutcome =
  | { readonly evalCase: EvalCase; readonly status: 'scored'; readonly score: CaseScore }
  | { readonly evalCase: EvalCase; readonly status: 'skipped'; readonly reason: string }

export interface EvaluationRun {
  readonly outcomes: readonly CaseOutcome[]
  /** Which honesty checker ran ('honesty.ts' or the adapter's 'fallback'). */
  readonly honestySource: HonestyChecker['source']
  readonly samplesAvailable: boolean
}

export interface EvaluationOptions {
  readonly cases?: readonly EvalCase[]
  readonly samplesDir?: string
}

type Pages = { readonly pages: readonly TextPage[] } | { readonly skip: string } | { readonly failed: string }

async function documentPages(extractor: DocumentExtractor, file: string): Promise<Pages> {
  try {
    const document = await extractor.extract(new Uint8Array(readFileSync(file)))
    if (document.pages.every((page) => page.text.trim() === '')) return { skip: 'the extracted document has no text (needs OCR)' }
    return { pages: document.pages }
  } catch (error) {
    if (error instanceof DocumentError && error.code === 'no_text') {
      return { skip: 'no text layer: the extractor gives no text (scanned; needs OCR, issue 14)' }
    }
    // The pipeline failed before the analyzer: the case fails (and says why) rather than the whole run.
    return { failed: `extraction failed: ${error instanceof Error ? error.message : String(error)}` }
  }
}

function inputOf(evalCase: EvalCase, pages: readonly TextPage[]): AnalysisInput {
  return {
    kind: evalCase.kind,
    pages,
    complexity: evalCase.complexity ?? 'advanced',
    language: evalCase.language,
    currency: evalCase.currency,
    ...(evalCase.kind === 'document' ? { fileName: evalCase.file } : {}),
  }
}

function analysed(input: AnalysisInput): AnalysisReport | Error {
  try {
    return inspectAnalysis(input)
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}

function scoreInput(evalCase: EvalCase, input: AnalysisInput, checker: HonestyChecker): CaseScore {
  const report = analysed(input)
  if (report instanceof Error) return failedScore(evalCase, report.message)
  return scoreCase(evalCase, input, report, checker.check(report.calculatorData, input))
}

export async function runEvaluation(options: EvaluationOptions = {}): Promise<EvaluationRun> {
  const cases = options.cases ?? ALL_CASES
  const samplesDir = options.samplesDir ?? SAMPLES_DIR
  const samplesAvailable = existsSync(samplesDir)
  const checker = await loadHonestyChecker()
  const documents = cases.filter((evalCase): evalCase is DocumentCase => evalCase.kind === 'document')
  const extractor = documents.length > 0 && samplesAvailable ? createDocumentExtractor() : undefined
  const outcomes: CaseOutcome[] = []
  try {
    for (const evalCase of cases) {
      if (evalCase.kind === 'description') {
        const input = inputOf(evalCase, [{ page: 1, text: evalCase.text }])
        outcomes.push({ evalCase, status: 'scored', score: scoreInput(evalCase, input, checker) })
        continue
      }
      if (extractor === undefined) {
        outcomes.push({ evalCase, status: 'skipped', reason: `the sample documents are not at ${samplesDir}` })
        continue
      }
      const pages = await documentPages(extractor, resolve(samplesDir, evalCase.file))
      if ('skip' in pages) outcomes.push({ evalCase, status: 'skipped', reason: pages.skip })
      else if ('failed' in pages) outcomes.push({ evalCase, status: 'scored', score: failedScore(evalCase, pages.failed) })
      else outcomes.push({ evalCase, status: 'scored', score: scoreInput(evalCase, inputOf(evalCase, pages.pages), checker) })
    }
  } finally {
    await extractor?.close()
  }
  return { outcomes, honestySource: checker.source, samplesAvailable }
}

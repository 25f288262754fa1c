// The honesty rules of issue 14 as the evaluation applies them. The rules belong to
// services/calculator/src/analysis/honesty.ts (`honestyProblems`), written alongside the analyzer;
// until that module exists this adapter falls back to the two rules the evaluation cannot do
// without (a quote that is not in the text, a default its quote does not state), so the metric
// keeps its meaning and the real checker plugs in without a change here.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CalculatorData } from '@valueproof/formula'
import type { AnalysisInput } from '../../services/calculator/src/analysis/types.ts'
import { amongNumbers, derivedFrom, statedNumbers, statesForeignCurrency } from './text-numbers.ts'

/** The rules of the honesty checker (its `rule` field). */
export type HonestyRule =
  | 'quote_not_in_text'
  | 'figure_not_in_quote'
  | 'assumption_replaces_stated'
  | 'false_no_figure'
  | 'currency_unlabelled'
  | 'implausible_result'

export interface HonestyFinding {
  readonly rule: HonestyRule | (string & {})
  /** The parameter it is about, when the checker names one. */
  readonly parameter?: string
  readonly message: string
}

export interface HonestyChecker {
  /** 'honesty.ts' (the service's checker) or 'fallback' (this file's two rules). */
  readonly source: 'honesty.ts' | 'fallback'
  check(data: CalculatorData, input: AnalysisInput): HonestyFinding[]
}

const CHECKER_FILE = fileURLToPath(new URL('../../services/calculator/src/analysis/honesty.ts', import.meta.url))

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const PARAMETER_PATH = /^parameters\[(\d+)\]/

/** The checker's problem, its path ("parameters[1].defaultValue") turned into the parameter's name. */
function asFinding(problem: unknown, data: CalculatorData): HonestyFinding {
  if (!isRecord(problem) || typeof problem.rule !== 'string') {
    throw new Error(`honestyProblems returned a problem without a rule: ${JSON.stringify(problem)}`)
  }
  const where = [problem.parameter, problem.path].find((field) => typeof field === 'string')
  const index = typeof where === 'string' ? PARAMETER_PATH.exec(where)?.[1] : undefined
  const named = index === undefined ? where : (data.parameters[Number(index)]?.name ?? where)
  const message = typeof problem.message === 'string' ? problem.message : problem.rule
  return { rule: problem.rule, ...(typeof named === 'string' ? { parameter: named } : {}), message }
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim()

function sourceText(input: AnalysisInput, page: number | undefined): string {
  const pages = page === undefined ? input.pages : input.pages.filter((candidate) => candidate.page === page)
  return normalise(pages.map((candidate) => candidate.text).join('\n'))
}

/** quote_not_in_text and figure_not_in_quote, for when the service's checker is not there yet. */
export function fallbackHonestyProblems(data: CalculatorData, input: AnalysisInput): HonestyFinding[] {
  const findings: HonestyFinding[] = []
  const foreign = statesForeignCurrency(sourceText(input, undefined))
  for (const parameter of data.parameters) {
    const { source, defaultValue } = parameter
    if (source === undefined || source.kind === 'assumption') continue
    const page = source.kind === 'document' ? source.page : undefined
    const quote = source.quote ?? ''
    if (quote === '' || !sourceText(input, page).includes(normalise(quote))) {
      findings.push({
        rule: 'quote_not_in_text',
        parameter: parameter.name,
        message: `quote not in the text: "${quote.slice(0, 60)}"`,
      })
      continue
    }
    if (defaultValue === undefined) continue
    const numbers = statedNumbers(quote)
    if (!amongNumbers(defaultValue, numbers, foreign) && !derivedFrom(defaultValue, numbers)) {
      findings.push({
        rule: 'figure_not_in_quote',
        parameter: parameter.name,
        message: `${defaultValue} is not in its quote "${quote.slice(0, 60)}"`,
      })
    }
  }
  return findings
}

/** The service's checker when honesty.ts exists and exports honestyProblems, else the fallback. */
export async function loadHonestyChecker(): Promise<HonestyChecker> {
  if (existsSync(CHECKER_FILE)) {
    // A computed specifier: the module may not exist yet, so the type checker must not resolve it.
    const loaded: unknown = await import(pathToFileURL(CHECKER_FILE).href)
    const honestyProblems: unknown = isRecord(loaded) ? loaded.honestyProblems : undefined
    if (typeof honestyProblems === 'function') {
      return {
        source: 'honesty.ts',
        check(data, input) {
          const problems: unknown = Reflect.apply(honestyProblems, undefined, [data, input])
          if (!Array.isArray(problems)) throw new Error('honestyProblems did not return an array')
          return problems.map((problem) => asFinding(problem, data))
        },
      }
    }
  }
  return { source: 'fallback', check: fallbackHonestyProblems }
}

import type { GenerationWarning } from '@valueproof/contracts'
import type { CalculatorData } from '@valueproof/formula'
import { HttpError, type Logger } from '@valueproof/http-kit'
import { AnalysisError, analysisStatus, type Analysis, type AnalysisInput, type Analyzer } from '../analysis/types.ts'
import type { PrismaClient, Tx } from '../db.ts'
import { recordCalculatorGenerated, type GenerationRecord } from '../events/outbox.ts'
import { generationWarnings } from './generation-warnings.ts'
import { assertCalculatorStorageLeft } from './storage.ts'
import { assertAllowanceLeft, countGeneration, currentAllowance, type Allowance } from './usage.ts'

export interface GenerationDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  analyzer: Analyzer
  now: () => Date
  logger: Logger
}

/** Keeps a new calculator inside the transaction that counts it; `numberInMonth` is its place in the month's count. */
export type KeepCalculator<Kept> = (tx: Tx, calculatorData: CalculatorData, numberInMonth: number) => Promise<Kept>

/**
 * A calculator that breaks the honesty rules is an analyzer's bug (docs/decisions/128): said loudly
 * in the log, by rule and path only (the problems quote the text, which never goes to the logs), and
 * still answered — with the problems as warnings the seller sees and confirms before sharing.
 */
export function reportDishonesty(logger: Pick<Logger, 'error'>, analysis: Analysis, input: AnalysisInput): void {
  if (analysis.honesty.length === 0) return
  logger.error(
    {
      analyzer: analysis.analyzer,
      inputKind: input.kind,
      complexity: input.complexity,
      rules: [...new Set(analysis.honesty.map((problem) => problem.rule))],
      paths: analysis.honesty.map((problem) => problem.path),
    },
    `the ${analysis.analyzer} analyzer's calculator breaks the honesty rules (a bug in the analyzer); answered with the problems as warnings for the seller`,
  )
}

/** An analyzer's failure as the answer the client reads (SPEC §8 shows its message). */
export function analysisFailure(error: AnalysisError): HttpError {
  return new HttpError(analysisStatus(error), error.code, error.message)
}

/**
 * Counts one new calculator against the allowance, records its event and keeps it, in one
 * transaction: nothing is kept without being counted, and nothing counted without being kept.
 */
export async function countAndKeep<Kept>(
  deps: Pick<GenerationDeps, 'prisma' | 'dbSchema'>,
  props: {
    userId: number
    allowance: Allowance
    calculatorData: CalculatorData
    event: Pick<GenerationRecord, 'complexity' | 'inputKind' | 'language' | 'currency' | 'analyzer' | 'generatedAt'>
    keep: KeepCalculator<Kept>
    /** What keeping it adds to the account's storage (its document and text), bytes (docs/decisions/120). */
    addsBytes?: number
  },
): Promise<Kept> {
  const { allowance } = props
  return deps.prisma.$transaction(async (tx) => {
    const calculatorsCreated = await countGeneration(tx, {
      userId: props.userId,
      month: allowance.month,
      plan: allowance.plan,
      limit: allowance.limit,
      dbSchema: deps.dbSchema,
    })
    // After the count: its row lock makes the account's generations queue, so the sum is theirs alone.
    await assertCalculatorStorageLeft(tx, {
      userId: props.userId,
      plan: allowance.plan,
      adding: props.addsBytes ?? 0,
      dbSchema: deps.dbSchema,
    })
    await recordCalculatorGenerated(tx, {
      ...props.event,
      userId: props.userId,
      usageMonth: allowance.month,
      calculatorsCreated,
      calculatorsLimit: allowance.limit,
    })
    return props.keep(tx, props.calculatorData, calculatorsCreated)
  })
}

/**
 * The analyzer's calculator for an input, with the complexity asked for and the warnings the seller
 * confirms before sharing. Counts nothing: a new calculator is counted by `generateCalculator`, and a
 * regenerate is not a new calculator (docs/decisions/129).
 */
export async function analyzeInput(
  deps: Pick<GenerationDeps, 'analyzer' | 'logger'>,
  input: AnalysisInput,
  signal: AbortSignal | undefined,
): Promise<{ calculatorData: CalculatorData; warnings: GenerationWarning[] }> {
  let analysis: Analysis
  try {
    analysis = await deps.analyzer.analyze(input, signal)
  } catch (error) {
    if (error instanceof AnalysisError) throw analysisFailure(error)
    throw error
  }
  reportDishonesty(deps.logger, analysis, input)
  const calculatorData: CalculatorData = { ...analysis.calculatorData, complexity: input.complexity }
  return { calculatorData, warnings: generationWarnings(calculatorData, analysis.honesty) }
}

/**
 * One generation: the allowance is checked first (no work for a user who has none left), the
 * analyzer runs, and only a calculator that came out is counted, together with its event, in one
 * transaction. A failed generation counts nothing.
 */
export async function generateCalculator<Kept = undefined>(
  deps: GenerationDeps,
  props: {
    userId: number
    input: AnalysisInput
    signal?: AbortSignal
    /** Keeps the calculator (docs/decisions/103) in the same transaction that counts it. */
    keep?: KeepCalculator<Kept>
    /** What keeping it adds to the account's storage, bytes: the document and its text, or the description. */
    addsBytes?: number
  },
): Promise<{ calculatorData: CalculatorData; kept: Kept | undefined; warnings: GenerationWarning[] }> {
  const startedAt = deps.now()
  const allowance = await currentAllowance(deps.prisma, props.userId, startedAt)
  assertAllowanceLeft(allowance)

  const { calculatorData: generated, warnings } = await analyzeInput(deps, props.input, props.signal)
  const { keep } = props
  const kept = await countAndKeep(deps, {
    userId: props.userId,
    allowance,
    calculatorData: generated,
    event: {
      complexity: props.input.complexity,
      inputKind: props.input.kind,
      language: props.input.language,
      currency: props.input.currency,
      analyzer: deps.analyzer.name,
      generatedAt: startedAt,
    },
    keep: async (tx, data, numberInMonth) => (keep === undefined ? undefined : keep(tx, data, numberInMonth)),
    ...(props.addsBytes === undefined ? {} : { addsBytes: props.addsBytes }),
  })
  return { calculatorData: generated, kept, warnings }
}

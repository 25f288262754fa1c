import type { CalculatorData } from '@valueproof/formula'
import { HttpError } from '@valueproof/service-kit'
import { AnalysisError, type AnalysisInput, type Analyzer } from '../analysis/types.ts'
import type { PrismaClient, Tx } from '../db.ts'
import { recordCalculatorGenerated } from '../events/outbox.ts'
import { assertAllowanceLeft, countGeneration, currentAllowance } from './usage.ts'

export interface GenerationDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  analyzer: Analyzer
  now: () => Date
}

/** An analyzer's failure as the answer the client reads (SPEC §8 shows its message). */
export function analysisFailure(error: AnalysisError): HttpError {
  return new HttpError(error.status, error.code, error.message)
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
    keep?: (tx: Tx, calculatorData: CalculatorData) => Promise<Kept>
  },
): Promise<{ calculatorData: CalculatorData; kept: Kept | undefined }> {
  const startedAt = deps.now()
  const allowance = await currentAllowance(deps.prisma, props.userId, startedAt)
  assertAllowanceLeft(allowance)

  let calculatorData: CalculatorData
  try {
    calculatorData = await deps.analyzer.analyze(props.input, props.signal)
  } catch (error) {
    if (error instanceof AnalysisError) throw analysisFailure(error)
    throw error
  }

  const generated: CalculatorData = { ...calculatorData, complexity: props.input.complexity }
  const kept = await deps.prisma.$transaction(async (tx) => {
    const calculatorsCreated = await countGeneration(tx, {
      userId: props.userId,
      month: allowance.month,
      plan: allowance.plan,
      limit: allowance.limit,
      dbSchema: deps.dbSchema,
    })
    await recordCalculatorGenerated(tx, {
      userId: props.userId,
      complexity: props.input.complexity,
      inputKind: props.input.kind,
      language: props.input.language,
      currency: props.input.currency,
      analyzer: deps.analyzer.name,
      usageMonth: allowance.month,
      calculatorsCreated,
      calculatorsLimit: allowance.limit,
      generatedAt: startedAt,
    })
    return props.keep === undefined ? undefined : props.keep(tx, generated)
  })
  return { calculatorData: generated, kept }
}

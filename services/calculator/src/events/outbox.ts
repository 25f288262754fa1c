import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { calculatorGenerated, encodeEvent, outboxRecord } from '@valueproof/event-bus'
import type { Tx } from '../db.ts'

export interface GenerationRecord {
  userId: number
  complexity: string
  inputKind: 'document' | 'description' | 'template'
  language: string
  currency: string
  analyzer: string
  usageMonth: string
  calculatorsCreated: number
  calculatorsLimit: number
  generatedAt: Date
}

/** Stored in the outbox inside the transaction that counted the generation; the relay publishes it after commit. */
export async function recordCalculatorGenerated(tx: Tx, generation: GenerationRecord): Promise<void> {
  const { generatedAt, ...fields } = generation
  await tx.outboxEvent.create({
    data: outboxRecord(encodeEvent(calculatorGenerated, { ...fields, generatedAt: timestampFromDate(generatedAt) })),
  })
}

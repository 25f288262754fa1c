// What an account's kept calculators may take (issue 34, docs/decisions/120): their uploaded
// documents (kept in object storage, their size in file_size), the documents' extracted text and
// the descriptions, in all at most the plan's ceiling. Counted when a calculator is kept, inside the
// transaction that counts its generation (whose row lock makes an account's generations queue).
import { CALCULATOR_STORAGE_LIMITS, storageSize, type Plan } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/event-bus'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, Tx } from '../db.ts'

export function calculatorStorageMessage(plan: Plan, limitBytes: number): string {
  return plan === 'pro'
    ? `Your calculators' documents and texts would take more than ${storageSize(limitBytes)}, the most the Pro plan keeps. Delete calculators you no longer need.`
    : `Your calculators' documents and texts would take more than ${storageSize(limitBytes)}, the most the Free plan keeps. Delete calculators you no longer need, or upgrade to Pro to keep up to ${storageSize(CALCULATOR_STORAGE_LIMITS.pro)}.`
}

/** Bytes the user's kept calculators take: documents, their text and descriptions (octet_length reads no stored text). */
export async function storedCalculatorBytes(
  db: PrismaClient | Tx,
  props: { userId: number; dbSchema: string | undefined },
): Promise<number> {
  const rows = await db.$queryRawUnsafe<Array<{ bytes: bigint | number | null }>>(
    `SELECT sum(coalesce(file_size, 0) + coalesce(octet_length(content), 0) + coalesce(octet_length(description), 0)) AS bytes
       FROM ${qualifiedTable('saved_calculator', props.dbSchema)} WHERE user_id = $1`,
    props.userId,
  )
  return Number(rows[0]?.bytes ?? 0)
}

/** 403 when the user's calculators, with `adding` more bytes, would pass their plan's ceiling (0: when they already fill it). */
export async function assertCalculatorStorageLeft(
  db: PrismaClient | Tx,
  props: { userId: number; plan: Plan; adding: number; dbSchema: string | undefined },
): Promise<void> {
  const limit = CALCULATOR_STORAGE_LIMITS[props.plan]
  const stored = await storedCalculatorBytes(db, props)
  if (props.adding === 0 ? stored >= limit : stored + props.adding > limit) {
    throw errors.forbidden(calculatorStorageMessage(props.plan, limit), 'calculator_storage_full')
  }
}

import { randomBytes } from 'node:crypto'
import {
  CALCULATOR_LIMITS,
  CALCULATOR_NOT_FOUND_MESSAGE,
  figureChoicesSchema,
  isSavedCalculatorId,
  LOCKED_CALCULATOR_MESSAGE,
  SAVED_INPUT_PREVIEW_LENGTH,
  type FigureChoicesKept,
  type Plan,
  type SavedCalculator,
  type SavedCalculatorInput,
  type UpdateSavedCalculatorBody,
} from '@valueproof/contracts'
import { calculatorDataSchema, createCalculator, type CalculatorData } from '@valueproof/formula'
import type { ObjectStore } from '@valueproof/object-store'
import { errors } from '@valueproof/http-kit'
import { Prisma, type PrismaClient, type Tx } from '../db.ts'
import type { AnalysisInput } from '../analysis/types.ts'
import { planOf, PRO_PLAN_REQUIRED } from './plan.ts'

/*
 * The calculators kept per account (docs/decisions/103): each carries its own input — the
 * description, or the uploaded document in object storage with its extracted text — and the values
 * the seller last set. Only the owner reaches one; any other id is "not found". On Free, those made
 * on Pro beyond the Free allowance of their month are locked (docs/decisions/105): listed with
 * their name, dates and source only, deletable, and opened again on Pro.
 */

type SavedRow = Prisma.SavedCalculatorGetPayload<object>

/** 16 random bytes, base64url: what the list and the routes use as the calculator's id. */
export function newCalculatorId(): string {
  return randomBytes(16).toString('base64url')
}

/** Where a calculator's uploaded document is kept (no user id in the key: ids are unguessable). */
export function documentKeyFor(calculatorId: string): string {
  return `calculator-documents/${calculatorId}`
}

/** The input a new calculator was generated from, as it is kept. */
export type StoredInput =
  | { kind: 'description'; description: string }
  /** Started from a template: its name heads the list entry, its words are what a proposal is written from. */
  | { kind: 'template'; templateName: string; words: string }
  | { kind: 'document'; documentKey: string; fileName: string | undefined; fileType: string; fileSize: number; content: string }

/** Made on Pro beyond the Free allowance of its month, while its owner is on Free. */
export function isLocked(row: Pick<SavedRow, 'numberInMonth'>, plan: Plan): boolean {
  return plan === 'free' && row.numberInMonth !== null && row.numberInMonth > CALCULATOR_LIMITS.free
}

function previewOf(row: SavedRow): string {
  if (row.inputKind === 'document') return row.fileName ?? 'Document'
  if (row.inputKind === 'template') return row.templateName ?? 'Template'
  return (row.description ?? '').slice(0, SAVED_INPUT_PREVIEW_LENGTH)
}

/** The list's view of a calculator; a locked one without its definition and values. */
/** The kept figure choices, or null when none (or when they no longer read: the panel starts from the text). */
function figuresOf(stored: Prisma.JsonValue | null): FigureChoicesKept | null {
  const parsed = figureChoicesSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}

export function presentSaved(row: SavedRow, locked = false): SavedCalculator {
  return {
    id: row.id,
    name: row.name,
    config: locked ? null : row.config,
    values: locked ? null : ((row.values as Record<string, number> | null) ?? null),
    locked,
    language: row.language as SavedCalculator['language'],
    currency: row.currency as SavedCalculator['currency'],
    complexity: row.complexity as SavedCalculator['complexity'],
    input: { kind: row.inputKind as SavedCalculator['input']['kind'], preview: previewOf(row), fileSize: row.fileSize },
    figures: locked ? null : figuresOf(row.figureChoices),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The columns that keep each kind of input. */
function inputColumns(input: StoredInput) {
  switch (input.kind) {
    case 'description':
      return { description: input.description }
    case 'template':
      return { description: input.words, templateName: input.templateName }
    case 'document':
      return {
        documentKey: input.documentKey,
        fileName: input.fileName ?? null,
        fileType: input.fileType,
        fileSize: input.fileSize,
        content: input.content,
      }
  }
}

/** Stores a new calculator with its input and its number in the month's count (inside the transaction that counts it). */
export async function saveGenerated(
  tx: Tx,
  props: {
    id: string
    userId: number
    config: CalculatorData
    analysis: Pick<AnalysisInput, 'language' | 'currency' | 'complexity'>
    input: StoredInput
    numberInMonth: number
  },
): Promise<SavedCalculator> {
  const { input, analysis } = props
  const row = await tx.savedCalculator.create({
    data: {
      id: props.id,
      userId: props.userId,
      name: props.config.name,
      config: props.config as unknown as Prisma.InputJsonValue,
      language: analysis.language,
      currency: analysis.currency,
      complexity: analysis.complexity,
      inputKind: input.kind,
      numberInMonth: props.numberInMonth,
      ...inputColumns(input),
    },
  })
  return presentSaved(row)
}

/** The user's own calculator, or 404 for a missing, malformed or someone else's id. */
export async function ownedCalculator(prisma: PrismaClient | Tx, props: { userId: number; id: string }): Promise<SavedRow> {
  if (!isSavedCalculatorId(props.id)) throw errors.notFound(CALCULATOR_NOT_FOUND_MESSAGE)
  const row = await prisma.savedCalculator.findFirst({ where: { id: props.id, userId: props.userId } })
  if (row === null) throw errors.notFound(CALCULATOR_NOT_FOUND_MESSAGE)
  return row
}

/** The user's own calculator that their plan lets them open: 404 as above, 403 while it is locked. */
export async function openableCalculator(prisma: PrismaClient | Tx, props: { userId: number; id: string }): Promise<SavedRow> {
  const row = await ownedCalculator(prisma, props)
  if (isLocked(row, await planOf(prisma, props.userId))) throw errors.forbidden(LOCKED_CALCULATOR_MESSAGE, PRO_PLAN_REQUIRED)
  return row
}

export async function listSaved(prisma: PrismaClient, userId: number): Promise<SavedCalculator[]> {
  const [plan, rows] = await Promise.all([
    planOf(prisma, userId),
    prisma.savedCalculator.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] }),
  ])
  return rows.map((row) => presentSaved(row, isLocked(row, plan)))
}

/** A definition sent by the client, validated as the formula package defines it (400 with the reasons). */
function validConfig(value: unknown): CalculatorData {
  const parsed = calculatorDataSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const reasons = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`)
    .join('; ')
  throw errors.badRequest(`The calculator is not valid: ${reasons}`, 'invalid_calculator')
}

/** Values of the calculator's own inputs, each kept within its slider's range; others are dropped. */
export function valuesFor(config: CalculatorData, values: Record<string, number>): Record<string, number> {
  const clamped = createCalculator({ ...config, startValues: values }).initialValues()
  return Object.fromEntries(Object.entries(clamped).filter(([name]) => values[name] !== undefined))
}

/** PATCH: an edited definition (the name follows it) and/or the seller's values. */
export async function updateSaved(
  prisma: PrismaClient,
  props: { userId: number; id: string; body: UpdateSavedCalculatorBody },
): Promise<SavedCalculator> {
  const row = await openableCalculator(prisma, props)
  const config = props.body.config === undefined ? (row.config as unknown as CalculatorData) : validConfig(props.body.config)
  const sentValues = props.body.values === undefined ? (row.values as Record<string, number> | null) : props.body.values
  const values = sentValues === null ? null : valuesFor(config, sentValues)
  const updated = await prisma.savedCalculator.update({
    where: { id: row.id },
    data: {
      ...(props.body.config === undefined ? {} : { config: config as unknown as Prisma.InputJsonValue, name: config.name }),
      values: values === null ? Prisma.DbNull : values,
      ...(props.body.figures === undefined ? {} : { figureChoices: props.body.figures === null ? Prisma.DbNull : props.body.figures }),
    },
  })
  return presentSaved(updated)
}

/** Removes the calculator and its document; a document already gone is not an error. */
export async function deleteSaved(prisma: PrismaClient, objectStore: ObjectStore, props: { userId: number; id: string }): Promise<void> {
  const row = await ownedCalculator(prisma, props)
  await prisma.savedCalculator.delete({ where: { id: row.id } })
  if (row.documentKey !== null) await objectStore.delete(row.documentKey)
}

/** The words a proposal about this calculator is written from: its description or its document's text. */
export async function inputText(prisma: PrismaClient, props: { userId: number; id: string }): Promise<SavedCalculatorInput> {
  const row = await openableCalculator(prisma, props)
  if (row.inputKind === 'document') return { kind: 'document', text: row.content ?? '' }
  return { kind: row.inputKind === 'template' ? 'template' : 'description', text: row.description ?? '' }
}

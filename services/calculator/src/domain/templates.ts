import {
  BUILTIN_TEMPLATE_DELETE_MESSAGE,
  BUILTIN_TEMPLATE_ID_PREFIX,
  isSavedCalculatorId,
  OWN_TEMPLATE_SETTINGS_MESSAGE,
  OWN_TEMPLATES_MAX,
  PRO_ONLY_TEMPLATES_MESSAGE,
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_LIMIT_MESSAGE,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_NOT_FOUND_MESSAGE,
  type CalculatorTemplate,
  type CreateCalculatorTemplateBody,
  type SavedCalculator,
  type UseCalculatorTemplateBody,
} from '@valueproof/contracts'
import { calculatorDataSchema, type CalculatorData } from '@valueproof/formula'
import { errors } from '@valueproof/http-kit'
import type { GenerationComplexity, Language } from '../analysis/types.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import {
  BUILTIN_TEMPLATE_COMPLEXITY,
  BUILTIN_TEMPLATES,
  builtinCalculator,
  builtinInLanguage,
  findBuiltinTemplate,
} from '../templates/builtin.ts'
import { countAndKeep } from './generation.ts'
import { planOf, requirePro } from './plan.ts'
import { newCalculatorId, openableCalculator, saveGenerated } from './saved-calculators.ts'
import { assertAllowanceLeft, currentAllowance } from './usage.ts'

/*
 * Calculator templates (issue 16, SPEC §1: Pro). The built-in set is the same for everyone; a
 * user's own templates are copies of their calculators' definitions, seen only by them. On Free
 * the list is shown locked and only deleting an own template is allowed (docs/decisions/105).
 */

type TemplateRow = Prisma.CalculatorTemplateGetPayload<object>

/** What a template makes: its definition and what the new calculator records about it. */
interface TemplateContent {
  name: string
  words: string
  config: CalculatorData
  language: Language
  currency: CalculatorTemplate['currency']
  complexity: GenerationComplexity
}

function presentBuiltin(template: (typeof BUILTIN_TEMPLATES)[number], locked: boolean): CalculatorTemplate {
  return {
    id: template.id,
    name: template.data.name,
    description: template.data.description,
    language: template.set.language,
    currency: template.set.currency,
    complexity: BUILTIN_TEMPLATE_COMPLEXITY,
    source: 'builtin',
    config: locked ? null : builtinCalculator(template),
    locked,
    createdAt: null,
  }
}

function presentOwn(row: TemplateRow, locked: boolean): CalculatorTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language as CalculatorTemplate['language'],
    currency: row.currency as CalculatorTemplate['currency'],
    complexity: row.complexity as CalculatorTemplate['complexity'],
    source: 'own',
    config: locked ? null : row.config,
    locked,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The built-in set, then the user's own newest first; every entry locked on Free. */
export async function listTemplates(prisma: PrismaClient, userId: number): Promise<CalculatorTemplate[]> {
  const [plan, rows] = await Promise.all([
    planOf(prisma, userId),
    prisma.calculatorTemplate.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] }),
  ])
  const locked = plan !== 'pro'
  return [...BUILTIN_TEMPLATES.map((template) => presentBuiltin(template, locked)), ...rows.map((row) => presentOwn(row, locked))]
}

async function ownTemplate(prisma: PrismaClient, props: { userId: number; id: string }): Promise<TemplateRow> {
  if (!isSavedCalculatorId(props.id)) throw errors.notFound(TEMPLATE_NOT_FOUND_MESSAGE)
  const row = await prisma.calculatorTemplate.findFirst({ where: { id: props.id, userId: props.userId } })
  if (row === null) throw errors.notFound(TEMPLATE_NOT_FOUND_MESSAGE)
  return row
}

/**
 * Saves a copy of one of the user's calculators as a template (Pro). The count is checked under a
 * per-user lock, so two saves racing for the last place cannot both be kept.
 */
export async function saveAsTemplate(
  prisma: PrismaClient,
  props: { userId: number; body: CreateCalculatorTemplateBody },
): Promise<CalculatorTemplate> {
  const { userId, body } = props
  await requirePro(prisma, userId, PRO_ONLY_TEMPLATES_MESSAGE)
  const calculator = await openableCalculator(prisma, { userId, id: body.calculatorId })
  const config = calculatorDataSchema.parse(calculator.config)
  const row = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('calculator_template'), ${userId}::int)`
    if ((await tx.calculatorTemplate.count({ where: { userId } })) >= OWN_TEMPLATES_MAX)
      throw errors.conflict(TEMPLATE_LIMIT_MESSAGE, 'template_limit_reached')
    return tx.calculatorTemplate.create({
      data: {
        id: newCalculatorId(),
        userId,
        name: body.name ?? calculator.name.slice(0, TEMPLATE_NAME_MAX_LENGTH),
        description: config.description.trim().slice(0, TEMPLATE_DESCRIPTION_MAX_LENGTH),
        language: calculator.language,
        currency: calculator.currency,
        complexity: calculator.complexity,
        config: config as unknown as Prisma.InputJsonValue,
      },
    })
  })
  return presentOwn(row, false)
}

/** Deletes one of the user's own templates, on any plan (deleting is always allowed). */
export async function deleteTemplate(prisma: PrismaClient, props: { userId: number; id: string }): Promise<void> {
  if (findBuiltinTemplate(props.id) !== undefined) throw errors.badRequest(BUILTIN_TEMPLATE_DELETE_MESSAGE, 'builtin_template')
  const row = await ownTemplate(prisma, props)
  await prisma.calculatorTemplate.delete({ where: { id: row.id } })
}

/** What a template makes in the language and currency asked: a built-in one in any, an own one in its own. */
async function templateContent(
  prisma: PrismaClient,
  props: { userId: number; id: string; choice: UseCalculatorTemplateBody },
): Promise<TemplateContent> {
  const { choice } = props
  const builtin = findBuiltinTemplate(props.id)
  if (builtin !== undefined) {
    const template = builtinInLanguage(builtin, choice.language ?? builtin.set.language)
    const currency = choice.currency ?? template.set.currency
    return {
      name: template.data.name,
      words: `${template.data.name}\n\n${template.data.description}`,
      config: builtinCalculator(template, currency),
      language: template.set.language,
      currency,
      complexity: BUILTIN_TEMPLATE_COMPLEXITY,
    }
  }
  if (props.id.startsWith(BUILTIN_TEMPLATE_ID_PREFIX)) throw errors.notFound(TEMPLATE_NOT_FOUND_MESSAGE)
  const row = await ownTemplate(prisma, props)
  const own = presentOwn(row, false)
  if ((choice.language ?? own.language) !== own.language || (choice.currency ?? own.currency) !== own.currency)
    throw errors.badRequest(OWN_TEMPLATE_SETTINGS_MESSAGE, 'own_template_settings')
  return {
    name: own.name,
    words: [own.name, own.description].filter((part) => part.trim() !== '').join('\n\n'),
    config: calculatorDataSchema.parse(row.config),
    language: own.language,
    currency: own.currency,
    complexity: own.complexity,
  }
}

/**
 * A new calculator from a template (Pro), counted against the month's allowance and published like
 * a generation (input kind 'template'), and kept with the template's words as its input.
 */
export async function useTemplate(
  deps: { prisma: PrismaClient; dbSchema: string | undefined; now: () => Date },
  props: { userId: number; id: string; choice: UseCalculatorTemplateBody },
): Promise<{ parameters: CalculatorData; calculator: SavedCalculator }> {
  const { prisma } = deps
  await requirePro(prisma, props.userId, PRO_ONLY_TEMPLATES_MESSAGE)
  const content = await templateContent(prisma, props)
  const startedAt = deps.now()
  const allowance = await currentAllowance(prisma, props.userId, startedAt)
  assertAllowanceLeft(allowance)
  const calculator = await countAndKeep(deps, {
    userId: props.userId,
    allowance,
    calculatorData: content.config,
    event: {
      complexity: content.complexity,
      inputKind: 'template',
      language: content.language,
      currency: content.currency,
      analyzer: 'template',
      generatedAt: startedAt,
    },
    keep: (tx, config, numberInMonth) =>
      saveGenerated(tx, {
        id: newCalculatorId(),
        userId: props.userId,
        config,
        analysis: content,
        input: { kind: 'template', templateName: content.name, words: content.words },
        numberInMonth,
      }),
  })
  return { parameters: content.config, calculator }
}

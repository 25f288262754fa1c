// The checks on a proposal document the owner's editor sends (issue 37): strict objects, so an
// unknown node, mark or field is refused with 400 and nothing is stored; links https: and mailto:
// only; images only by id from the product's storage; size and nesting bounded before parsing.
import { z } from 'zod'
import { storableString } from '../storable-text.ts'
import { BRAND_COLOR_MESSAGES, brandColorProblem } from './brand-colour.ts'
import {
  FIXED_HEADINGS,
  isSafeHref,
  PRICE_RECURRENCES,
  PROPOSAL_DOCUMENT_LIMITS as LIMITS,
  RICH_HEADING_LEVELS,
  WRITTEN_SECTIONS,
  type ProposalDocument,
  type RichBlockNode,
  type RichListItem,
} from './model.ts'

export const UNSAFE_LINK_MESSAGE = 'Links must start with https: or mailto:'
export const DOCUMENT_TOO_DEEP_MESSAGE = `The document is nested more than ${LIMITS.maxDepth} levels deep`
export const DOCUMENT_TOO_LARGE_MESSAGE = `The document is too large (limit ${LIMITS.maxBytes / 1024} KB)`
export const ONE_CALCULATOR_MESSAGE = 'A proposal holds exactly one calculator block'
export const DUPLICATE_BLOCK_ID_MESSAGE = 'Block ids must be unique'

const BLOCK_ID = /^[A-Za-z0-9_-]{1,40}$/
/** An image id: 16 random bytes as base64url, as the upload answers it. */
export const PROPOSAL_IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

const text = (max: number, what: string) =>
  storableString({ error: `${what} must be text` }).max(max, `${what} must be at most ${max.toLocaleString('en-US')} characters`)
const blockId = z.string({ error: 'a block id must be text' }).regex(BLOCK_ID, 'a block id is 1–40 letters, digits, _ or -')
const href = text(LIMITS.maxHrefLength, 'a link').refine(isSafeHref, UNSAFE_LINK_MESSAGE)
const percent = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be 0–100`)
    .max(100, `${what} must be 0–100`)

const markSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bold') }),
  z.strictObject({ type: z.literal('italic') }),
  z.strictObject({ type: z.literal('link'), attrs: z.strictObject({ href }) }),
])

const inlineSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    text: text(LIMITS.maxTextLength, 'text').min(1, 'a text node holds at least one character'),
    marks: z.array(markSchema).max(3).optional(),
  }),
  z.strictObject({ type: z.literal('hardBreak') }),
])

const listItemSchema: z.ZodType<RichListItem> = z.lazy(() =>
  z.strictObject({ type: z.literal('listItem'), content: z.array(blockNodeSchema).min(1).max(100) }),
)

const inlines = z.array(inlineSchema).max(2_000).optional()

const blockNodeSchema: z.ZodType<RichBlockNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('paragraph'), content: inlines }),
    z.strictObject({
      type: z.literal('heading'),
      attrs: z.strictObject({ level: z.union(RICH_HEADING_LEVELS.map((level) => z.literal(level))) }),
      content: inlines,
    }),
    z.strictObject({ type: z.literal('bulletList'), content: z.array(listItemSchema).min(1).max(500) }),
    z.strictObject({
      type: z.literal('orderedList'),
      attrs: z.strictObject({ start: z.number().int().min(0).max(10_000).optional() }).optional(),
      content: z.array(listItemSchema).min(1).max(500),
    }),
  ]),
)

export const richTextSchema = z.strictObject({ type: z.literal('doc'), content: z.array(blockNodeSchema).max(1_000) })

const base = { id: blockId, hidden: z.boolean().optional() }
const heading = text(LIMITS.maxShortText, 'a heading').optional()

export const pricingItemSchema = z.strictObject({
  id: blockId,
  description: text(LIMITS.maxShortText, 'a line description').trim().min(1, 'Every price line needs a description'),
  quantity: z.number({ error: 'quantity must be a number' }).min(0, 'quantity must be 0 or more').max(LIMITS.maxQuantity),
  unit: text(40, 'a unit'),
  unitPrice: z.number({ error: 'unitPrice must be a number' }).min(0, 'unitPrice must be 0 or more').max(LIMITS.maxUnitPrice),
  recurrence: z.enum(PRICE_RECURRENCES, { error: `recurrence must be one of ${PRICE_RECURRENCES.join(', ')}` }),
  discountPercent: percent('a line discount').optional(),
  optional: z.boolean().optional(),
  selected: z.boolean().optional(),
})

export const proposalBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      ...base,
      type: z.literal('section'),
      heading,
      fixedHeading: z.enum(FIXED_HEADINGS).optional(),
      written: z.enum(WRITTEN_SECTIONS).optional(),
      lead: z.boolean().optional(),
      content: richTextSchema,
    }),
    z.strictObject({
      ...base,
      type: z.literal('image'),
      imageId: z.string().regex(PROPOSAL_IMAGE_ID_PATTERN, 'Images come from this proposal’s uploads only'),
      alt: text(LIMITS.maxShortText, 'alt text').trim().min(1, 'Every image needs alt text: describe it for people who cannot see it'),
      caption: text(LIMITS.maxShortText, 'a caption').optional(),
      width: z.number().int().positive().max(4_000),
      height: z.number().int().positive().max(4_000),
    }),
    z.strictObject({ ...base, type: z.literal('calculator'), heading, fixedHeading: z.enum(FIXED_HEADINGS).optional() }),
    z.strictObject({
      ...base,
      type: z.literal('pricing'),
      heading,
      items: z.array(pricingItemSchema).max(LIMITS.maxPricingItems, `A pricing table holds at most ${LIMITS.maxPricingItems} lines`),
      discountPercent: percent('the discount').optional(),
      taxPercent: percent('the tax rate').optional(),
    }),
    z.strictObject({
      ...base,
      type: z.literal('quote'),
      text: text(2_000, 'a quote').trim().min(1),
      author: text(LIMITS.maxShortText, 'the author').optional(),
    }),
    z.strictObject({ ...base, type: z.literal('button'), label: text(80, 'a button label').trim().min(1), href }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'Unknown block type' : undefined) },
)

/** How deep a JSON value nests, counted without recursion and given up past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 1]]
  while (pending.length > 0) {
    const [next, depth] = pending.pop() as [unknown, number]
    if (typeof next !== 'object' || next === null) continue
    deepest = Math.max(deepest, depth)
    if (deepest > limit) return deepest
    for (const child of Object.values(next)) pending.push([child, depth + 1])
  }
  return deepest
}

export const proposalDocumentSchema = z
  .unknown()
  .refine((value) => jsonDepth(value, LIMITS.maxDepth) <= LIMITS.maxDepth, { message: DOCUMENT_TOO_DEEP_MESSAGE, abort: true })
  .pipe(
    z.strictObject({
      title: text(200, 'the title').trim().min(1, 'Please enter a title for the proposal'),
      blocks: z.array(proposalBlockSchema).max(LIMITS.maxBlocks, `A proposal holds at most ${LIMITS.maxBlocks} blocks`),
      brandColor: z
        .string()
        .superRefine((color, context) => {
          const problem = brandColorProblem(color)
          if (problem !== undefined) context.addIssue({ code: 'custom', message: BRAND_COLOR_MESSAGES[problem] })
        })
        .optional(),
    }),
  )
  .superRefine((document, context) => {
    if (document.blocks.filter((block) => block.type === 'calculator').length !== 1)
      context.addIssue({ code: 'custom', message: ONE_CALCULATOR_MESSAGE })
    const ids = document.blocks.map((block) => block.id)
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', message: DUPLICATE_BLOCK_ID_MESSAGE })
    const images = document.blocks.filter((block) => block.type === 'image').length
    if (images > LIMITS.maxImages) context.addIssue({ code: 'custom', message: `A proposal holds at most ${LIMITS.maxImages} images` })
  }) as unknown as z.ZodType<ProposalDocument>

/** The draft's revision the client last saw: a save from an older one is refused (409), never merged. */
const revision = z.number({ error: 'revision must be a number' }).int().min(0)

/** PUT /api/proposals/{id}/draft's body limit: the largest document with its revision and room for JSON's escapes. */
export const PROPOSAL_DRAFT_BODY_LIMIT_BYTES = 640 * 1024

/** PUT /api/proposals/{id}/draft. */
export const saveDraftBodySchema = z.strictObject({ document: proposalDocumentSchema, revision })
export type SaveDraftBody = z.output<typeof saveDraftBodySchema>

/** POST /api/proposals/{id}/publish: publishes the draft at that revision (409 when it moved on). */
export const publishBodySchema = z.strictObject({ revision })

export const publicationSummarySchema = z.object({ number: z.number().int().positive(), publishedAt: z.string(), title: z.string() })
export type PublicationSummary = z.infer<typeof publicationSummarySchema>

/** GET /api/proposals/{id}/draft (owner only) and the answers of saving, publishing and restoring. */
export const draftAnswerSchema = z.object({
  document: z.custom<ProposalDocument>(),
  revision: z.number().int().min(0),
  savedAt: z.string().nullable(),
  /** The publication the prospect sees; null before the first publish (the prospect sees the written draft). */
  published: publicationSummarySchema.nullable(),
  /** Whether the draft differs from what the prospect sees. */
  unpublishedChanges: z.boolean(),
  publications: z.array(publicationSummarySchema),
})
export type DraftAnswer = z.infer<typeof draftAnswerSchema>

/** GET /api/proposals/{id}/publications/{number}: a publication to view (owner only). */
export const publicationAnswerSchema = publicationSummarySchema.extend({ document: z.custom<ProposalDocument>() })
export type PublicationAnswer = z.infer<typeof publicationAnswerSchema>

export const publicationParamsSchema = z.object({
  number: z.coerce.number({ error: 'a publication number' }).int().positive('a publication number'),
})

/** POST /api/proposals/{id}/images: the stored, resized image. */
export const uploadedImageSchema = z.object({
  imageId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
})
export type UploadedImage = z.infer<typeof uploadedImageSchema>

export const PROPOSAL_IMAGE_MAX_BYTES = 8 * 1024 * 1024
export const PROPOSAL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export const PROPOSAL_IMAGE_MAX_EDGE = 1600
export const PROPOSAL_IMAGE_TYPE_MESSAGE = 'Images must be PNG, JPEG, WebP or GIF'
export const PROPOSAL_IMAGE_TOO_LARGE_MESSAGE = `Images must be at most ${PROPOSAL_IMAGE_MAX_BYTES / 1024 / 1024} MB`

/** POST /api/proposals/{id}/sections/{blockId}/rewrite: one section written again in the proposal's language. */
export const rewriteSectionAnswerSchema = z.object({ content: richTextSchema })

export const DRAFT_CONFLICT_MESSAGE =
  'This proposal was changed in another tab or window. Your changes here were not saved: reload to see the latest version, then make them again.'

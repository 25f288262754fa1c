import { readFile } from 'node:fs/promises'
import {
  analyzeDocumentFieldsSchema,
  analyzeDocumentForValueFieldsSchema,
  analyzeTextBodySchema,
  contentOfPages,
  generateValueBodySchema,
} from '@valueproof/contracts'
import { FILE_TOO_LARGE_MESSAGE, MAX_DOCUMENT_BYTES, type DocumentExtractor, type ExtractedDocument } from '@valueproof/documents'
import {
  clientGone,
  currentUserId,
  errors,
  jsonBody,
  multipartBody,
  requireUser,
  Router,
  uploadedFile,
  validateBody,
} from '@valueproof/http-kit'
import type { Context, Middleware } from 'koa'
import type { ObjectStore } from '@valueproof/object-store'
import { storableCopy, storableText } from '../../analysis/storable-output.ts'
import type { AnalysisInput, GenerationComplexity } from '../../analysis/types.ts'
import { generateCalculator, type GenerationDeps } from '../../domain/generation.ts'
import { documentKeyFor, newCalculatorId, saveGenerated } from '../../domain/saved-calculators.ts'
import { assertCalculatorStorageLeft } from '../../domain/storage.ts'
import { assertAllowanceLeft, currentAllowance } from '../../domain/usage.ts'
import { extractDocument, startKeeping, type UploadedDocument } from './documents.ts'
import { formFields } from './schema.ts'

export interface GenerationRouterDeps extends GenerationDeps {
  documents: DocumentExtractor
  objectStore: ObjectStore
}

/** Refuses before the upload is read when the month's allowance is used up, or the account's storage is full (docs/decisions/120). */
function allowanceLeft(deps: GenerationDeps): Middleware {
  return async (ctx, next) => {
    const userId = currentUserId(ctx)
    const allowance = await currentAllowance(deps.prisma, userId, deps.now())
    assertAllowanceLeft(allowance)
    await assertCalculatorStorageLeft(deps.prisma, { userId, plan: allowance.plan, adding: 0, dbSchema: deps.dbSchema })
    await next()
  }
}

/** The longest file name or type kept with a calculator. */
const FILE_NAME_MAX_LENGTH = 255

/** The uploaded file's bytes and what the form said about it. */
async function readUpload(ctx: Context): Promise<UploadedDocument> {
  const file = uploadedFile(ctx, 'file')
  if (!file) throw errors.badRequest('Upload a PDF or DOCX file in the form field "file"')
  const bytes = await readFile(file.filepath)
  // The names come from the client: kept storable and short.
  const fileName = file.originalFilename ? storableText(file.originalFilename).slice(0, FILE_NAME_MAX_LENGTH) : undefined
  const fileType = storableText(file.mimetype ?? '').slice(0, FILE_NAME_MAX_LENGTH) || 'application/octet-stream'
  return { bytes, fileName, fileType }
}

/** The extracted text as the response's `content`: pages in order, a page break between them, storable. */
function contentOf(document: ExtractedDocument): string {
  return storableText(contentOfPages(document.pages))
}

/** SPEC §7's four generation calls (the gateway maps /api/calculator/... here). */
export function generationRouter(deps: GenerationRouterDeps): Router {
  const router = new Router()
  const upload = multipartBody({
    maxFileSize: MAX_DOCUMENT_BYTES,
    tooLargeMessage: FILE_TOO_LARGE_MESSAGE,
    fieldHint: 'the PDF or DOCX in the field "file"',
  })

  const fromDocument = (
    complexityOf: (body: unknown) => {
      complexity: GenerationComplexity
      language: AnalysisInput['language']
      currency: AnalysisInput['currency']
    },
  ): Middleware => {
    return async (ctx) => {
      const choice = complexityOf(ctx.request.body)
      const signal = clientGone(ctx)
      const upload = await readUpload(ctx)
      const id = newCalculatorId()
      const documentKey = documentKeyFor(id)
      const kept = startKeeping(deps.objectStore, { key: documentKey, upload })
      try {
        const document = await extractDocument(deps.documents, upload.bytes, signal)
        const input: AnalysisInput = {
          kind: 'document',
          pages: document.pages,
          ...choice,
          ...(upload.fileName ? { fileName: upload.fileName } : {}),
        }
        const content = contentOf(document)
        const userId = currentUserId(ctx)
        const generated = await generateCalculator(deps, {
          userId,
          input,
          signal,
          addsBytes: upload.bytes.length + Buffer.byteLength(content),
          keep: async (tx, calculatorData, numberInMonth) => {
            await kept.stored()
            // Names, labels and quotes come from the document's text: cleaned like the content.
            const config = storableCopy(calculatorData)
            const stored = {
              kind: 'document',
              documentKey,
              fileName: upload.fileName,
              fileType: upload.fileType,
              fileSize: upload.bytes.length,
              content,
            } as const
            return saveGenerated(tx, { id, userId, config, analysis: input, input: stored, numberInMonth })
          },
        })
        ctx.body = { parameters: storableCopy(generated.calculatorData), content, calculator: generated.kept, warnings: generated.warnings }
      } catch (error) {
        await kept.discard()
        throw error
      }
    }
  }

  router.post(
    '/analyze-document',
    requireUser(),
    allowanceLeft(deps),
    upload,
    fromDocument((body) => formFields(analyzeDocumentFieldsSchema, body)),
  )
  router.post(
    '/analyze-document-for-value',
    requireUser(),
    allowanceLeft(deps),
    upload,
    fromDocument((body) => ({ ...formFields(analyzeDocumentForValueFieldsSchema, body), complexity: 'value' })),
  )

  const fromDescription = async (
    ctx: Context,
    body: {
      description: string
      complexity: GenerationComplexity
      language: AnalysisInput['language']
      currency: AnalysisInput['currency']
    },
  ) => {
    const { description, ...choice } = body
    const input: AnalysisInput = { kind: 'description', pages: [{ page: 1, text: description }], ...choice }
    const userId = currentUserId(ctx)
    const { calculatorData, kept, warnings } = await generateCalculator(deps, {
      userId,
      input,
      signal: clientGone(ctx),
      addsBytes: Buffer.byteLength(description),
      // The description is storable (checked on the way in); the model's words may not be.
      keep: (tx, generated, numberInMonth) =>
        saveGenerated(tx, {
          id: newCalculatorId(),
          userId,
          config: storableCopy(generated),
          analysis: input,
          input: { kind: 'description', description },
          numberInMonth,
        }),
    })
    ctx.body = { parameters: storableCopy(calculatorData), calculator: kept, warnings }
  }
  router.post('/analyze-text', requireUser(), jsonBody({ limit: '256kb' }), validateBody(analyzeTextBodySchema, fromDescription))
  router.post(
    '/generate-value',
    requireUser(),
    jsonBody({ limit: '256kb' }),
    validateBody(generateValueBodySchema, (ctx, body) => fromDescription(ctx, { ...body, complexity: 'value' })),
  )

  return router
}

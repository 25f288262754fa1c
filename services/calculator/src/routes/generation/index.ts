import { readFile } from 'node:fs/promises'
import {
  analyzeDocumentFieldsSchema,
  analyzeDocumentForValueFieldsSchema,
  analyzeTextBodySchema,
  generateValueBodySchema,
} from '@valueproof/contracts'
import {
  DocumentError,
  FILE_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  type DocumentExtractor,
  type ExtractedDocument,
} from '@valueproof/documents'
import {
  currentUserId,
  errors,
  HttpError,
  jsonBody,
  multipartBody,
  requireUser,
  Router,
  uploadedFile,
  validateBody,
} from '@valueproof/service-kit'
import type { Context, Middleware } from 'koa'
import { storableCopy, storableText } from '../../analysis/storable-output.ts'
import type { AnalysisInput, GenerationComplexity } from '../../analysis/types.ts'
import { generateCalculator, type GenerationDeps } from '../../domain/generation.ts'
import { assertAllowanceLeft, currentAllowance } from '../../domain/usage.ts'
import { formFields } from './schema.ts'

export interface GenerationRouterDeps extends GenerationDeps {
  documents: DocumentExtractor
}

/** Aborted when the client goes away before the answer is sent, so no work is done for nobody. */
function clientGone(ctx: Context): AbortSignal {
  const controller = new AbortController()
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(new Error('The client closed the connection'))
  })
  return controller.signal
}

/** Refuses before the upload is read when the month's allowance is used up. */
function allowanceLeft(deps: GenerationDeps): Middleware {
  return async (ctx, next) => {
    assertAllowanceLeft(await currentAllowance(deps.prisma, currentUserId(ctx), deps.now()))
    await next()
  }
}

async function extractUpload(
  ctx: Context,
  documents: DocumentExtractor,
  signal: AbortSignal,
): Promise<{ document: ExtractedDocument; fileName?: string }> {
  const file = uploadedFile(ctx, 'file')
  if (!file) throw errors.badRequest('Upload a PDF or DOCX file in the form field "file"')
  const bytes = await readFile(file.filepath)
  try {
    // The extractor decides the type by the bytes and answers empty, unknown or locked files itself.
    const document = await documents.extract(bytes, { signal })
    return { document, ...(file.originalFilename ? { fileName: file.originalFilename } : {}) }
  } catch (error) {
    if (error instanceof DocumentError) throw new HttpError(error.status, `document_${error.code}`, error.message)
    throw error
  }
}

/** The extracted text as the response's `content`: pages in order, a blank line between them, storable. */
function contentOf(document: ExtractedDocument): string {
  return storableText(document.pages.map((page) => page.text).join('\n\n'))
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
      const { document, fileName } = await extractUpload(ctx, deps.documents, signal)
      const input: AnalysisInput = { kind: 'document', pages: document.pages, ...choice, ...(fileName ? { fileName } : {}) }
      const parameters = await generateCalculator(deps, { userId: currentUserId(ctx), input, signal })
      // Names, labels and quotes come from the document's text: cleaned like the content.
      ctx.body = { parameters: storableCopy(parameters), content: contentOf(document) }
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
    const parameters = await generateCalculator(deps, { userId: currentUserId(ctx), input, signal: clientGone(ctx) })
    // The description is storable (checked on the way in); the model's words may not be.
    ctx.body = { parameters: storableCopy(parameters) }
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

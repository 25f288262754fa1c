import { calculatorDataSchema, type CalculatorData, type Complexity, type Currency } from '@valueproof/formula'
import { z } from 'zod'
import { generationWarningsSchema, savedCalculatorSchema, type GenerationWarning, type SavedCalculator } from '@valueproof/contracts'
import { apiRequest, ApiError, messageField } from '../api.ts'
import { entryOfSaved, textChecksOf } from './saved-api.ts'
import type { CalculatorEntry } from './storage.ts'

/*
 * The four calculator-generation calls of SPEC §7 and the messages of SPEC §8 for their failures.
 * Files travel by XMLHttpRequest, the one browser API that reports upload progress (bytes sent).
 */

export type GenerationLanguage = 'en' | 'sv'
export type ChosenComplexity = Exclude<Complexity, 'custom'>

/** SPEC §5 / §9: at most 50 MB, PDF or DOCX by MIME type. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const FILE_TOO_LARGE_MESSAGE = 'File is too large. Maximum size is 50MB.'
export const ACCEPTED_FILE_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as const
/** What the file picker offers: the two types and their extensions (some systems report no MIME type). */
export const FILE_INPUT_ACCEPT = `.pdf,.docx,${ACCEPTED_FILE_TYPES.join(',')}`

/** Whether a chosen or dropped file is one the screen takes (SPEC §5: others are silently ignored). */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  if ((ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)) return true
  // Some systems give no MIME type at all; the extension decides then. The server reads the bytes anyway.
  return file.type === '' && /\.(pdf|docx)$/i.test(file.name)
}

export interface GenerationSettings {
  language: GenerationLanguage
  currency: Currency
}

export interface GeneratedCalculator {
  config: CalculatorData
  /** The document's extracted text (file calls only): the input a proposal is later written from. */
  content?: string | undefined
  /** The calculator as the calculator service keeps it (docs/decisions/103). */
  saved: CalculatorEntry
}

/** A generation call that failed: `message` is what the user reads (SPEC §8), `title` the toast's title. */
export class GenerationError extends Error {
  override readonly name = 'GenerationError'
  constructor(
    readonly title: string,
    message: string,
    readonly status: number | undefined,
  ) {
    super(message)
  }
}

export const DOCUMENT_TOO_LONG_MESSAGE =
  'The document is too long to analyze in one go. Try a shorter excerpt of it, or describe your service in words with the text input instead.'

// `warnings` (issue 35) is an addition to SPEC §7's fields; an older server sends none.
const warningsField = generationWarningsSchema.default([])
const documentResponseSchema = z.object({
  parameters: calculatorDataSchema,
  content: z.string().optional(),
  calculator: savedCalculatorSchema,
  warnings: warningsField,
})
const textResponseSchema = z.object({ parameters: calculatorDataSchema, calculator: savedCalculatorSchema, warnings: warningsField })

/** The kept calculator as a list entry, with the checks of its text; a definition that does not validate is an unreadable answer. */
function savedOf(calculator: SavedCalculator, warnings: readonly GenerationWarning[]): CalculatorEntry {
  const entry = entryOfSaved(calculator)
  if (entry === undefined) throw invalidAnswer(new Error('the kept calculator is not a valid calculator'))
  const checks = textChecksOf(warnings)
  return checks === undefined ? entry : { ...entry, checks }
}

/** The server's own words for a failure: the JSON body's message, else SPEC §8's generic `status: body`. */
export function serverText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message
  if (error instanceof Error) return error.message
  return String(error)
}

function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined
}

/** SPEC §8: 'Failed to analyze document. ' plus the server text, or the too-long message for 'context length'. */
export function documentFailure(error: unknown, value: boolean): GenerationError {
  const text = serverText(error)
  const title = 'Error analyzing document'
  if (/context length/i.test(text)) return new GenerationError(title, DOCUMENT_TOO_LONG_MESSAGE, statusOf(error))
  const prefix = value ? 'Failed to analyze document for value calculator. ' : 'Failed to analyze document. '
  return new GenerationError(title, `${prefix}${text}`, statusOf(error))
}

/** SPEC §8: 'Error analyzing description' or 'Error generating value calculator' with the server message. */
export function textFailure(error: unknown, value: boolean): GenerationError {
  return new GenerationError(
    value ? 'Error generating value calculator' : 'Error analyzing description',
    serverText(error),
    statusOf(error),
  )
}

function invalidAnswer(error: unknown): ApiError {
  const detail =
    error instanceof z.ZodError ? error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') : String(error)
  return new ApiError(502, detail, `The server's calculator could not be read (${detail.slice(0, 300)})`)
}

/** Sends a multipart form by XMLHttpRequest, reporting the fraction of bytes sent; non-OK answers throw ApiError. */
function postFormWithProgress(url: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    request.upload.addEventListener('load', () => onProgress(1))
    request.addEventListener('load', () => {
      const text = request.responseText
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, text || request.statusText, messageField(text)))
        return
      }
      try {
        resolve(JSON.parse(text))
      } catch (error) {
        reject(invalidAnswer(error))
      }
    })
    request.addEventListener('error', () =>
      reject(new ApiError(0, 'The network request failed', 'The server could not be reached. Check your connection and try again.')),
    )
    request.addEventListener('abort', () => reject(new DOMException('The request was aborted', 'AbortError')))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    request.send(form)
  })
}

/**
 * POST /api/calculator/analyze-document, or analyze-document-for-value for the Value type (SPEC §4).
 * Failures throw GenerationError with SPEC §8's message.
 */
export async function analyzeDocument(
  file: File,
  complexity: ChosenComplexity,
  settings: GenerationSettings,
  onProgress: (fraction: number) => void,
): Promise<GeneratedCalculator> {
  const value = complexity === 'value'
  const form = new FormData()
  form.append('file', file, file.name)
  if (!value) form.append('complexity', complexity)
  form.append('language', settings.language)
  form.append('currency', settings.currency)
  try {
    const body = await postFormWithProgress(
      value ? '/api/calculator/analyze-document-for-value' : '/api/calculator/analyze-document',
      form,
      onProgress,
    )
    const parsed = documentResponseSchema.safeParse(body)
    if (!parsed.success) throw invalidAnswer(parsed.error)
    return {
      config: parsed.data.parameters,
      content: parsed.data.content,
      saved: savedOf(parsed.data.calculator, parsed.data.warnings),
    }
  } catch (error) {
    throw documentFailure(error, value)
  }
}

/** POST /api/calculator/analyze-text, or generate-value for the Value type (SPEC §4). */
export async function analyzeDescription(
  description: string,
  complexity: ChosenComplexity,
  settings: GenerationSettings,
): Promise<GeneratedCalculator> {
  const value = complexity === 'value'
  try {
    const response = value
      ? await apiRequest('POST', '/api/calculator/generate-value', { description, ...settings })
      : await apiRequest('POST', '/api/calculator/analyze-text', { description, complexity, ...settings })
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      throw invalidAnswer(error)
    }
    const parsed = textResponseSchema.safeParse(body)
    if (!parsed.success) throw invalidAnswer(parsed.error)
    return { config: parsed.data.parameters, saved: savedOf(parsed.data.calculator, parsed.data.warnings) }
  } catch (error) {
    throw textFailure(error, value)
  }
}

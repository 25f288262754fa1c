import { rm } from 'node:fs/promises'
import type { Context, Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { errors } from './errors.ts'
import { refuseUnstorableText } from './http.ts'

export interface UploadedFile {
  filepath: string
  size: number
  originalFilename: string | null
  mimetype: string | null
}

interface FormidableError {
  httpCode?: number
  code?: number
}

// formidable's error codes for too many files and too many fields (its httpCode says 413 for both).
const MAX_FILES_EXCEEDED = 1015
const MAX_FIELDS_EXCEEDED = 1007

/**
 * Parses multipart/form-data with bounded files (refused while streaming in, 413 with the given
 * message), exposes them as `ctx.state.files`, and deletes the temporary files afterwards,
 * whatever the handler does. A text field PostgreSQL could not store is refused with 400.
 */
export function multipartBody(options: { maxFileSize: number; maxFiles?: number; tooLargeMessage: string; fieldHint: string }): Middleware {
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFiles: options.maxFiles ?? 1,
      maxFileSize: options.maxFileSize,
      maxTotalFileSize: options.maxFileSize * (options.maxFiles ?? 1),
      maxFields: 20,
      allowEmptyFiles: true,
      minFileSize: 0,
    },
    onError: (error) => {
      throw error
    },
  })
  return async (ctx: Context, next) => {
    if (!ctx.is('multipart/form-data')) throw errors.unsupportedMediaType(`Send multipart/form-data with ${options.fieldHint}`)
    try {
      await parse(ctx, () => Promise.resolve())
    } catch (error) {
      const { httpCode, code } = (error ?? {}) as FormidableError
      if (code === MAX_FILES_EXCEEDED) throw errors.badRequest(`Send one file at most: ${options.fieldHint}`)
      if (code === MAX_FIELDS_EXCEEDED) throw errors.badRequest('The upload has too many form fields')
      if (httpCode === 413) throw errors.payloadTooLarge(options.tooLargeMessage)
      if (typeof httpCode === 'number' && httpCode < 500) throw errors.badRequest('The upload could not be read as multipart/form-data')
      throw error
    }
    const files = Object.values(ctx.request.files ?? {}).flat() as UploadedFile[]
    try {
      refuseUnstorableText(ctx.request.body)
      await next()
    } finally {
      await Promise.all(files.map((file) => rm(file.filepath, { force: true })))
    }
  }
}

/** The single file uploaded in `field`, if any. */
export function uploadedFile(ctx: Context, field: string): UploadedFile | undefined {
  const value = ctx.request.files?.[field]
  return Array.isArray(value) ? value[0] : value
}

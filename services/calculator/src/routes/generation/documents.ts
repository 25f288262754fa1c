import { DocumentError, type DocumentExtractor, type ExtractedDocument } from '@valueproof/documents'
import { isObjectStoreFull, type ObjectStore } from '@valueproof/object-store'
import { errors, HttpError } from '@valueproof/http-kit'

/** An uploaded document as read from the multipart form. */
export interface UploadedDocument {
  bytes: Buffer
  fileName: string | undefined
  fileType: string
}

export const DOCUMENT_NOT_KEPT_MESSAGE = 'The document could not be stored; try again.'

/** The document's pages; the extractor decides the type by the bytes and answers empty, unknown or locked files itself. */
export async function extractDocument(documents: DocumentExtractor, bytes: Buffer, signal: AbortSignal): Promise<ExtractedDocument> {
  try {
    return await documents.extract(bytes, { signal })
  } catch (error) {
    if (error instanceof DocumentError) throw new HttpError(error.status, `document_${error.code}`, error.message)
    throw error
  }
}

/** A document on its way into object storage, beside the generation that reads it. */
export interface KeptDocument {
  /**
   * Resolves once stored; rejects with 503 when the store could not take it (507 when it is full). A function, not a
   * promise held in a field: a rejected promise that nothing awaits yet (the generation failed
   * first) would be an unhandled rejection, and Node ends the process on one.
   */
  stored(): Promise<void>
  /** After a failed generation: removes the document if it was stored. */
  discard(): Promise<void>
}

/**
 * Starts writing an upload to object storage while the generation runs (docs/decisions/103). The
 * generation awaits `stored()` inside the transaction that keeps the calculator, so a calculator is
 * never kept without its document (the store's failure rolls the count and the row back), and a
 * failed generation discards the document.
 */
export function startKeeping(objectStore: ObjectStore, props: { key: string; upload: UploadedDocument }): KeptDocument {
  // Settles with the store's error instead of rejecting, so it is safe to hold before anyone awaits it.
  const outcome = objectStore.put(props.key, props.upload.bytes, { contentType: props.upload.fileType }).then(
    () => true as const,
    (error: unknown) => error,
  )
  return {
    stored: async () => {
      const result = await outcome
      if (result === true) return
      // A full disk or bucket is answered by the one mapping of storage failures: 507 (docs/decisions/120).
      if (isObjectStoreFull(result)) throw result
      throw Object.assign(errors.serviceUnavailable(DOCUMENT_NOT_KEPT_MESSAGE, 'document_not_stored'), { cause: result })
    },
    discard: async () => {
      if ((await outcome) !== true) return
      try {
        await objectStore.delete(props.key)
      } catch {
        // Best effort: an orphaned object costs space, never correctness (no row points at it).
      }
    },
  }
}

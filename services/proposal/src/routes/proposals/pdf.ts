// GET /proposals/:id/pdf (issue 20): the proposal as a PDF download, for anyone who may open it.
// The gateway maps GET /api/proposals/:id/pdf here. The share link it prints comes from
// configuration only (issue 34): a request's Host is the client's to write.
import { clientGone, Router } from '@valueproof/http-kit'
import type { Context } from 'koa'
import { downloadProposalPdf, type PdfDownloadDeps } from '../../domain/pdf-downloads.ts'
import { printable } from '../../pdf/pdf-layout.ts'
import { createPdfRenderer } from '../../pdf/pdf-pool.ts'
import { viewerOf } from './request.ts'

/** A title's characters that cannot stand in a quoted filename, or that a file system refuses (control characters go first). */
const UNSAFE_IN_FILENAME = /["\\/:*?<>|]+/g
const FILENAME_MAX_LENGTH = 120

function queryText(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * `attachment` with the title as the file's name (RFC 6266): a plain-ASCII `filename` for every
 * client, and the exact UTF-8 name in `filename*` when the title has more than ASCII.
 */
export function attachmentDisposition(title: string): string {
  const name =
    printable(title).replace(UNSAFE_IN_FILENAME, ' ').replace(/\s+/g, ' ').trim().slice(0, FILENAME_MAX_LENGTH).trim() || 'proposal'
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '_')
  const plain = `attachment; filename="${ascii}.pdf"`
  if (ascii === name) return plain
  const encoded = encodeURIComponent(`${name}.pdf`).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${plain}; filename*=UTF-8''${encoded}`
}

export function proposalPdfRouter(deps: Omit<PdfDownloadDeps, 'pdf'> & { pdf?: PdfDownloadDeps['pdf'] }): Router {
  const router = new Router()
  const pdfDeps: PdfDownloadDeps = { ...deps, pdf: deps.pdf ?? createPdfRenderer() }

  router.get('/proposals/:id/pdf', async (ctx) => {
    const pdf = await downloadProposalPdf(pdfDeps, {
      proposalId: ctx.params.id ?? '',
      viewer: viewerOf(ctx),
      query: {
        scenario: queryText(ctx, 'scenario'),
        values: queryText(ctx, 'values'),
        code: queryText(ctx, 'code'),
        options: queryText(ctx, 'options'),
      },
      signal: clientGone(ctx),
    })
    // What one viewer may download depends on the session and the code: never cached by anyone.
    ctx.set('Cache-Control', 'no-store')
    ctx.set('Content-Disposition', attachmentDisposition(pdf.title))
    ctx.type = 'application/pdf'
    ctx.body = Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength)
  })

  return router
}

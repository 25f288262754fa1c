import type { ProposalTexts } from '@valueproof/formula'
import { pdfUrl, type PdfFigures } from '../../proposals/proposal-links.ts'
import { buttonClassName } from '../ui/button.tsx'

/**
 * "Download PDF" (issue 20): a plain link to the server's PDF of the page at the figures on screen
 * and with the pricing table's options ticked as on screen (issue 37), so it needs no script. The
 * download attribute is empty: the server's answer names the file.
 */
export function PdfLink({
  proposalId,
  figures,
  options,
  accessCode,
  texts,
}: {
  proposalId: string
  figures: PdfFigures | undefined
  /** The optional lines counted now; undefined when the document has none to tick. */
  options: readonly string[] | undefined
  accessCode: string | undefined
  texts: ProposalTexts
}) {
  return (
    <a href={pdfUrl(proposalId, figures, accessCode, options)} download="" className={buttonClassName('outline', 'lg', 'min-h-11 px-5')}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-4"
      >
        <path d="M12 3v12m0 0-4-4m4 4 4-4M5 21h14" />
      </svg>
      {texts.downloadPdf}
    </a>
  )
}

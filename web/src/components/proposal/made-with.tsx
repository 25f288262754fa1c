import { proposalTexts } from '@valueproof/formula'
import { PRODUCT_NAME } from '../../config.ts'
import type { ShownProposal } from './proposal-view.tsx'

/**
 * The prospect's page footer, "Made with ValueProof" / "Skapad med ValueProof", in the proposal's
 * language. It goes with the product's branding (SPEC §1: Free has product branding, Pro custom
 * branding), so a proposal under a Pro seller's company name does not advertise the product; and
 * nothing is said before a proposal is shown, when its branding is not known.
 */
export function MadeWithFooter({ shown }: { shown: ShownProposal | undefined }) {
  if (shown === undefined || !shown.productBranding) return null
  const texts = proposalTexts(shown.language)
  return (
    <footer className="border-t" lang={texts.language}>
      <p className="mx-auto max-w-3xl px-4 py-6 text-center text-sm text-muted-foreground">
        {`${texts.madeWith} `}
        <a
          href="/"
          className="font-medium text-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {PRODUCT_NAME}
        </a>
      </p>
    </footer>
  )
}

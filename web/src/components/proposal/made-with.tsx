import { proposalTexts, type CalculatorLanguage } from '@valueproof/formula'
import { PRODUCT_NAME } from '../../config.ts'

/** The prospect's page footer, "Made with ValueProof" / "Skapad med ValueProof", in the proposal's language. */
export function MadeWithFooter({ language }: { language: CalculatorLanguage }) {
  const texts = proposalTexts(language)
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

import { PRODUCT_NAME } from '../config.ts'
import { footerLinkClassName } from './footer-link.ts'

/**
 * The signed-out footer: copyright and SPEC §2's 'Legal Info' link to /legal. A plain link, so the
 * light landing entry (no router) shows the same footer as the application.
 */
export function PublicFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        {/* The year is the visitor's: the prerendered landing page may have been built in another one. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <a href="/legal" className={footerLinkClassName}>
            Legal Info
          </a>
        </nav>
      </div>
    </footer>
  )
}

import { Link } from '@tanstack/react-router'
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../config.ts'

const linkClassName =
  'rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** The signed-in footer of SPEC §2: copyright, Legal Information and Contact Support. */
export function AppFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/legal" className={linkClassName}>
            Legal Information
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClassName}>
            Contact Support
          </a>
        </nav>
      </div>
    </footer>
  )
}

/** The signed-out footer: copyright and the Legal Info link of SPEC §2's landing page. */
export function PublicFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer">
          <Link to="/legal" className={linkClassName}>
            Legal Info
          </Link>
        </nav>
      </div>
    </footer>
  )
}

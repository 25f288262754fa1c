import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { SupportContact } from '@valueproof/contracts'
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../config.ts'
import { footerLinkClassName } from './footer-link.ts'
import { supportQueryOptions } from '../queries/support.ts'

/** 'Priority support: reply within 4 business hours' for Pro, 'Support: reply within …' otherwise. */
function replyTarget(support: SupportContact): string {
  return `${support.priority ? 'Priority support' : 'Support'}: reply ${support.replyWithin}`
}

/**
 * The signed-in footer of SPEC §2: copyright, Legal Information and Contact Support. Contact Support
 * writes to the address GET /api/support gives (Pro users: the priority one) and says when to expect
 * a reply; until it answers, the product's general address.
 */
export function AppFooter() {
  const { data: support } = useQuery(supportQueryOptions())
  const email = support?.email ?? SUPPORT_EMAIL
  const target = support === undefined ? undefined : replyTarget(support)
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
        <nav aria-label="Footer" className="flex flex-wrap items-center justify-center gap-x-2">
          <Link to="/legal" className={footerLinkClassName}>
            Legal Information
          </Link>
          <a href={`mailto:${email}`} title={target} className={footerLinkClassName}>
            Contact Support
          </a>
          {support?.priority === true && <span className="text-xs">{target}</span>}
        </nav>
      </div>
    </footer>
  )
}

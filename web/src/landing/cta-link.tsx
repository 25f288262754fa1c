import type { ReactNode } from 'react'
import type { ConversionDetails } from '../analytics.ts'
import { buttonClassName, type ButtonStyleProps } from '../components/ui/button.tsx'
import { reportCtaClick } from './tracking.ts'

/**
 * A call to action: a plain link (the landing page has no router) that reports CTA_CLICK before the
 * browser follows it. Plain links also keep the page's links crawlable.
 */
export function CtaLink({
  href,
  children,
  conversion,
  className,
  variant,
  size = 'lg',
}: { href: string; children: ReactNode; conversion?: ConversionDetails; className?: string } & ButtonStyleProps) {
  return (
    <a href={href} className={buttonClassName(variant, size, className)} onClick={() => reportCtaClick(conversion)}>
      {children}
    </a>
  )
}

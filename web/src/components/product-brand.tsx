import { PRODUCT_NAME } from '../config.ts'
import { LogoMark } from './icons.tsx'

// Apart from brand.tsx (a router link): the prospect's light page shows it without TanStack Router.

/**
 * The product's logo with its name always written out: the header of a Free user's proposal
 * (SPEC §4's product branding). One image to assistive technology, named by the product.
 */
export function ProductBrand() {
  return (
    <span role="img" aria-label={PRODUCT_NAME} className="flex items-center gap-3 text-2xl font-bold tracking-tight">
      <LogoMark className="size-10" />
      <span aria-hidden="true">{PRODUCT_NAME}</span>
    </span>
  )
}

import { Link } from '@tanstack/react-router'
import { PRODUCT_NAME } from '../config.ts'
import { LogoMark } from './icons.tsx'

/** The product's logo and name, linking home. */
export function Brand() {
  return (
    <Link
      to="/"
      className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md text-lg font-bold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <LogoMark className="size-8" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  )
}

import { createLink } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes } from 'react'
import { buttonClassName, type ButtonStyleProps } from './button.tsx'

// Kept apart from button.tsx so that pages outside the router (the prospect's proposal page) can use
// Button without bundling TanStack Router.
const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyleProps>(function StyledAnchor(
  { variant, size, className, ...props },
  ref,
) {
  return <a ref={ref} className={buttonClassName(variant, size, className)} {...props} />
})

/** A router link that looks like a button: `<ButtonLink to="/auth">Login</ButtonLink>`. */
export const ButtonLink = createLink(StyledAnchor)

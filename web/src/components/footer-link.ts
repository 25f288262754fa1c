/** A footer link: text-sized, with a tap target of at least 44 × 44 px (min-h-11) on phones. */
export const footerLinkClassName =
  'inline-flex min-h-11 items-center rounded-sm px-2 underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** The home's cards: the settings page's card look. */
export const HOME_CARD = 'rounded-lg border bg-card p-5 text-card-foreground shadow-sm sm:p-6'

/** A text link that is still a comfortable tap target on a phone (44 px tall). */
export const HOME_TEXT_LINK =
  'inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

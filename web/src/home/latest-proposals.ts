/** How many of the newest proposals the home lists; the rest are one click away in /proposals. */
export const HOME_PROPOSALS_SHOWN = 5

function timeOf(createdAt: string | null | undefined): number | undefined {
  if (createdAt === null || createdAt === undefined) return undefined
  const time = Date.parse(createdAt)
  return Number.isNaN(time) ? undefined : time
}

/**
 * The newest proposals first, at most `count`. GET /api/proposals already answers newest first;
 * sorting again costs nothing and keeps the home right whatever order a list arrives in. Entries
 * without a readable date keep their place after the dated ones.
 */
export function latestProposals<T extends { createdAt?: string | null }>(entries: readonly T[], count = HOME_PROPOSALS_SHOWN): T[] {
  const dated = entries.map((entry, index) => ({ entry, index, time: timeOf(entry.createdAt) }))
  dated.sort((a, b) => {
    if (a.time === undefined || b.time === undefined) {
      if (a.time === b.time) return a.index - b.index
      return a.time === undefined ? 1 : -1
    }
    return b.time - a.time || a.index - b.index
  })
  return dated.slice(0, Math.max(0, count)).map(({ entry }) => entry)
}

/** Prospect views of a proposal's link, as a phrase: 'No views yet', '1 view', '12 views'. */
export function viewsLabel(views: number): string {
  if (views <= 0) return 'No views yet'
  const formatted = new Intl.NumberFormat('en-US').format(views)
  return `${formatted} ${views === 1 ? 'view' : 'views'}`
}

// The roles a seller gives a figure (issue 36): the analyzer's roles in the words of the figures
// panel, both ways. A seller's choice replaces the analyzer's for that figure and no later stage
// second-guesses it (the figure carries the 'seller' flag).
import type { Quantity, Role, RoledQuantity } from '../model.ts'

export const SELLER_ROLES = ['price', 'volume', 'time', 'rate', 'cost', 'revenue', 'improvement', 'none'] as const
export type SellerRole = (typeof SELLER_ROLES)[number]

/** The panel's word for the analyzer's role of a figure. */
export function sellerRoleOf(role: Role): SellerRole {
  switch (role.role) {
    case 'price':
      return 'price'
    case 'effect':
      return 'improvement'
    case 'context':
      return 'none'
    case 'baseline':
      if (role.what === 'time' || role.what === 'rate' || role.what === 'cost' || role.what === 'revenue') return role.what
      return 'volume'
  }
}

const PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const

const perPeriod = (quantity: Quantity): boolean => PERIODS.some((period) => (quantity.unit[period] ?? 0) < 0)
const perThing = (quantity: Quantity): boolean =>
  Object.entries(quantity.unit).some(([atom, power]) => power < 0 && atom !== 'money' && !(PERIODS as readonly string[]).includes(atom))

/** The analyzer's role for the seller's word, read with the figure's own unit. */
export function roleForSeller(choice: SellerRole, quantity: Quantity): Role {
  switch (choice) {
    case 'price':
      if (perPeriod(quantity)) return { role: 'price', what: 'recurring' }
      return { role: 'price', what: perThing(quantity) ? 'perUse' : 'oneOff' }
    case 'improvement':
      if (quantity.kind === 'multiplier') return { role: 'effect', what: 'multiplier' }
      if (quantity.kind === 'percent') return { role: 'effect', what: quantity.flags.has('increase') ? 'uplift' : 'reduction' }
      return { role: 'effect', what: 'direct' }
    case 'none':
      return { role: 'context', why: 'the seller left it out' }
    case 'volume':
      return { role: 'baseline', what: quantity.kind === 'percent' ? 'share' : 'volume' }
    default:
      return { role: 'baseline', what: choice }
  }
}

/** The reading with the seller's roles in place of the analyzer's, each marked as the seller's. */
export function withSellerRoles(roled: readonly RoledQuantity[], roles: Readonly<Record<string, SellerRole>> | undefined): RoledQuantity[] {
  if (roles === undefined) return [...roled]
  return roled.map((entry) => {
    const choice = roles[String(entry.quantity.index)]
    if (choice === undefined) return entry
    const quantity: Quantity = { ...entry.quantity, flags: new Set([...entry.quantity.flags, 'seller']) }
    const role = choice === sellerRoleOf(entry.role) ? entry.role : roleForSeller(choice, entry.quantity)
    return { ...entry, quantity, role }
  })
}

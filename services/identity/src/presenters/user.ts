import type { UserRecord } from '@valueproof/contracts'
import type { User } from '../db.ts'

/** The user record of SPEC §3, field by field; the password hash never leaves the service. */
export function presentUser(user: User): UserRecord {
  return {
    id: user.id,
    username: user.username,
    companyName: user.companyName,
    companyLogo: user.companyLogo,
    companyWebsite: user.companyWebsite,
    plan: user.plan === 'pro' ? 'pro' : 'free',
    calculatorsCreated: user.calculatorsCreated,
    calculatorsLimit: user.calculatorsLimit,
    customBranding: user.customBranding,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    updatedAt: user.updatedAt.toISOString(),
  }
}

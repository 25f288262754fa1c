import { usageMonth, type UserRecord } from '@valueproof/contracts'
import type { User } from '../db.ts'
import { languageOf } from '../domain/seller-email.ts'

/** The user record of SPEC §3, field by field; the password hash never leaves the service. */
export function presentUser(user: User, now: Date = new Date()): UserRecord {
  return {
    id: user.id,
    username: user.username,
    companyName: user.companyName,
    companyLogo: user.companyLogo,
    companyWebsite: user.companyWebsite,
    contactName: user.contactName,
    contactEmail: user.contactEmail,
    contactPhone: user.contactPhone,
    plan: user.plan === 'pro' ? 'pro' : 'free',
    // The count of an earlier month no longer applies: the allowance restarts each UTC month.
    calculatorsCreated: user.calculatorsMonth === usageMonth(now) ? user.calculatorsCreated : 0,
    calculatorsLimit: user.calculatorsLimit,
    customBranding: user.customBranding,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    updatedAt: user.updatedAt.toISOString(),
    email: user.email,
    emailVerified: user.email !== null && user.emailVerifiedAt !== null,
    language: languageOf(user),
  }
}

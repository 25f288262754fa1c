import type { Plan } from '@valueproof/contracts'
import type { PrismaClient } from '../db.ts'

/** The company fields of the profile: Pro custom branding (SPEC §4). */
export interface CompanyProfile {
  companyName: string | null
  companyLogo: string | null
  companyWebsite: string | null
}

/** The seller's contact details (issue 15): shown on the proposals of every plan. */
export interface SellerContact {
  contactName: string | null
  contactEmail: string | null
  contactPhone: string | null
}

/** The whole profile identity last reported. */
export type SellerProfile = CompanyProfile & SellerContact

/** A user as the proposal service knows them from other services' events. */
export interface Account {
  plan: Plan
  profile: SellerProfile
}

export const NO_COMPANY: CompanyProfile = { companyName: null, companyLogo: null, companyWebsite: null }
export const NO_CONTACT: SellerContact = { contactName: null, contactEmail: null, contactPhone: null }

/** Read on the server for every proposal stored (SPEC §4); a user not heard of yet is Free with no profile. */
export async function accountOf(prisma: PrismaClient, userId: number): Promise<Account> {
  const row = await prisma.userAccount.findUnique({ where: { userId } })
  if (!row) return { plan: 'free', profile: { ...NO_COMPANY, ...NO_CONTACT } }
  return {
    plan: row.plan === 'pro' ? 'pro' : 'free',
    profile: {
      companyName: row.companyName,
      companyLogo: row.companyLogo,
      companyWebsite: row.companyWebsite,
      contactName: row.contactName,
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
    },
  }
}

import type { Plan } from '@valueproof/contracts'
import { createBatchLoader, type BatchLoader } from '@valueproof/http-kit'
import type { PrismaClient, UserAccount } from '../db.ts'

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

const UNKNOWN_ACCOUNT: Account = { plan: 'free', profile: { ...NO_COMPANY, ...NO_CONTACT } }

function accountFromRow(row: UserAccount): Account {
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

/** Read on the server for every proposal stored (SPEC §4); a user not heard of yet is Free with no profile. */
export async function accountOf(prisma: PrismaClient, userId: number): Promise<Account> {
  const row = await prisma.userAccount.findUnique({ where: { userId } })
  return row ? accountFromRow(row) : UNKNOWN_ACCOUNT
}

export interface AccountLoader {
  /** The owner as the service knows them now; Free with no profile when not heard of yet. */
  load(userId: number): Promise<Account>
}

/**
 * Owners' accounts for opening proposals: one query for all the opens of one turn of the event
 * loop, nothing cached (decision 050), so a plan change shows on the next open.
 */
export function createAccountLoader(prisma: PrismaClient): AccountLoader {
  const rows: BatchLoader<number, UserAccount> = createBatchLoader({
    async loadMany(userIds) {
      const found = await prisma.userAccount.findMany({ where: { userId: { in: userIds } } })
      return new Map(found.map((row) => [row.userId, row]))
    },
  })
  return {
    async load(userId) {
      const row = await rows.load(userId)
      return row ? accountFromRow(row) : UNKNOWN_ACCOUNT
    },
  }
}

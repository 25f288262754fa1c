import type { Plan } from '@valueproof/contracts'
import type { PrismaClient } from '../db.ts'

export interface CompanyProfile {
  companyName: string | null
  companyLogo: string | null
  companyWebsite: string | null
}

/** A user as the proposal service knows them from other services' events. */
export interface Account {
  plan: Plan
  profile: CompanyProfile
}

const NO_PROFILE: CompanyProfile = { companyName: null, companyLogo: null, companyWebsite: null }

/** Read on the server for every proposal stored (SPEC §4); a user not heard of yet is Free with no profile. */
export async function accountOf(prisma: PrismaClient, userId: number): Promise<Account> {
  const row = await prisma.userAccount.findUnique({ where: { userId } })
  if (!row) return { plan: 'free', profile: NO_PROFILE }
  return {
    plan: row.plan === 'pro' ? 'pro' : 'free',
    profile: { companyName: row.companyName, companyLogo: row.companyLogo, companyWebsite: row.companyWebsite },
  }
}

// The seller as e-mail sees them: a projection of identity's verified address and language, beside
// the kinds of e-mail they turned off. Every kind is on until turned off.
import type { NotificationKind, NotificationSettings } from '@valueproof/contracts'
import type { PrismaClient, Tx } from '../db.ts'

type Db = PrismaClient | Tx

export interface SellerRow {
  userId: number
  email: string | null
  language: string
  firstOpen: boolean
  laterOpens: boolean
  agreed: boolean
  pdfDownloaded: boolean
  weeklyDigest: boolean
}

export function settingsOf(seller: SellerRow | null): NotificationSettings {
  return {
    firstOpen: seller?.firstOpen ?? true,
    laterOpens: seller?.laterOpens ?? true,
    agreed: seller?.agreed ?? true,
    pdfDownloaded: seller?.pdfDownloaded ?? true,
    weeklyDigest: seller?.weeklyDigest ?? true,
  }
}

export function wants(seller: SellerRow, kind: NotificationKind): boolean {
  return settingsOf(seller)[kind]
}

export function languageOf(seller: Pick<SellerRow, 'language'> | null): 'en' | 'sv' {
  return seller?.language === 'sv' ? 'sv' : 'en'
}

export async function findSeller(db: Db, userId: number): Promise<SellerRow | null> {
  return db.seller.findUnique({ where: { userId } })
}

/** identity.user.email_changed: the verified address ('' when none) and the language, unless a newer change is applied already. */
export async function projectEmail(
  db: Db,
  change: { userId: number; verifiedEmail: string; language: string; changedAt: Date },
): Promise<void> {
  const email = change.verifiedEmail.trim() === '' ? null : change.verifiedEmail.trim()
  const state = { email, language: change.language === 'sv' ? 'sv' : 'en', emailChangedAt: change.changedAt }
  await db.seller.createMany({ data: [{ userId: change.userId }], skipDuplicates: true })
  await db.seller.updateMany({
    where: { userId: change.userId, OR: [{ emailChangedAt: null }, { emailChangedAt: { lte: change.changedAt } }] },
    data: state,
  })
}

export async function updateSettings(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<NotificationSettings> {
  const seller = await db.seller.upsert({ where: { userId }, create: { userId, ...changes }, update: changes })
  return settingsOf(seller)
}

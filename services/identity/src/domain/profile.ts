import { COMPANY_PROFILE_FIELDS, type ProfileBody } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { ObjectStore } from '@valueproof/object-store'
import type { OutboundClient } from '@valueproof/outbound-http'
import type { PrismaClient, User } from '../db.ts'
import { recordUserProfileUpdated } from '../events/outbox.ts'
import { importLogo, LOGO_URL_PREFIX } from './logos.ts'

/** What a profile change needs beyond the database: where logos are stored, and how an external one is fetched. */
export interface ProfileDeps {
  prisma: PrismaClient
  objectStore: ObjectStore
  outbound: OutboundClient
}

export const PRO_ONLY_PROFILE_MESSAGE = 'Company profile editing is available on the Pro plan. Upgrade to Pro to edit your company profile.'

export async function loadUser(prisma: PrismaClient, userId: number): Promise<User> {
  return signedInUser(await prisma.user.findUnique({ where: { id: userId } }))
}

/** The user a valid session belongs to; an account that is gone reads as signed out. */
export function signedInUser(user: User | null): User {
  if (!user) throw errors.unauthorized()
  return user
}

export function assertCanEditProfile(user: User): void {
  if (user.plan !== 'pro') throw errors.forbidden(PRO_ONLY_PROFILE_MESSAGE, 'pro_plan_required')
}

/** Whether the request changes a company field (SPEC §5: Pro only); the contact fields are every plan's. */
function touchesCompany(changes: ProfileBody): boolean {
  return COMPANY_PROFILE_FIELDS.some((field) => changes[field] !== undefined)
}

/** '' and null clear a field; undefined leaves it as it is. */
function nextValue(value: string | null | undefined, current: string | null): string | null {
  if (value === undefined) return current
  return value === null || value === '' ? null : value
}

/**
 * The logo as stored: one this user uploaded (served by us) as it is, or an http(s) address fetched
 * once and stored as an upload (issue 34: prospects' browsers load logos from us only).
 */
async function ownLogo(deps: ProfileDeps, userId: number, logo: string): Promise<string> {
  if (logo.startsWith(LOGO_URL_PREFIX)) {
    const key = logo.slice(LOGO_URL_PREFIX.length)
    const stored = await deps.prisma.logo.findUnique({ where: { key }, select: { userId: true } })
    if (stored?.userId === userId) return logo
    throw errors.badRequest('companyLogo: use a logo you uploaded with /api/upload-logo')
  }
  let url: URL | undefined
  try {
    url = new URL(logo)
  } catch {
    // falls through to the error below
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw errors.badRequest('companyLogo: must be an uploaded logo or an http(s) URL')
  }
  return (await importLogo(deps, { userId, url: url.href })).url
}

/**
 * The company fields are Pro only (enforced here, not just in the browser); the seller's contact
 * details are open to every plan. The profile-updated event commits with the change.
 */
export async function updateProfile(deps: ProfileDeps, props: { userId: number; changes: ProfileBody }): Promise<User> {
  const { prisma } = deps
  const user = await loadUser(prisma, props.userId)
  if (touchesCompany(props.changes)) assertCanEditProfile(user)
  const asked = nextValue(props.changes.companyLogo, user.companyLogo)
  const companyLogo = asked !== null && asked !== user.companyLogo ? await ownLogo(deps, user.id, asked) : asked
  return prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: user.id },
      data: {
        companyName: nextValue(props.changes.companyName, user.companyName),
        companyLogo,
        companyWebsite: nextValue(props.changes.companyWebsite, user.companyWebsite),
        contactName: nextValue(props.changes.contactName, user.contactName),
        contactEmail: nextValue(props.changes.contactEmail, user.contactEmail),
        contactPhone: nextValue(props.changes.contactPhone, user.contactPhone),
      },
    })
    await recordUserProfileUpdated(tx, updated)
    return updated
  })
}

// What the notification service hears, and what each event becomes (decision 137).
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt'
import {
  emailVerificationRequested,
  grantedPlan,
  proposalAgreed,
  proposalDeleted,
  proposalPdfDownloaded,
  proposalViewed,
  subscriptionChanged,
  userEmailChanged,
  userRegistered,
} from '@valueproof/event-bus'
import { oweMail } from '../domain/mail-queue.ts'
import { forgetProposal, keepProposal, recordOpen } from '../domain/opens.ts'
import { projectEmail } from '../domain/sellers.ts'
import { oweWebhooks } from '../webhooks/fan-out.ts'
import { projectPlan } from '../hubspot/plan.ts'
import { consumer, type Consumer } from './consume.ts'

function timeOf(stamp: Timestamp | undefined, fallback: Date): Date {
  return stamp ? timestampDate(stamp) : fallback
}

/** A counted view by a prospect (never the owner's, never a suspect one) is news to the owner. */
function countedByProspect(viewer: string, counting: string): boolean {
  return viewer === 'visitor' && (counting === 'counted' || counting === '')
}

export function notificationConsumers(options: { laterOpensWindowMs: number }): Consumer[] {
  return [
    consumer(userRegistered, 'user-registered', (tx, { message }) =>
      projectPlan(tx, { userId: message.userId, plan: message.plan === 'pro' ? 'pro' : 'free', version: 0 }),
    ),
    consumer(subscriptionChanged, 'subscription-changed', (tx, { message }) =>
      projectPlan(tx, { userId: message.userId, ...grantedPlan(message) }),
    ),
    consumer(userEmailChanged, 'user-email-changed', async (tx, { message, occurredAt }) => {
      await projectEmail(tx, {
        userId: message.userId,
        verifiedEmail: message.verifiedEmail,
        language: message.language,
        changedAt: timeOf(message.changedAt, occurredAt),
      })
    }),
    consumer(emailVerificationRequested, 'email-verification-requested', async (tx, { id, message }) => {
      await oweMail(tx, {
        id: `verify-${id}`,
        userId: message.userId,
        kind: 'verify',
        address: message.email,
        data: { verifyPath: message.verifyPath, language: message.language === 'sv' ? 'sv' : 'en' },
      })
    }),
    consumer(proposalViewed, 'proposal-viewed', async (tx, { id, message, occurredAt }, { dbSchema }) => {
      if (!countedByProspect(message.viewer, message.counting)) return
      const open = { eventId: id, proposalId: message.proposalId, ownerUserId: message.ownerUserId, title: message.title }
      await recordOpen(tx, { ...open, viewedAt: timeOf(message.viewedAt, occurredAt) }, { ...options, dbSchema })
      await oweWebhooks(tx, {
        eventId: id,
        type: 'proposal.opened',
        ownerUserId: message.ownerUserId,
        occurredAt: timeOf(message.viewedAt, occurredAt),
        data: { proposalId: message.proposalId, title: message.title, openedAt: timeOf(message.viewedAt, occurredAt).toISOString() },
      })
    }),
    consumer(proposalAgreed, 'proposal-agreed', async (tx, { id, message, occurredAt }) => {
      await keepProposal(tx, message)
      await oweMail(tx, {
        id: `agreed-${id}`,
        userId: message.ownerUserId,
        kind: 'agreed',
        data: {
          proposalId: message.proposalId,
          title: message.title,
          scenario: message.scenario,
          ...(message.yearlyValue === undefined ? {} : { yearlyValue: message.yearlyValue }),
          currency: message.currency,
          agreedByName: message.agreedByName,
        },
      })
      await oweWebhooks(tx, {
        eventId: id,
        type: 'proposal.agreed',
        ownerUserId: message.ownerUserId,
        occurredAt: timeOf(message.agreedAt, occurredAt),
        data: {
          proposalId: message.proposalId,
          title: message.title,
          scenario: message.scenario,
          yearlyValue: message.yearlyValue ?? null,
          currency: message.currency,
          agreedAt: timeOf(message.agreedAt, occurredAt).toISOString(),
        },
      })
    }),
    consumer(proposalPdfDownloaded, 'proposal-pdf-downloaded', async (tx, { id, message, occurredAt }) => {
      if (message.viewer !== 'visitor') return
      await keepProposal(tx, message)
      await oweMail(tx, {
        id: `pdf_downloaded-${id}`,
        userId: message.ownerUserId,
        kind: 'pdf_downloaded',
        data: { proposalId: message.proposalId, title: message.title, scenario: message.scenario },
      })
      await oweWebhooks(tx, {
        eventId: id,
        type: 'proposal.pdf_downloaded',
        ownerUserId: message.ownerUserId,
        occurredAt: timeOf(message.downloadedAt, occurredAt),
        data: {
          proposalId: message.proposalId,
          title: message.title,
          scenario: message.scenario,
          downloadedAt: timeOf(message.downloadedAt, occurredAt).toISOString(),
        },
      })
    }),
    consumer(proposalDeleted, 'proposal-deleted', async (tx, { message, occurredAt }) => {
      await forgetProposal(tx, {
        proposalId: message.proposalId,
        ownerUserId: message.userId,
        deletedAt: timeOf(message.deletedAt, occurredAt),
      })
    }),
  ]
}

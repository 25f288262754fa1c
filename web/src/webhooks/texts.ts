// What /settings says about webhooks: the events in the seller's words, and a delivery's outcome.
import type { WebhookDelivery, WebhookEventType } from '@valueproof/contracts'

export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'proposal.opened': 'A prospect opens a proposal',
  'proposal.agreed': 'A prospect agrees to the numbers',
  'proposal.pdf_downloaded': 'A prospect downloads the PDF',
}

const STATUS_WORDS: Readonly<Record<WebhookDelivery['status'], string>> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
}

/** "Delivered", "Retrying" or "Failed"; a delivery not tried yet is "Sending". */
export function deliveryStatusText(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  return delivery.status === 'pending' && delivery.attempts === 0 ? 'Sending' : STATUS_WORDS[delivery.status]
}

/** The last answer's HTTP status, or a dash when none came (no connection, no answer in time, not tried yet). */
export function responseCodeText(delivery: Pick<WebhookDelivery, 'responseCode'>): string {
  return delivery.responseCode === undefined ? '—' : String(delivery.responseCode)
}

/** When it was delivered, or else when it was created, in the reader's locale. */
export function deliveryTimeText(delivery: Pick<WebhookDelivery, 'createdAt' | 'deliveredAt'>, locale?: string): string {
  return new Date(delivery.deliveredAt ?? delivery.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

// The words of the seller's e-mail notifications (issue 39): the switches in /settings and the
// unsubscribe page an e-mail's link opens.
import type { NotificationKind } from '@valueproof/contracts'

/** Each switch in Settings › E-mail notifications, in the order they are shown. */
export const NOTIFICATION_SWITCHES: ReadonlyArray<{ kind: NotificationKind; label: string }> = [
  { kind: 'firstOpen', label: 'A prospect opens a proposal for the first time' },
  { kind: 'laterOpens', label: 'Later opens, gathered (at most one e-mail an hour per proposal)' },
  { kind: 'agreed', label: 'A prospect agrees to the numbers' },
  { kind: 'pdfDownloaded', label: 'A prospect downloads the PDF' },
  { kind: 'weeklyDigest', label: 'Weekly digest of views (Mondays)' },
]

export const NOTIFICATIONS_TITLE = 'E-mail notifications'
export const NOTIFICATIONS_NOTE = 'E-mails go to your confirmed address in Settings › E-mail.'
export const NOTIFICATION_SAVE_FAILED = 'Could not save your e-mail notifications'

/** What each kind of e-mail is sent on, to finish "Stop e-mails when …?". */
const KIND_IN_WORDS: Record<NotificationKind, string> = {
  firstOpen: 'a prospect opens a proposal for the first time',
  laterOpens: 'a prospect opens a proposal again',
  agreed: 'a prospect agrees to the numbers',
  pdfDownloaded: 'a prospect downloads the PDF',
  weeklyDigest: 'the weekly digest of views is ready',
}

/** The unsubscribe page's question for the e-mail's kind. */
export function unsubscribeQuestion(kind: NotificationKind): string {
  return `Stop e-mails when ${KIND_IN_WORDS[kind]}?`
}

// After the unsubscribe: "Done. You will no longer get these e-mails. You can turn them on again in
// Settings.", Settings being the link to the switches. A link followed again finds them already off.
export const UNSUBSCRIBED = 'Done. You will no longer get these e-mails.'
export const ALREADY_UNSUBSCRIBED = 'You no longer get these e-mails.'
export const TURN_ON_AGAIN_IN = 'You can turn them on again in '
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.'
export const DEV_MAILBOX_OFF = 'The development mailbox is off: e-mails go to the SMTP server.'

// The development mailbox page (issue 39, decision 137): the local mailbox of `npm start` without
// an SMTP server, newest first, each e-mail's plain text with its links made clickable.
import type { DevMailbox } from '@valueproof/contracts'

export type MailboxMessage = DevMailbox['messages'][number]

/** The e-mails newest first (the service lists them so; a page that sorts again shows the same when it does not). */
export function newestFirst(messages: readonly MailboxMessage[]): MailboxMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
}

export type TextPart = { text: string } | { text: string; href: string }

// An http(s) address runs to the next space or angle bracket; ends like a sentence's full stop or a
// closing bracket are the text's, not the address's.
const ADDRESS = /https?:\/\/[^\s<>"]+/g
const TRAILING = /[.,;:!?)\]'"]+$/

/** The plain text cut into text and the http(s) addresses in it, to show the addresses as links. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const match of text.matchAll(ADDRESS)) {
    const href = match[0].replace(TRAILING, '')
    if (match.index > at) parts.push({ text: text.slice(at, match.index) })
    parts.push({ text: href, href })
    at = match.index + href.length
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}

const LANGUAGE_NAMES: Record<MailboxMessage['language'], string> = { en: 'English', sv: 'Swedish' }

export function languageName(language: MailboxMessage['language']): string {
  return LANGUAGE_NAMES[language]
}

/**
 * The HTML part as the page frames it: links open in a new tab, as the frame is sandboxed and the
 * product's pages refuse to be framed.
 */
export function framedHtml(html: string): string {
  const base = '<base target="_blank">'
  // Inside <head> when there is one: before a doctype it would put the document in quirks mode.
  const head = /<head(?:\s[^>]*)?>/i.exec(html)
  if (head === null) return base + html
  const end = head.index + head[0].length
  return html.slice(0, end) + base + html.slice(end)
}

const mailDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** 'Nov 29, 2026, 7:30 AM' in the browser's time zone; the text as given when it is no date. */
export function mailDate(date: string): string {
  const time = Date.parse(date)
  return Number.isNaN(time) ? date : mailDateFormat.format(time)
}

// An owed mail, written out: subject, plain text and HTML in the seller's language, with absolute
// links on the product's public origin. Nothing the seller may not see goes in (no visitor ids, no
// addresses): only what the events carried for them.
import { CURRENCIES, formatMoney, MONEY_LOCALES, type Currency } from '@valueproof/formula'
import type { MailLanguage } from '@valueproof/mailer'
import type { TypedMail } from '../domain/mail-kinds.ts'
import { mailTexts, type MailTexts } from './texts.ts'

export interface ComposedMail {
  subject: string
  text: string
  html: string
}

export interface MailLinks {
  /** The product's public origin, e.g. https://app.example.com (no trailing slash). */
  origin: string
  /** The unsubscribe token of this mail's kind and seller; absent for a verification. */
  unsubscribeToken?: string
}

interface Paragraph {
  text: string
  /** A link shown after the paragraph: as a button in HTML, as "label: url" in text. */
  link?: { label: string; url: string }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

function money(amount: number, currency: string): string {
  const known = (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : 'USD'
  return formatMoney(amount, known, MONEY_LOCALES[known])
}

/** The agreed value per year as the page says it: a net cost as one, with its amount positive; nothing when there is none. */
function yearlyLine(texts: MailTexts, value: number | undefined, currency: string): string[] {
  if (value === undefined || value === 0) return []
  return value < 0 ? [`${texts.agreed.netCost}: ${money(-value, currency)}`] : [`${texts.agreed.yearlyValue}: ${money(value, currency)}`]
}

export function unsubscribeUrls(origin: string, token: string): { oneClick: string; page: string } {
  const query = `token=${encodeURIComponent(token)}`
  return { oneClick: `${origin}/api/notifications/unsubscribe?${query}`, page: `${origin}/unsubscribe?${query}` }
}

function analyticsLink(texts: MailTexts, origin: string, proposalId: string): Paragraph['link'] {
  return { label: texts.openAnalytics, url: `${origin}/analytics/${encodeURIComponent(proposalId)}` }
}

/** The subject and paragraphs of each kind. */
function content(mail: TypedMail, texts: MailTexts, origin: string): { subject: string; paragraphs: Paragraph[] } {
  switch (mail.kind) {
    case 'verify': {
      const path = mail.data.verifyPath.startsWith('/') && !mail.data.verifyPath.startsWith('//') ? mail.data.verifyPath : '/settings'
      return {
        subject: texts.verify.subject,
        paragraphs: [
          { text: texts.verify.lead, link: { label: texts.verify.button, url: `${origin}${path}` } },
          { text: texts.verify.ignore },
        ],
      }
    }
    case 'first_open': {
      const values = { title: mail.data.title }
      return {
        subject: fill(texts.firstOpen.subject, values),
        paragraphs: [{ text: fill(texts.firstOpen.lead, values), link: analyticsLink(texts, origin, mail.data.proposalId) }],
      }
    }
    case 'later_opens': {
      const values = { title: mail.data.title }
      return {
        subject: fill(texts.laterOpens.subject(mail.data.opens), values),
        paragraphs: [
          { text: fill(texts.laterOpens.lead(mail.data.opens), values), link: analyticsLink(texts, origin, mail.data.proposalId) },
        ],
      }
    }
    case 'agreed': {
      const values = { title: mail.data.title }
      const facts = [
        `${texts.agreed.scenario}: ${texts.scenarioNames[mail.data.scenario] ?? mail.data.scenario}`,
        ...yearlyLine(texts, mail.data.yearlyValue, mail.data.currency),
        ...(mail.data.agreedByName.trim() === '' ? [] : [`${texts.agreed.by}: ${mail.data.agreedByName.trim()}`]),
      ]
      return {
        subject: fill(texts.agreed.subject, values),
        paragraphs: [
          { text: fill(texts.agreed.lead, values) },
          ...facts.map((text) => ({ text })),
          { text: '', link: analyticsLink(texts, origin, mail.data.proposalId) },
        ],
      }
    }
    case 'pdf_downloaded': {
      const values = { title: mail.data.title }
      return {
        subject: fill(texts.pdfDownloaded.subject, values),
        paragraphs: [
          { text: fill(texts.pdfDownloaded.lead, values) },
          { text: `${texts.pdfDownloaded.scenario}: ${texts.scenarioNames[mail.data.scenario] ?? mail.data.scenario}` },
          { text: '', link: analyticsLink(texts, origin, mail.data.proposalId) },
        ],
      }
    }
    case 'webhook_disabled':
      return {
        subject: texts.webhookDisabled.subject,
        paragraphs: [
          { text: fill(texts.webhookDisabled.lead, { url: mail.data.url }) },
          { text: `${texts.webhookDisabled.reason}: ${mail.data.reason}` },
          { text: texts.webhookDisabled.action, link: { label: texts.webhookDisabled.button, url: `${origin}/settings` } },
        ],
      }
    case 'weekly_digest': {
      const viewed = mail.data.proposals.filter((proposal) => proposal.views > 0)
      return {
        subject: texts.weeklyDigest.subject,
        paragraphs:
          viewed.length === 0
            ? [{ text: texts.weeklyDigest.none }]
            : [
                { text: fill(texts.weeklyDigest.lead, { weekStart: mail.data.weekStart }) },
                ...viewed.map((proposal) => ({
                  text: `${proposal.title}: ${texts.weeklyDigest.views(proposal.views)}`,
                  link: analyticsLink(texts, origin, proposal.proposalId),
                })),
              ],
      }
    }
  }
}

function textPart(texts: MailTexts, paragraphs: Paragraph[], footer: string[]): string {
  const lines = [texts.greeting, '']
  for (const paragraph of paragraphs) {
    if (paragraph.text !== '') lines.push(paragraph.text)
    if (paragraph.link !== undefined) lines.push(`${paragraph.link.label}: ${paragraph.link.url}`)
    lines.push('')
  }
  return (footer.length === 0 ? lines : [...lines, '--', ...footer]).join('\n').trimEnd()
}

function htmlPart(language: MailLanguage, texts: MailTexts, paragraphs: Paragraph[], footer: Paragraph[]): string {
  const body = paragraphs
    .map((paragraph) => {
      const text = paragraph.text === '' ? '' : `<p style="margin:0 0 12px">${escapeHtml(paragraph.text)}</p>`
      const link =
        paragraph.link === undefined
          ? ''
          : `<p style="margin:0 0 16px"><a href="${escapeHtml(paragraph.link.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(paragraph.link.label)}</a></p>`
      return text + link
    })
    .join('\n')
  const foot = footer
    .map((line) =>
      line.link === undefined
        ? `<p style="margin:0 0 6px">${escapeHtml(line.text)}</p>`
        : `<p style="margin:0 0 6px"><a href="${escapeHtml(line.link.url)}" style="color:#6b7280">${escapeHtml(line.link.label)}</a></p>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#111827;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 12px">${escapeHtml(texts.greeting)}</p>
${body}
${foot === '' ? '' : `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">\n<div style="font-size:13px;color:#6b7280">\n${foot}\n</div>`}
</div></body></html>`
}

export function composeMail(mail: TypedMail, language: MailLanguage, links: MailLinks): ComposedMail {
  const texts = mailTexts(language)
  const { subject, paragraphs } = content(mail, texts, links.origin)
  const footer: Paragraph[] = []
  if (links.unsubscribeToken !== undefined) {
    footer.push({ text: texts.footer })
    footer.push({
      text: texts.unsubscribe,
      link: { label: texts.unsubscribe, url: unsubscribeUrls(links.origin, links.unsubscribeToken).page },
    })
    footer.push({ text: texts.settings, link: { label: texts.settings, url: `${links.origin}/settings` } })
  }
  const textFooter = footer.map((line) => (line.link === undefined ? line.text : `${line.link.label}: ${line.link.url}`))
  return { subject, text: textPart(texts, paragraphs, textFooter), html: htmlPart(language, texts, paragraphs, footer) }
}

/**
 * The same move as a HubSpot note on the linked deal: the subject in bold, then the paragraphs and
 * the analytics link, as the plain HTML HubSpot shows in a note (no greeting, no footer).
 */
export function composeNote(mail: TypedMail, language: MailLanguage, origin: string): string {
  const { subject, paragraphs } = content(mail, mailTexts(language), origin)
  const lines = paragraphs.map((paragraph) => {
    const link = paragraph.link === undefined ? '' : `<a href="${escapeHtml(paragraph.link.url)}">${escapeHtml(paragraph.link.label)}</a>`
    return `<p>${escapeHtml(paragraph.text)}${paragraph.text !== '' && link !== '' ? '<br>' : ''}${link}</p>`
  })
  return [`<p><strong>${escapeHtml(subject)}</strong></p>`, ...lines].join('')
}

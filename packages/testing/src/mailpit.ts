// The e-mail tests' inbox: Mailpit's HTTP API (scripts/infra.sh starts it). Tests share one Mailpit,
// so each sends to addresses of its own and reads only those; nothing here deletes another's mail.
import { z } from 'zod'
import { infra } from './infra.ts'

const summarySchema = z.object({
  ID: z.string(),
  MessageID: z.string(),
  Subject: z.string(),
  To: z.array(z.object({ Address: z.string() })),
})
const searchSchema = z.object({ messages: z.array(summarySchema) })
const messageSchema = summarySchema.extend({ Text: z.string(), HTML: z.string() })
const headersSchema = z.record(z.string(), z.array(z.string()))

export type MailpitMessage = z.infer<typeof messageSchema> & { headers: Record<string, string[]> }

async function api(path: string): Promise<unknown> {
  const response = await fetch(new URL(path, infra.mailpitUrl), { signal: AbortSignal.timeout(5000) })
  if (!response.ok) throw new Error(`Mailpit answered ${response.status} to ${path}`)
  return response.json()
}

/** The messages Mailpit holds for `address`, newest first, each whole (both parts and every header). */
export async function mailTo(address: string): Promise<MailpitMessage[]> {
  const found = searchSchema.parse(await api(`/api/v1/search?limit=200&query=${encodeURIComponent(`to:"${address}"`)}`))
  return Promise.all(
    found.messages.map(async (summary) => {
      const message = messageSchema.parse(await api(`/api/v1/message/${summary.ID}`))
      const headers = headersSchema.parse(await api(`/api/v1/message/${summary.ID}/headers`))
      return { ...message, headers }
    }),
  )
}

const pageSchema = z.object({
  messages: z.array(summarySchema.extend({ Created: z.string() })),
  messages_count: z.number(),
})

/** Every message Mailpit holds for `address` (subject and when Mailpit received it), read page by page. */
export async function mailSummariesTo(address: string): Promise<Array<{ subject: string; received: Date; messageId: string }>> {
  const summaries: Array<{ subject: string; received: Date; messageId: string }> = []
  for (let start = 0; ; start += 500) {
    const page = pageSchema.parse(await api(`/api/v1/search?start=${start}&limit=500&query=${encodeURIComponent(`to:"${address}"`)}`))
    for (const message of page.messages)
      summaries.push({ subject: message.Subject, received: new Date(message.Created), messageId: message.MessageID })
    if (page.messages.length < 500) return summaries
  }
}

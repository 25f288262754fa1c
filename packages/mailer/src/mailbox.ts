// The local mailbox: where e-mails go when no SMTP server is configured (`npm start` on a fresh
// clone), so the feature works offline and can be read at a development-only page. Each message is
// two files named by its id: the raw message (`.eml`, as an SMTP server would receive it) and a
// summary (`.json`) that the page lists. Writing the same id again replaces the pair, never adds one.
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { MailLanguage, OutgoingMail } from './mail.ts'

export interface MailboxEntry {
  id: string
  messageId: string
  to: string
  subject: string
  language: MailLanguage
  text: string
  html: string
  unsubscribeUrl?: string
  /** ISO time it was written. */
  date: string
}

const entrySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  to: z.string(),
  subject: z.string(),
  language: z.enum(['en', 'sv']),
  text: z.string(),
  html: z.string(),
  unsubscribeUrl: z.string().optional(),
  date: z.string(),
})

/** Writes through a temporary name, so a reader never sees half a file. */
async function writeAtomically(path: string, content: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, content)
  await rename(temporary, path)
}

export async function writeToMailbox(dir: string, mail: OutgoingMail, messageId: string, raw: Buffer, now = new Date()): Promise<void> {
  await mkdir(dir, { recursive: true })
  const entry: MailboxEntry = {
    id: mail.id,
    messageId,
    to: mail.to,
    subject: mail.subject,
    language: mail.language,
    text: mail.text,
    html: mail.html,
    ...(mail.unsubscribeUrl === undefined ? {} : { unsubscribeUrl: mail.unsubscribeUrl }),
    date: now.toISOString(),
  }
  await writeAtomically(join(dir, `${mail.id}.eml`), raw)
  await writeAtomically(join(dir, `${mail.id}.json`), JSON.stringify(entry))
}

/** The mailbox's messages, newest first; a missing folder is an empty mailbox, an unreadable summary is skipped. */
export async function listMailbox(dir: string, limit = 200): Promise<MailboxEntry[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const entries: MailboxEntry[] = []
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    try {
      entries.push(entrySchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8'))))
    } catch {
      // A summary being replaced or written by another version: the next listing has it.
    }
  }
  return entries.sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit)
}

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventually, infra, mailTo, needs } from '@valueproof/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { deliveryErrorOf, MailDeliveryError, type OutgoingMail } from './mail.ts'
import { listMailbox } from './mailbox.ts'
import { createMailer } from './mailer.ts'

const FROM = 'ValueProof <notifications@valueproof.test>'

function mailFor(to: string, id: string): OutgoingMail {
  return {
    id,
    to,
    subject: 'Ditt förslag öppnades',
    text: 'Acme öppnade "Supportautomation" i dag.',
    html: '<p>Acme öppnade <strong>Supportautomation</strong> i dag.</p>',
    language: 'sv',
    unsubscribeUrl: `https://app.valueproof.test/api/notifications/unsubscribe?token=${id}`,
  }
}

function uniqueAddress(): string {
  return `seller-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
}

/** A port nothing listens on: one the OS gave and took back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const address = server.address()
  await new Promise((closed) => server.close(closed))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe.skipIf(!(await needs('mailpit')))('sending over SMTP (Mailpit)', () => {
  it('delivers one message with both parts, its language, its Message-ID and a one-click unsubscribe', async () => {
    const mailer = createMailer({ smtpUrl: infra.smtpUrl, from: FROM, mailboxDir: '/nonexistent' })
    const to = uniqueAddress()
    try {
      const sent = await mailer.send(mailFor(to, 'opened-42'))
      expect(sent).toEqual({ messageId: '<opened-42@valueproof.test>', where: 'smtp' })
      const [message, ...others] = await eventually(async () => {
        const found = await mailTo(to)
        return found.length > 0 ? found : undefined
      })
      expect(others).toEqual([])
      expect(message?.Subject).toBe('Ditt förslag öppnades')
      expect(message?.Text.trim()).toBe('Acme öppnade "Supportautomation" i dag.')
      expect(message?.HTML).toContain('<strong>Supportautomation</strong>')
      expect(message?.MessageID).toBe('opened-42@valueproof.test')
      expect(message?.headers['Content-Language']).toEqual(['sv'])
      expect(message?.headers['List-Unsubscribe']).toEqual(['<https://app.valueproof.test/api/notifications/unsubscribe?token=opened-42>'])
      expect(message?.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    } finally {
      mailer.close()
    }
  })
})

describe('when the SMTP server cannot take the message', () => {
  it('fails the send as worth retrying when nothing answers on the port', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: FROM,
      mailboxDir: '/nonexistent',
      timeoutMs: 2000,
    })
    try {
      const failure = await mailer.send(mailFor(uniqueAddress(), 'down-1')).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(MailDeliveryError)
      expect(failure).toMatchObject({ transient: true })
    } finally {
      mailer.close()
    }
  })

  it('reads 4xx as busy (retry) and 5xx as refused for good, but a failed login as the operator’s to fix (retry)', () => {
    expect(deliveryErrorOf(Object.assign(new Error('451 try later'), { code: 'EENVELOPE', responseCode: 451 }))).toMatchObject({
      transient: true,
    })
    expect(deliveryErrorOf(Object.assign(new Error('550 no such user'), { code: 'EENVELOPE', responseCode: 550 }))).toMatchObject({
      transient: false,
      responseCode: 550,
    })
    expect(deliveryErrorOf(Object.assign(new Error('535 bad login'), { code: 'EAUTH', responseCode: 535 }))).toMatchObject({
      transient: true,
    })
    expect(deliveryErrorOf(Object.assign(new Error('no recipients'), { code: 'EENVELOPE' }))).toMatchObject({ transient: false })
    expect(deliveryErrorOf(Object.assign(new Error('closed'), { code: 'ECONNECTION' }))).toMatchObject({ transient: true })
  })
})

describe('the local mailbox (no SMTP_URL)', () => {
  const dirs: string[] = []
  afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

  it('keeps each message once, as a raw message and a summary the development page lists', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mailbox-'))
    dirs.push(dir)
    const mailer = createMailer({ from: FROM, mailboxDir: dir })
    const to = uniqueAddress()
    expect(mailer.kind).toBe('mailbox')
    await mailer.send(mailFor(to, 'agreed-7'))
    await mailer.send(mailFor(to, 'agreed-7'))
    await mailer.send({ ...mailFor(to, 'opened-8'), subject: 'Second' })
    expect((await readdir(dir)).sort()).toEqual(['agreed-7.eml', 'agreed-7.json', 'opened-8.eml', 'opened-8.json'])
    const raw = await readFile(join(dir, 'agreed-7.eml'), 'utf8')
    expect(raw).toMatch(/^Message-ID: <agreed-7@valueproof\.test>$/m)
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
    expect(raw).toContain('Content-Type: text/plain')
    expect(raw).toContain('Content-Type: text/html')
    const listed = await listMailbox(dir)
    expect(listed.map((entry) => entry.id).sort()).toEqual(['agreed-7', 'opened-8'])
    expect(listed.find((entry) => entry.id === 'agreed-7')).toMatchObject({ to, language: 'sv', subject: 'Ditt förslag öppnades' })
  })

  it('lists a mailbox that was never written as empty', async () => {
    expect(await listMailbox(join(tmpdir(), `never-${Date.now()}`))).toEqual([])
  })

  it('refuses an id that could escape the folder or break the Message-ID', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mailbox-'))
    dirs.push(dir)
    const mailer = createMailer({ from: FROM, mailboxDir: dir })
    await expect(mailer.send(mailFor(uniqueAddress(), '../etc/passwd'))).rejects.toThrow(/id must be/)
    expect(await readdir(dir)).toEqual([])
  })
})

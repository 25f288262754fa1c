import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import { Spinner } from '../components/spinner.tsx'
import { Button } from '../components/ui/button.tsx'
import { classNames } from '../components/ui/class-names.ts'
import { framedHtml, languageName, mailDate, newestFirst, textParts, type MailboxMessage } from '../notifications/mailbox.ts'
import { mailboxSearchSchema } from '../notifications/mailbox-search.ts'
import { DEV_MAILBOX_OFF } from '../notifications/texts.ts'
import { pageHead } from '../page-title.ts'
import { devMailboxQueryOptions } from '../queries/notifications.ts'

/**
 * The development mailbox (issue 39, decision 137): with `npm start` and no SMTP server, the e-mails
 * the product would send are kept in a local folder and read here; this is how a seller opens their
 * confirmation link offline. A deployment answers 404 and the page says where mail goes instead.
 */
export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: mailboxSearchSchema,
  head: () => pageHead('Development mailbox'),
  component: DevMailboxPage,
})

function DevMailboxPage() {
  const mailbox = useQuery(devMailboxQueryOptions())
  const on = mailbox.data !== undefined && mailbox.data !== null
  return (
    <section aria-labelledby="mailbox-title" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="mailbox-title" className="text-3xl font-bold tracking-tight">
            Development mailbox
          </h1>
          {on && <p className="mt-1 text-sm text-muted-foreground">The e-mails this computer would have sent, newest first.</p>}
        </div>
        {on && (
          <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
            {mailbox.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        )}
      </div>
      {mailbox.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : mailbox.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 text-sm">
          <p>The mailbox could not be read: {mailbox.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void mailbox.refetch()}>
            Try again
          </Button>
        </div>
      ) : mailbox.data === null ? (
        <p role="status" className="rounded-lg border bg-card p-6 text-sm text-card-foreground">
          {DEV_MAILBOX_OFF}
        </p>
      ) : (
        <Mailbox messages={newestFirst(mailbox.data.messages)} />
      )}
    </section>
  )
}

function Mailbox({ messages }: { messages: MailboxMessage[] }) {
  const { id } = Route.useSearch()
  if (messages.length === 0) {
    return <p className="rounded-lg border bg-card p-6 text-sm text-card-foreground">No e-mails yet.</p>
  }
  const open = messages.find((message) => message.id === id) ?? messages[0]
  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <nav aria-label="E-mails" className="rounded-lg border bg-card text-card-foreground">
        <ul className="divide-y">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to="/dev/mailbox"
                search={{ id: message.id }}
                replace
                aria-current={message === open ? 'true' : undefined}
                className={classNames(
                  'grid gap-1 px-4 py-3 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  message === open && 'bg-muted',
                )}
              >
                <span className="font-medium break-words">{message.subject}</span>
                <span className="break-all text-muted-foreground">To {message.to}</span>
                <span className="text-xs text-muted-foreground">
                  {mailDate(message.date)} · {languageName(message.language)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {open !== undefined && <MessageView key={open.id} message={open} />}
    </div>
  )
}

function MessageView({ message }: { message: MailboxMessage }) {
  return (
    <article aria-labelledby="mail-subject" className="grid min-w-0 gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <header className="grid gap-1">
        <h2 id="mail-subject" className="text-xl font-semibold tracking-tight break-words">
          {message.subject}
        </h2>
        <p className="text-sm break-all text-muted-foreground">To {message.to}</p>
        <p className="text-sm text-muted-foreground">
          {mailDate(message.date)} · {languageName(message.language)}
        </p>
      </header>
      <section aria-labelledby="mail-text" className="grid gap-2">
        <h3 id="mail-text" className="text-sm font-semibold">
          Plain text
        </h3>
        <pre className="overflow-x-auto rounded-md border bg-background p-4 font-sans text-sm break-words whitespace-pre-wrap">
          {textParts(message.text).map((part, index) =>
            'href' in part ? (
              <a key={index} href={part.href} className="break-all text-primary underline underline-offset-4">
                {part.text}
              </a>
            ) : (
              <Fragment key={index}>{part.text}</Fragment>
            ),
          )}
        </pre>
      </section>
      <section aria-labelledby="mail-html" className="grid gap-2">
        <h3 id="mail-html" className="text-sm font-semibold">
          HTML
        </h3>
        {/* Sandboxed without scripts; links may open a new tab, as the product's pages refuse to be framed. */}
        <iframe
          title={`HTML part of “${message.subject}”`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={framedHtml(message.html)}
          className="h-[28rem] w-full rounded-md border bg-white"
        />
      </section>
    </article>
  )
}

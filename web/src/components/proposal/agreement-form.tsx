// The prospect's "These numbers work for us" (issue 20): their name and e-mail, sent with the
// scenario and the values on screen. Loaded when the prospect asks for it: most visits never do.
import { agreementSchema, type Agreement } from '@valueproof/contracts/agreement'
import type { ProposalTexts, Scenario } from '@valueproof/formula'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { apiRequest, ApiError } from '../../api.ts'
import { agreementUrl } from '../../proposals/proposal-links.ts'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'

export interface AgreementFormProps {
  proposalId: string
  accessCode: string | undefined
  scenario: Scenario
  values: Readonly<Record<string, number>>
  /** The optional pricing lines ticked on the page, when the proposal has any: the agreed price follows them. */
  options?: readonly string[] | undefined
  /** Only the e-mail addresses the seller named may agree (issue 34). */
  restricted: boolean
  texts: ProposalTexts
  /** The agreement as the server stored it (201). */
  onAgreed: (agreement: Agreement) => void
  onCancel: () => void
}

export function AgreementForm({
  proposalId,
  accessCode,
  scenario,
  values,
  options,
  restricted,
  texts,
  onAgreed,
  onCancel,
}: AgreementFormProps) {
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string>()

  // The form opens where the prospect asked for it: they type their name next.
  useEffect(() => form.current?.querySelector('input')?.focus(), [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSending(true)
    setProblem(undefined)
    try {
      const response = await apiRequest('POST', agreementUrl(proposalId, accessCode), {
        name,
        email,
        scenario,
        values,
        ...(options === undefined ? {} : { options }),
      })
      onAgreed(agreementSchema.parse(await response.json()))
    } catch (error) {
      // Not one of the named addresses: said in the proposal's language. Else the server's own words
      // when it gave a reason (already agreed, a field it refused), or ours.
      if (error instanceof ApiError && error.status === 403) setProblem(texts.agreementNotListed)
      else setProblem(error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : texts.agreementFailed)
      setSending(false)
    }
  }

  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      data-agreement-form=""
      className="grid gap-4 rounded-lg border bg-background p-4 sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {texts.agree}
      </h2>
      <p id={`${id}-intro`} className="text-sm text-muted-foreground">
        {texts.agreeIntro}
        {restricted && (
          <>
            {' '}
            <span data-agreement-restricted="">{texts.agreeListedOnly}</span>
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {texts.yourName}
          </label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="h-11"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            {texts.yourEmail}
          </label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="h-11"
          />
        </div>
      </div>
      {problem !== undefined && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive dark:text-red-300"
        >
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={sending} className="min-h-11">
          {texts.confirmAgreement}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel} disabled={sending} className="min-h-11">
          {texts.cancel}
        </Button>
      </div>
    </form>
  )
}

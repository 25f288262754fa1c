import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { SELLER_EMAIL_MAX_LENGTH, sellerEmailBodySchema, type EmailLanguage, type UserRecord } from '@valueproof/contracts'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { removeSellerEmail, resendEmailLink, setEmailLanguage, setSellerEmail } from '../../queries/seller-email.ts'
import { userQueryKey } from '../../queries/user.ts'
import { CheckIcon } from '../icons.tsx'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { toast } from '../ui/use-toast.ts'
import {
  confirmationToast,
  EMAIL_LANGUAGE_OPTIONS,
  EMAIL_STATE_TEXT,
  emailLanguageLabel,
  emailStateOf,
  type EmailState,
} from './email-settings-state.ts'

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:opacity-60 sm:text-sm sm:max-w-xs'

/** A failed call's toast: the server's message (a clear 4xx says what to do), else a general one. */
function failed(error: Error): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description:
      error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : 'Something went wrong. Please try again.',
  })
}

/** A call answering the user record after the change: the session's copy becomes it. */
function useUserChange<Input>(change: (input: Input) => Promise<UserRecord>, onDone?: (user: UserRecord) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user)
      onDone?.(user)
    },
    onError: failed,
  })
}

/** /settings?email=verified or =invalid (where a confirmation link lands): its toast once, then plain /settings. */
function useConfirmationFlag() {
  // The address as typed, not the route's validated search (which knows only the checkout flags).
  const search: Record<string, unknown> = useLocation().search
  const flag = search.email
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const shown = useRef<unknown>(undefined)
  useEffect(() => {
    const message = confirmationToast(flag)
    if (message === undefined || shown.current === flag) return
    shown.current = flag
    toast(message)
    // The address was confirmed outside this page: read the record again.
    if (flag === 'verified') void queryClient.invalidateQueries({ queryKey: userQueryKey })
    void navigate({ to: '/settings', search: {}, replace: true })
  }, [flag, navigate, queryClient])
}

/**
 * The seller's address for notifications (issue 39): mail goes to it only once its link is used.
 * Set, change and remove it, send the link again, and choose the language of the e-mails.
 */
export function EmailSettings({ user }: { user: UserRecord }) {
  useConfirmationFlag()
  const state = emailStateOf(user)
  const [editing, setEditing] = useState(false)
  const [confirmingRemoval, setConfirmingRemoval] = useState(false)
  const resend = useUserChange(resendEmailLink, (updated) =>
    toast({ title: 'Link sent', description: `We sent a new confirmation link to ${updated.email ?? 'your address'}.` }),
  )
  const remove = useUserChange(removeSellerEmail, () => {
    setConfirmingRemoval(false)
    toast({ title: 'E-mail address removed', description: 'You will get no more e-mails from us.' })
  })

  return (
    <section aria-labelledby="email-settings-title" className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <h2 id="email-settings-title" className="text-xl font-semibold tracking-tight">
        E-mail
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Where we tell you when prospects open or agree to your proposals. Only a confirmed address gets e-mails.
      </p>
      <div className="mt-6 grid gap-4">
        {editing ? (
          <EmailForm current={user.email} onClose={() => setEditing(false)} />
        ) : state === 'none' ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm">No e-mail address yet.</p>
            <Button variant="outline" onClick={() => setEditing(true)}>
              Add E-mail Address
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <AddressLine email={user.email ?? ''} state={state} />
            {confirmingRemoval ? (
              <div role="group" aria-labelledby="email-remove-question" className="grid gap-3 rounded-md border border-destructive/40 p-4">
                <p id="email-remove-question" className="text-sm">
                  Remove {user.email}? You will get no more e-mails about your proposals.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(undefined)}>
                    {remove.isPending ? 'Removing...' : 'Remove'}
                  </Button>
                  <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => setConfirmingRemoval(false)}>
                    Keep It
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                {state === 'waiting' && (
                  <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(undefined)}>
                    {resend.isPending ? 'Sending...' : 'Send the link again'}
                  </Button>
                )}
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  Change
                </Button>
                <Button variant="outline" size="sm" onClick={() => setConfirmingRemoval(true)}>
                  Remove
                </Button>
              </div>
            )}
          </div>
        )}
        <LanguageSelect language={user.language} />
      </div>
    </section>
  )
}

function AddressLine({ email, state }: { email: string; state: Exclude<EmailState, 'none'> }) {
  return (
    <div className="grid gap-1">
      <p className="font-medium break-all">{email}</p>
      {state === 'verified' ? (
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-green-700 dark:text-green-400">
          <CheckIcon className="size-4" aria-hidden="true" />
          {EMAIL_STATE_TEXT.verified}
        </p>
      ) : (
        <p className="text-sm text-amber-700 dark:text-amber-400">{EMAIL_STATE_TEXT.waiting}</p>
      )}
    </div>
  )
}

/** The inline form that sets or changes the address; the server checks the same schema. */
function EmailForm({ current, onClose }: { current: string | null; onClose: () => void }) {
  const [email, setEmail] = useState(current ?? '')
  const [error, setError] = useState<string | undefined>(undefined)
  const save = useUserChange(setSellerEmail, (updated) => {
    onClose()
    if (!updated.emailVerified) toast({ title: 'Check your inbox', description: `We sent a confirmation link to ${updated.email ?? ''}.` })
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = sellerEmailBodySchema.safeParse({ email })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    save.mutate(parsed.data.email)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={SELLER_EMAIL_MAX_LENGTH}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save E-mail Address'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function LanguageSelect({ language }: { language: EmailLanguage }) {
  const id = useId()
  const change = useUserChange(setEmailLanguage, (updated) =>
    toast({ title: 'Language saved', description: `E-mails will be written in ${emailLanguageLabel(updated.language)}.` }),
  )
  return (
    <div className="grid gap-2 border-t pt-4">
      <label htmlFor={id} className="text-sm font-medium">
        Language for e-mails
      </label>
      <select
        id={id}
        className={selectClass}
        value={change.isPending ? change.variables : language}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value === 'sv' ? 'sv' : 'en')}
      >
        {EMAIL_LANGUAGE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

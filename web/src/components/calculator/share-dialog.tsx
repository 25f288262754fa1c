import { useQueryClient } from '@tanstack/react-query'
import {
  ACCESS_CODE_MAX_LENGTH,
  ACCESS_CODE_MIN_LENGTH,
  ACCESS_CODE_TOO_COMMON_MESSAGE,
  accessCodeProblem,
  productBranding,
} from '@valueproof/contracts'
import type { CalculatorData } from '@valueproof/formula'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError, apiRequest } from '../../api.ts'
import { generateAccessCode } from '../../calculator/access-code.ts'
import { expiresAtForLastDay, lastDayProblem, todayValue } from '../../proposals/proposal-expiry.ts'
import { createdProposalSchema, proposalsQueryKey } from '../../queries/proposals.ts'
import { userQueryOptions } from '../../queries/user.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField } from '../ui/form-field.tsx'
import { Input } from '../ui/input.tsx'
import { toast } from '../ui/use-toast.ts'

const FREE_BRANDING_NOTE =
  'Your proposal shows ValueProof branding on the Free plan. Upgrade to Pro to show your own company name, logo and website.'

/**
 * SPEC §2/§4/§5 share: 'Calculator Name' and an optional 'Access Password' (at least 6 characters;
 * 'Generate' fills a random one), and an optional last day the link opens (issue 15); 'Generate Share Link'
 * (reading 'Generating...' while busy) re-reads the user from the server, creates a shared proposal
 * (POST /api/proposals) and copies its link. A Free user's branding is forced to the product's.
 * The button is disabled while it works, which drops its focus: focus then goes to the new link
 * (or back to the button after a failure), so it stays in the dialog.
 */
export function ShareDialog({
  open,
  onOpenChange,
  calculatorData,
  content,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  calculatorData: CalculatorData
  /** The text the calculator came from, stored with the proposal (SPEC §3 'content'); read when sharing. */
  content: () => string
}) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(calculatorData.name)
  const [accessCode, setAccessCode] = useState('')
  /** Shown once a share was refused for the code, then kept up to date as it is edited. */
  const [accessCodeError, setAccessCodeError] = useState<string>()
  const accessCodeHelpId = useId()
  const lastDayHelpId = useId()
  const [lastDay, setLastDay] = useState('')
  const [lastDayError, setLastDayError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [link, setLink] = useState<string>()
  const form = useRef<HTMLFormElement>(null)
  /** Where focus goes once the work is done: the new link, or the button again if focus was lost meanwhile. */
  const focusAfterWork = useRef<'link' | 'submit'>(undefined)

  useEffect(() => {
    const target = focusAfterWork.current
    if (busy || target === undefined || form.current === null) return
    focusAfterWork.current = undefined
    const active = document.activeElement
    if (target === 'submit' && active !== null && active !== document.body) return
    form.current.querySelector<HTMLElement>(target === 'link' ? '#share-link' : 'button[type="submit"]')?.focus()
  }, [busy, link])

  async function share(event: FormEvent) {
    event.preventDefault()
    const title = name.trim()
    if (title === '') {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter a name for the calculator' })
      return
    }
    const codeProblem = accessCodeProblem(accessCode)
    const dayProblem = lastDayProblem(lastDay)
    setLastDayError(dayProblem)
    if (codeProblem !== undefined) setAccessCodeError(codeProblem)
    if (codeProblem !== undefined || dayProblem !== undefined) return
    const expiresAt = expiresAtForLastDay(lastDay)
    const proposalContent = content()
    setBusy(true)
    try {
      // SPEC §4: the plan is re-read from the server on the share action.
      const user = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 })
      if (user === null) {
        focusAfterWork.current = 'submit'
        toast({ variant: 'destructive', title: 'Error', description: 'You must be logged in to share calculators' })
        return
      }
      const pro = user.plan === 'pro'
      const branding = pro
        ? {
            companyName: user.companyName ?? undefined,
            companyLogo: user.companyLogo ?? undefined,
            companyWebsite: user.companyWebsite ?? undefined,
          }
        : productBranding(window.location.origin)
      const code = accessCode.trim()
      const response = await apiRequest('POST', '/api/proposals', {
        title,
        content: proposalContent,
        calculatorData: { ...calculatorData, branding },
        ...(code === '' ? {} : { accessCode: code }),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      })
      const { id } = createdProposalSchema.parse(await response.json())
      void queryClient.invalidateQueries({ queryKey: proposalsQueryKey })
      const url = `${window.location.origin}/proposals/${encodeURIComponent(id)}`
      setLink(url)
      focusAfterWork.current = 'link'
      let copied = true
      try {
        await navigator.clipboard.writeText(url)
      } catch (error) {
        copied = false
        console.warn('Could not copy the share link to the clipboard.', error)
      }
      toast({
        title: copied ? 'Link copied!' : 'Share link created',
        description:
          [copied ? undefined : 'Copy it from the dialog: the browser did not allow copying.', pro ? undefined : FREE_BRANDING_NOTE]
            .filter(Boolean)
            .join(' ') || undefined,
      })
    } catch (error) {
      focusAfterWork.current = 'submit'
      const message = error instanceof ApiError ? error.serverMessage : undefined
      // The server keeps the list of common passwords (issue 34): its refusal is said at the field too.
      if (message === ACCESS_CODE_TOO_COMMON_MESSAGE) setAccessCodeError(message)
      toast({ variant: 'destructive', title: 'Error sharing calculator', description: message ?? 'Failed to create share link' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Calculator"
      description="Create a link that opens this calculator as a proposal. Anyone with the link can open it; add a password to restrict it."
    >
      <form ref={form} className="grid gap-4" onSubmit={(event) => void share(event)} noValidate>
        <FormField label="Calculator Name" value={name} onChange={(event) => setName(event.target.value)} maxLength={200} disabled={busy} />
        <FormField
          label="Access Password"
          value={accessCode}
          onChange={(event) => {
            setAccessCode(event.target.value)
            // Once the code changes, only what the browser can check is said (the server checks the rest).
            if (accessCodeError !== undefined) setAccessCodeError(accessCodeProblem(event.target.value))
          }}
          maxLength={ACCESS_CODE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          placeholder="Optional"
          disabled={busy}
          error={accessCodeError}
          aria-describedby={accessCodeHelpId}
        >
          <div className="flex items-center justify-between gap-3">
            <p id={accessCodeHelpId} className="text-xs text-muted-foreground">
              Optional. At least {ACCESS_CODE_MIN_LENGTH} characters and not a common password, or generate one.
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => {
                setAccessCode(generateAccessCode())
                setAccessCodeError(undefined)
              }}
            >
              Generate
            </Button>
          </div>
        </FormField>
        <FormField
          label="Link expires after"
          type="date"
          value={lastDay}
          min={todayValue()}
          onChange={(event) => {
            setLastDay(event.target.value)
            if (lastDayError !== undefined) setLastDayError(lastDayProblem(event.target.value))
          }}
          disabled={busy}
          error={lastDayError}
          aria-describedby={lastDayHelpId}
        >
          <p id={lastDayHelpId} className="text-xs text-muted-foreground">
            Optional. The link opens through this day; leave it empty to keep it open until you revoke it.
          </p>
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Generating...' : 'Generate Share Link'}
        </Button>
        {link !== undefined && (
          <div className="grid gap-2">
            <label htmlFor="share-link" className="text-sm font-medium">
              Share link
            </label>
            <Input id="share-link" readOnly value={link} onFocus={(event) => event.target.select()} />
          </div>
        )}
      </form>
    </Dialog>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { profileBodySchema, type UserRecord } from '@valueproof/contracts'
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { ApiError } from '../../api.ts'
import { updateProfile } from '../../queries/profile.ts'
import { userQueryKey } from '../../queries/user.ts'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import { toast } from '../ui/use-toast.ts'
import { LogoUploadField } from './logo-upload-field.tsx'
import { CARD } from './subscription-plan-card.tsx'

type CompanyField = 'companyName' | 'companyLogo' | 'companyWebsite'
type CompanyErrors = Partial<Record<CompanyField, string>>

/** SPEC §8: after 'Profile updated successfully' the page reloads; long enough to read the toast first. */
export const PROFILE_RELOAD_DELAY_MS = 1500

function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): CompanyErrors {
  const errors: CompanyErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if ((field === 'companyName' || field === 'companyLogo' || field === 'companyWebsite') && errors[field] === undefined) {
      errors[field] = issue.message
    }
  }
  return errors
}

function ProOnlyTag({ shown }: { shown: boolean }) {
  if (!shown) return null
  return <span className="rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground">Pro only</span>
}

/** A labelled text field with the 'Pro only' tag beside its label and its error below. */
function CompanyTextField({
  label,
  error,
  proOnly,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error: string | undefined; proOnly: boolean }) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <ProOnlyTag shown={proOnly} />
      </div>
      <Input
        id={id}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        {...inputProps}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * SPEC §2's Company Profile Settings card: company name, logo and website, shown on the proposals a
 * Pro user shares. On Free every field is disabled with a 'Pro only' tag, and the button offers the
 * upgrade instead (identity refuses company changes from Free accounts as well).
 */
export function CompanyProfileCard({ user, upgrade, upgrading }: { user: UserRecord; upgrade: () => void; upgrading: boolean }) {
  const queryClient = useQueryClient()
  const pro = user.plan === 'pro'
  const [values, setValues] = useState<Record<CompanyField, string>>({
    companyName: user.companyName ?? '',
    companyLogo: user.companyLogo ?? '',
    companyWebsite: user.companyWebsite ?? '',
  })
  const [errors, setErrors] = useState<CompanyErrors>({})
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueryKey, updated)
      toast({ title: 'Success', description: 'Profile updated successfully' })
      setTimeout(() => window.location.reload(), PROFILE_RELOAD_DELAY_MS)
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : 'Failed to update profile',
      }),
  })
  const set = (name: CompanyField, value: string) => setValues((current) => ({ ...current, [name]: value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = profileBodySchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    mutation.mutate(parsed.data)
  }

  return (
    <section aria-labelledby="company-profile-title" className={CARD}>
      <h2 id="company-profile-title" className="text-xl font-semibold tracking-tight">
        Company Profile Settings
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {pro
          ? 'Your company name, logo and website on the proposals you share.'
          : 'On Pro, the proposals you share show your company name, logo and website instead of ours.'}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
        <fieldset disabled={!pro || mutation.isPending} className="grid gap-4">
          <CompanyTextField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            value={values.companyName}
            error={errors.companyName}
            proOnly={!pro}
            onChange={(event) => set('companyName', event.target.value)}
          />
          <LogoUploadField
            value={values.companyLogo}
            onChange={(url) => set('companyLogo', url)}
            disabled={!pro}
            tag={<ProOnlyTag shown={!pro} />}
          />
          {errors.companyLogo !== undefined && (
            <p className="text-sm font-medium text-destructive dark:text-red-400">{errors.companyLogo}</p>
          )}
          <CompanyTextField
            label="Company website"
            name="companyWebsite"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.example.com"
            value={values.companyWebsite}
            error={errors.companyWebsite}
            proOnly={!pro}
            onChange={(event) => set('companyWebsite', event.target.value)}
          />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!pro || mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          {!pro && (
            <Button variant="outline" onClick={upgrade} disabled={upgrading}>
              {upgrading ? 'Upgrading...' : 'Upgrade to Pro to Edit'}
            </Button>
          )}
        </div>
      </form>
    </section>
  )
}

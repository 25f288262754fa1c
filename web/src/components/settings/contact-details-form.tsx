import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_MAX_LENGTH,
  profileBodySchema,
  type UserRecord,
} from '@valueproof/contracts'
import { useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { updateProfile } from '../../queries/profile.ts'
import { userQueryKey } from '../../queries/user.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { toast } from '../ui/use-toast.ts'

type ContactField = 'contactName' | 'contactEmail' | 'contactPhone'
type ContactErrors = Partial<Record<ContactField, string>>

/** The first problem the shared profile schema reports for each field (the server checks the same). */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): ContactErrors {
  const errors: ContactErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if ((field === 'contactName' || field === 'contactEmail' || field === 'contactPhone') && errors[field] === undefined) {
      errors[field] = issue.message
    }
  }
  return errors
}

/**
 * The seller's contact details (issue 15), on every plan: the proposals they share from now on show
 * them in the footer, so a prospect can answer. An empty field clears it.
 */
export function ContactDetailsForm({ user }: { user: UserRecord }) {
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Record<ContactField, string>>({
    contactName: user.contactName ?? '',
    contactEmail: user.contactEmail ?? '',
    contactPhone: user.contactPhone ?? '',
  })
  const [errors, setErrors] = useState<ContactErrors>({})
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueryKey, updated)
      toast({ title: 'Success', description: 'Profile updated successfully' })
    },
    // SPEC §8: 'Failed to update profile' or the server's message.
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : 'Failed to update profile',
      }),
  })

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

  const field = (name: ContactField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <section aria-labelledby="contact-details-title" className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <h2 id="contact-details-title" className="text-xl font-semibold tracking-tight">
        Contact details
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Shown at the foot of the proposals you share from now on, so prospects can reach you. Available on every plan.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
        <FormField label="Contact name" autoComplete="name" maxLength={CONTACT_NAME_MAX_LENGTH} {...field('contactName')} />
        <FormField
          label="Contact e-mail"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_EMAIL_MAX_LENGTH}
          {...field('contactEmail')}
        />
        <FormField label="Contact phone" type="tel" autoComplete="tel" maxLength={CONTACT_PHONE_MAX_LENGTH} {...field('contactPhone')} />
        <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
          {mutation.isPending ? 'Saving...' : 'Save Contact Details'}
        </Button>
      </form>
    </section>
  )
}

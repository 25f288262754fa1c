import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { loginBodySchema, registerBodySchema, SELLER_EMAIL_MAX_LENGTH, type UserRecord } from '@valueproof/contracts'
import { useState, type FormEvent, type ReactNode } from 'react'
import { trackConversion } from '../analytics.ts'
import { ApiError } from '../api.ts'
import { Brand } from '../components/brand.tsx'
import { CalculatorIcon, ChartIcon } from '../components/icons.tsx'
import { PasswordChecklist } from '../components/password-checklist.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { Button } from '../components/ui/button.tsx'
import { FormField } from '../components/ui/form-field.tsx'
import { Tabs } from '../components/ui/tabs.tsx'
import { toast } from '../components/ui/use-toast.ts'
import { pageHead } from '../page-title.ts'
import { login, register, setSessionUser } from '../queries/user.ts'

type AuthTab = 'login' | 'register'

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { tab?: AuthTab } => (search.tab === 'register' ? { tab: 'register' } : {}),
  beforeLoad: ({ context }) => {
    if (context.user !== null) throw redirect({ to: '/', replace: true })
  },
  staticData: { bare: true },
  head: () => pageHead('Login'),
  component: AuthPage,
})

const tabs = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const

function AuthPage() {
  const { tab = 'login' } = Route.useSearch()
  const navigate = Route.useNavigate()

  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4">
        <Brand />
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-8 px-4 py-8 lg:grid-cols-2">
        <div className="w-full max-w-md justify-self-center rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
          <h1 className="mb-6 text-2xl font-bold">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
          <Tabs
            label="Sign in or register"
            items={tabs}
            value={tab}
            onValueChange={(next) => void navigate({ search: next === 'login' ? {} : { tab: next }, replace: true })}
          >
            <CredentialsForm key={tab} mode={tab} />
          </Tabs>
        </div>
        <SidePanel />
      </main>
    </div>
  )
}

type FieldErrors = { username?: string; password?: string; email?: string }

/** The first problem zod reports for each field. */
function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if ((field === 'username' || field === 'password' || field === 'email') && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/** What the server said went wrong (SPEC §7 reads its `message`), if it said anything. */
function serverMessage(error: Error): { description?: string } {
  return error instanceof ApiError && error.serverMessage !== undefined ? { description: error.serverMessage } : {}
}

/** After login or registration: the user is the session, then home. */
function useSignedIn() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (user: UserRecord) => {
    setSessionUser(queryClient, user)
    await navigate({ to: '/' })
  }
}

/** What differs between the two tabs; the form itself is one. */
const forms = {
  login: {
    schema: loginBodySchema,
    submit: login,
    failureTitle: 'Login failed',
    passwordAutoComplete: 'current-password',
    idleLabel: 'Login',
    busyLabel: 'Logging in...',
  },
  register: {
    schema: registerBodySchema,
    submit: register,
    failureTitle: 'Registration failed',
    passwordAutoComplete: 'new-password',
    idleLabel: 'Register',
    busyLabel: 'Creating account...',
  },
} as const

function CredentialsForm({ mode }: { mode: AuthTab }) {
  const form = forms[mode]
  const signedIn = useSignedIn()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: form.submit,
    onSuccess: async (user: UserRecord) => {
      if (mode === 'register') trackConversion('SIGN_UP')
      await signedIn(user)
    },
    onError: (error) => toast({ variant: 'destructive', title: form.failureTitle, ...serverMessage(error) }),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Sign-up's optional address for notifications (issue 39); an empty one is none.
    const parsed = form.schema.safeParse(mode === 'register' ? { username, password, email } : { username, password })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    mutation.mutate(parsed.data)
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username}
      />
      {mode === 'register' && (
        <FormField
          label="E-mail (optional)"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={SELLER_EMAIL_MAX_LENGTH}
          aria-describedby="email-hint"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        >
          <p id="email-hint" className="text-sm text-muted-foreground">
            For notifications when prospects open or agree. We send a link to confirm it.
          </p>
        </FormField>
      )}
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete={form.passwordAutoComplete}
        aria-describedby={mode === 'register' ? 'password-rules' : undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      >
        {mode === 'register' ? <PasswordChecklist id="password-rules" password={password} /> : null}
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="w-full">
        {mutation.isPending ? form.busyLabel : form.idleLabel}
      </Button>
    </form>
  )
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="mt-1 shrink-0">{icon}</span>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm opacity-90">{children}</p>
      </div>
    </li>
  )
}

function SidePanel() {
  return (
    <section aria-labelledby="auth-side-title" className="rounded-lg bg-primary p-8 text-primary-foreground lg:p-12">
      <h2 id="auth-side-title" className="text-3xl font-bold tracking-tight">
        Transform Your Sales Proposals
      </h2>
      <p className="mt-4 opacity-90">
        Turn static proposal documents into interactive ROI calculators that show prospects the value they get.
      </p>
      <ul className="mt-8 grid gap-6">
        <Feature icon={<CalculatorIcon className="size-6" />} title="Interactive Calculators">
          Prospects move the sliders and watch their savings add up.
        </Feature>
        <Feature icon={<ChartIcon className="size-6" />} title="Real-time Analytics">
          See how your shared proposals and calculators are used.
        </Feature>
      </ul>
    </section>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createWebhookEndpointBodySchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@valueproof/contracts'
import { useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { createWebhookEndpoint, deleteWebhookEndpoint, webhooksQueryKey, webhooksQueryOptions } from '../../queries/webhooks.ts'
import { WEBHOOK_EVENT_LABELS } from '../../webhooks/texts.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { toast } from '../ui/use-toast.ts'
import { WebhookDeliveries } from './webhook-deliveries.tsx'

const ERROR_TEXT = 'text-sm font-medium text-destructive dark:text-red-400'

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : fallback
}

/** The secret of the endpoint just added, shown this once, with a copy button. */
function SecretOnce({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret)
      toast({ title: 'Secret copied' })
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'The browser did not allow copying: select the secret and copy it.' })
    }
  }
  return (
    <div role="status" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <p className="text-sm font-medium">Signing secret for {created.url}</p>
      <p className="text-sm text-muted-foreground">
        Copy it now: it is shown only this once. Use it to check each request's ValueProof-Signature.
      </p>
      <code data-testid="webhook-secret" className="block overflow-x-auto rounded bg-background px-3 py-2 font-mono text-sm break-all">
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  )
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: failure(error, 'Failed to delete the endpoint') }),
  })
  return (
    <li className="grid gap-3 rounded-md border p-4" data-endpoint={endpoint.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          <p className="text-sm text-muted-foreground">{endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(' · ')}</p>
          {endpoint.enabled ? (
            <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Enabled</p>
          ) : (
            <p className={ERROR_TEXT}>Disabled: {endpoint.disabledReason ?? 'deliveries failed'}. Resend a delivery to turn it back on.</p>
          )}
        </div>
        <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(endpoint.id)}>
          Delete
        </Button>
      </div>
      <WebhookDeliveries endpoint={endpoint} />
    </li>
  )
}

/**
 * Webhooks (issue 39): the seller adds HTTPS endpoints for the events they choose, sees each new
 * endpoint's signing secret once, and each endpoint's deliveries with a "Resend".
 */
export function WebhooksCard() {
  const queryClient = useQueryClient()
  const endpoints = useQuery(webhooksQueryOptions())
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES))
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({})
  const [created, setCreated] = useState<CreatedWebhookEndpoint | undefined>(undefined)
  const create = useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: (answer) => {
      setCreated(answer)
      setUrl('')
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey })
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: failure(error, 'Failed to add the endpoint') }),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = createWebhookEndpointBodySchema.safeParse({ url, events: WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)) })
    if (!parsed.success) {
      const problems: { url?: string; events?: string } = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if ((field === 'url' || field === 'events') && problems[field] === undefined) problems[field] = issue.message
      }
      setErrors(problems)
      return
    }
    setErrors({})
    create.mutate(parsed.data)
  }

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((current) => {
      const next = new Set(current)
      if (on) next.add(type)
      else next.delete(type)
      return next
    })
  }

  return (
    <section aria-labelledby="webhooks-title" className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <h2 id="webhooks-title" className="text-xl font-semibold tracking-tight">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Send prospects' moves to Zapier, Make, n8n or your own system. Each request is signed with the endpoint's secret.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
        <FormField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://hooks.example.com/valueproof"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <fieldset className="grid gap-2" aria-describedby={errors.events === undefined ? undefined : 'webhook-events-error'}>
          <legend className="mb-1 text-sm font-medium">Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={events.has(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              {WEBHOOK_EVENT_LABELS[type]}
            </label>
          ))}
          {errors.events !== undefined && (
            <p id="webhook-events-error" className={ERROR_TEXT}>
              {errors.events}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={create.isPending} className="justify-self-start">
          {create.isPending ? 'Adding...' : 'Add endpoint'}
        </Button>
      </form>
      {created !== undefined && (
        <div className="mt-6">
          <SecretOnce created={created} onDone={() => setCreated(undefined)} />
        </div>
      )}
      <div className="mt-6">
        {endpoints.isPending ? (
          <p className="text-sm text-muted-foreground">Loading endpoints…</p>
        ) : endpoints.isError ? (
          <p className={ERROR_TEXT}>Could not load your webhook endpoints.</p>
        ) : endpoints.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No endpoints yet.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

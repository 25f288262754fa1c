import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { HubspotConnection, UserRecord } from '@valueproof/contracts'
import { useId, useState, type FormEvent } from 'react'
import { connectionSummary, errorText, HUBSPOT_NOTE, HUBSPOT_TITLE, HUBSPOT_TOKEN_HELP } from '../../hubspot/texts.ts'
import { connectHubspot, disconnectHubspot, hubspotConnectionQueryKey, hubspotConnectionQueryOptions } from '../../queries/hubspot.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { ProTag } from '../ui/pro-tag.tsx'
import { toast } from '../ui/use-toast.ts'
import { CARD } from './subscription-plan-card.tsx'

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}

/** The connection's state, and the last error HubSpot gave (a refused token, a note it would not take). */
function ConnectionState({ connection }: { connection: HubspotConnection }) {
  return (
    <div className="grid gap-2 text-sm" data-testid="hubspot-status">
      <p className={connection.connected ? 'font-medium' : 'text-muted-foreground'}>{connectionSummary(connection)}</p>
      {connection.connected && connection.connectedAt !== undefined && (
        <p className="text-muted-foreground">Connected {formatTime(connection.connectedAt)}.</p>
      )}
      {connection.lastError !== undefined && (
        <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive dark:text-red-400">
          <span className="font-medium">Last error ({formatTime(connection.lastError.at)}):</span> {connection.lastError.message}
        </p>
      )}
    </div>
  )
}

function ConnectForm({ reconnect }: { reconnect: boolean }) {
  const queryClient = useQueryClient()
  const helpId = useId()
  const [token, setToken] = useState('')
  const [error, setError] = useState<string | undefined>()
  const connect = useMutation({
    mutationFn: connectHubspot,
    onSuccess: (connection) => {
      queryClient.setQueryData(hubspotConnectionQueryKey, connection)
      setToken('')
      setError(undefined)
      toast({ title: 'HubSpot connected', description: connectionSummary(connection) })
    },
    onError: (failure) => setError(errorText(failure)),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    if (token.trim() === '') {
      setError('Paste the access token of your HubSpot private app')
      return
    }
    connect.mutate(token.trim())
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField
        label="Private app access token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={token}
        error={error}
        aria-describedby={helpId}
        onChange={(event) => setToken(event.target.value)}
      >
        <p id={helpId} className="text-sm text-muted-foreground">
          {HUBSPOT_TOKEN_HELP}
        </p>
      </FormField>
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Checking with HubSpot…' : reconnect ? 'Connect again' : 'Connect HubSpot'}
        </Button>
      </div>
    </form>
  )
}

function ConnectedActions() {
  const queryClient = useQueryClient()
  const disconnect = useMutation({
    mutationFn: disconnectHubspot,
    onSuccess: (connection) => {
      queryClient.setQueryData(hubspotConnectionQueryKey, connection)
      void queryClient.invalidateQueries({ queryKey: ['/api/notifications/hubspot/links'] })
      toast({ title: 'HubSpot disconnected', description: 'The access token and the links to deals are removed.' })
    },
    onError: (failure) => toast({ variant: 'destructive', title: 'HubSpot was not disconnected', description: errorText(failure) }),
  })
  return (
    <div>
      <Button variant="outline" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
        {disconnect.isPending ? 'Disconnecting…' : 'Disconnect HubSpot'}
      </Button>
    </div>
  )
}

function ProHubspot() {
  const connection = useQuery(hubspotConnectionQueryOptions())
  if (connection.isPending) return <p className="mt-4 text-sm text-muted-foreground">Loading…</p>
  if (connection.isError)
    return (
      <div role="alert" className="mt-4 grid justify-items-start gap-3 text-sm">
        <p>Your HubSpot connection could not be loaded: {errorText(connection.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void connection.refetch()}>
          Try again
        </Button>
      </div>
    )
  return (
    <div className="mt-4 grid gap-5">
      <ConnectionState connection={connection.data} />
      {connection.data.connected ? <ConnectedActions /> : <ConnectForm reconnect={connection.data.portalId !== undefined} />}
    </div>
  )
}

/** Settings › HubSpot (issue 39, Pro): connect with a private app's token, see the state and the last error, disconnect. */
export function HubspotCard({ user, upgrade, upgrading }: { user: UserRecord; upgrade: () => void; upgrading: boolean }) {
  const titleId = useId()
  const pro = user.plan === 'pro'
  return (
    <section aria-labelledby={titleId} className={CARD}>
      <div className="flex items-center gap-2">
        <h2 id={titleId} className="text-xl font-semibold tracking-tight">
          {HUBSPOT_TITLE}
        </h2>
        {!pro && <ProTag />}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{HUBSPOT_NOTE}</p>
      {pro ? (
        <ProHubspot />
      ) : (
        <div className="mt-4 grid justify-items-start gap-3 text-sm">
          <p>HubSpot is part of Pro.</p>
          <Button onClick={upgrade} disabled={upgrading}>
            Upgrade to Pro
          </Button>
        </div>
      )}
    </section>
  )
}

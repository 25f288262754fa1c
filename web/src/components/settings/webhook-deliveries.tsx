import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WebhookEndpoint } from '@valueproof/contracts'
import { ApiError } from '../../api.ts'
import { deliveriesQueryKey, deliveriesQueryOptions, resendWebhookDelivery, webhooksQueryKey } from '../../queries/webhooks.ts'
import { deliveryStatusText, deliveryTimeText, responseCodeText, WEBHOOK_EVENT_LABELS } from '../../webhooks/texts.ts'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'

const STATUS_CLASS = {
  delivered: 'text-emerald-700 dark:text-emerald-400',
  pending: 'text-amber-700 dark:text-amber-400',
  failed: 'text-destructive dark:text-red-400',
} as const

/** An endpoint's latest deliveries: event, status, response code, time, and a "Resend" for each. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient()
  const deliveries = useQuery(deliveriesQueryOptions(endpoint.id))
  const resend = useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpoint.id) })
      // A resend turns a disabled endpoint back on.
      if (!endpoint.enabled) void queryClient.invalidateQueries({ queryKey: webhooksQueryKey })
      toast({ title: 'Sending again', description: 'The delivery is on its way.' })
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : 'Failed to resend the delivery',
      }),
  })

  if (deliveries.isPending) return <p className="text-sm text-muted-foreground">Loading deliveries…</p>
  if (deliveries.isError) return <p className="text-sm text-destructive dark:text-red-400">Could not load the deliveries.</p>
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deliveries to {endpoint.url}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Event
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="hidden py-1 pr-3 font-medium sm:table-cell">
              Response
            </th>
            <th scope="col" className="hidden py-1 pr-3 font-medium sm:table-cell">
              Time
            </th>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} data-delivery={delivery.id} className="border-t">
              <td className="py-2 pr-3">
                <span className="font-mono text-xs" title={WEBHOOK_EVENT_LABELS[delivery.eventType]}>
                  {delivery.eventType}
                </span>
                {/* On a phone the time goes under the event and the response under the status: the table keeps to the screen's width. */}
                <span className="block text-xs text-muted-foreground sm:hidden">{deliveryTimeText(delivery)}</span>
              </td>
              <td className="py-2 pr-3">
                <span className={`font-medium ${STATUS_CLASS[delivery.status]}`}>{deliveryStatusText(delivery)}</span>
                <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">{responseCodeText(delivery)}</span>
              </td>
              <td className="hidden py-2 pr-3 tabular-nums sm:table-cell">{responseCodeText(delivery)}</td>
              <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{deliveryTimeText(delivery)}</td>
              <td className="py-2 text-right">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate({ endpointId: endpoint.id, deliveryId: delivery.id })}
                >
                  Resend
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettings } from '@valueproof/contracts'
import { useId } from 'react'
import { ApiError } from '../../api.ts'
import { rolledBack, settled, withChange, type SettingsChange } from '../../notifications/settings-change.ts'
import { NOTIFICATION_SAVE_FAILED, NOTIFICATION_SWITCHES, NOTIFICATIONS_NOTE, NOTIFICATIONS_TITLE } from '../../notifications/texts.ts'
import { notificationSettingsQueryKey, notificationSettingsQueryOptions, updateNotificationSettings } from '../../queries/notifications.ts'
import { Button } from '../ui/button.tsx'
import { SwitchRow } from '../ui/switch.tsx'
import { toast } from '../ui/use-toast.ts'
import { CARD } from './subscription-plan-card.tsx'

const SAVE_KEY = ['notification-settings-change'] as const

/**
 * Each switch saves its one kind at once (PUT with only that kind), shown before the server answers
 * and put back, with a toast, when it refuses.
 */
function useSettingsChange() {
  const queryClient = useQueryClient()
  const current = () => queryClient.getQueryData<NotificationSettings>(notificationSettingsQueryKey)
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (change: SettingsChange) => updateNotificationSettings({ [change.kind]: change.on }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey })
      const before = current()
      if (before !== undefined) queryClient.setQueryData(notificationSettingsQueryKey, withChange(before, change))
      return { before: before?.[change.kind] ?? !change.on }
    },
    onSuccess: (answer, change) => {
      const shown = current()
      queryClient.setQueryData(notificationSettingsQueryKey, shown === undefined ? answer : settled(shown, change, answer))
    },
    onError: (error, change, context) => {
      const shown = current()
      if (shown !== undefined && context !== undefined) {
        queryClient.setQueryData(notificationSettingsQueryKey, rolledBack(shown, change, context.before))
      }
      toast({
        variant: 'destructive',
        title: NOTIFICATION_SAVE_FAILED,
        description: error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : error.message,
      })
    },
    // The last change to be saved reads the stored set again, so the switches end as the server has
    // them; a refused one is already put back (and a refusal for a lost session would fail the read too).
    onSettled: (_answer, error) => {
      if (error === null && queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1) {
        void queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey })
      }
    },
  })
}

/** Settings › E-mail notifications (issue 39): which e-mails the seller gets about their proposals. */
export function NotificationSettingsCard() {
  const titleId = useId()
  const settings = useQuery(notificationSettingsQueryOptions())
  const change = useSettingsChange()
  return (
    <section aria-labelledby={titleId} className={CARD}>
      <h2 id={titleId} className="text-xl font-semibold tracking-tight">
        {NOTIFICATIONS_TITLE}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{NOTIFICATIONS_NOTE}</p>
      {settings.isError ? (
        <div role="alert" className="mt-6 grid justify-items-start gap-3 text-sm">
          <p>Your e-mail notifications could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="mt-4 grid divide-y" aria-busy={settings.isPending}>
          {NOTIFICATION_SWITCHES.map(({ kind, label }) => (
            <li key={kind}>
              <SwitchRow
                label={label}
                name={kind}
                checked={settings.data?.[kind] ?? false}
                disabled={settings.data === undefined}
                onChange={(event) => change.mutate({ kind, on: event.target.checked })}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

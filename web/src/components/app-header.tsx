import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { UserRecord } from '@valueproof/contracts'
import { DEFAULT_RANGE } from '../analytics-dashboard/queries.ts'
import { HEADER_UPGRADE_ALERT } from '../billing/texts.ts'
import { useUpgrade } from '../billing/use-upgrade.ts'
import { clearWorkspace } from '../calculator/storage.ts'
import { logout, setSessionUser } from '../queries/user.ts'
import { Brand } from './brand.tsx'
import { SettingsIcon } from './icons.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { Button } from './ui/button.tsx'
import { toast } from './ui/use-toast.ts'

// Every control is at least 44 px tall (a phone's tap target).
const NAV_LINK =
  'inline-flex min-h-11 items-center rounded-md px-2 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:text-foreground'

/** The signed-in header of SPEC §2, with links to the calculator, My Proposals and Analytics. */
export function AppHeader({ user }: { user: UserRecord }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // SPEC §8: the header tells a failed upgrade with an alert, not a toast.
  const { upgrade, busy: upgrading } = useUpgrade({ onError: () => window.alert(HEADER_UPGRADE_ALERT) })
  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // The calculators' cache is this user's only: the next person on this browser must not see it.
      clearWorkspace()
      setSessionUser(queryClient, null)
      await navigate({ to: '/auth' })
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Logout failed', description: error.message })
    },
  })

  return (
    <header className="border-b bg-background">
      {/*
        On a phone: the brand (logo and name) with Settings, theme and Logout on the first row; the
        greeting and Upgrade to Pro on the second; the links on the third. There the controls' wrappers
        dissolve into the header's rows (display: contents). From sm the brand and all controls share
        the first row, the links the second; from lg everything is one row.
      */}
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:gap-x-4 sm:px-4">
        <Brand />
        <nav aria-label="Main" className="order-last flex basis-full items-center gap-1 lg:order-none lg:basis-auto">
          <Link to="/calculator" className={NAV_LINK} activeProps={{ 'aria-current': 'page' }}>
            Calculator
          </Link>
          <Link to="/proposals" className={NAV_LINK} activeProps={{ 'aria-current': 'page' }}>
            My Proposals
          </Link>
          <Link to="/analytics" search={{ days: DEFAULT_RANGE }} className={NAV_LINK} activeProps={{ 'aria-current': 'page' }}>
            Analytics
          </Link>
        </nav>
        <div className="contents sm:flex sm:min-w-0 sm:grow sm:basis-0 sm:flex-nowrap sm:items-center sm:justify-end sm:gap-x-2">
          <Link
            to="/settings"
            aria-label="Settings"
            title="Settings"
            className="ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:ml-0"
          >
            <SettingsIcon className="size-5" />
          </Link>
          <ThemeToggle />
          <div className="order-1 flex min-w-0 basis-full items-center justify-between gap-x-2 sm:contents">
            {user.plan === 'free' && (
              <Button size="sm" className="min-h-11 shrink-0" onClick={upgrade} disabled={upgrading}>
                {upgrading ? 'Processing...' : 'Upgrade to Pro'}
              </Button>
            )}
            <span className="min-w-0 truncate text-sm text-muted-foreground max-sm:order-first sm:max-w-xs">
              {'Welcome, '}
              <span className="font-medium text-foreground">{user.username}</span>
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 shrink-0"
            onClick={() => logoutMutation.mutate()}
            disabled={logoutMutation.isPending}
          >
            Logout
          </Button>
        </div>
      </div>
    </header>
  )
}

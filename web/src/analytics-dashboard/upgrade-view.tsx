// What a Free account sees instead of the dashboard (issue 19): what Pro's analytics would show, in
// words, with the upgrade button. No sample figures: numbers here would look like the seller's own.
import { PRO_PRICE } from '@valueproof/contracts/plans'
import { UPGRADE_ERROR_TITLE } from '../billing/texts.ts'
import { useUpgrade } from '../billing/use-upgrade.ts'
import { ChartIcon, CheckIcon, FileTextIcon, CalculatorIcon } from '../components/icons.tsx'
import { Button } from '../components/ui/button.tsx'
import { classNames } from '../components/ui/class-names.ts'
import { toast } from '../components/ui/use-toast.ts'
import { CARD } from './dashboard-frame.tsx'

const FEATURES = [
  {
    icon: CheckIcon,
    title: 'Know the moment a proposal is opened',
    text: 'A notice in your open app as soon as a prospect opens one of your proposals, and a timeline of every visit: when, for how long, and whether they came back.',
  },
  {
    icon: FileTextIcon,
    title: 'See what they read',
    text: 'How long prospects spent on each part of the proposal, from the executive summary to the next steps.',
  },
  {
    icon: CalculatorIcon,
    title: 'See the numbers they believe',
    text: 'For every calculator input, the values prospects settled on, set against the value you proposed: their median, their range and how they spread.',
  },
  {
    icon: ChartIcon,
    title: 'Follow every proposal over time',
    text: 'Views and unique visitors per day, and a table of your proposals with their views, visitors, median time and when they were last opened.',
  },
] as const

export function UpgradeView() {
  const { upgrade, busy } = useUpgrade({
    onError: (message) => toast({ variant: 'destructive', title: UPGRADE_ERROR_TITLE, description: message }),
  })
  return (
    <div className="grid gap-6" data-testid="analytics-upgrade">
      <div className={classNames(CARD, 'grid justify-items-start gap-4')}>
        <span className="rounded-full border px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">Pro</span>
        <h2 className="text-2xl font-semibold tracking-tight">Analytics is part of Pro</h2>
        <p className="max-w-2xl text-muted-foreground">
          See who opened the proposals you shared, how long they stayed, and which calculator inputs they moved. Nothing to set up: it works
          for every proposal you share.
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button className="min-h-11" onClick={upgrade} disabled={busy}>
            {busy ? 'Upgrading...' : 'Upgrade to Pro'}
          </Button>
          <span className="text-sm text-muted-foreground">{PRO_PRICE.label} - Unlock Pro features</span>
        </div>
      </div>
      <ul aria-label="What Pro's analytics show" className="grid gap-4 sm:grid-cols-2">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={classNames(CARD, 'grid content-start gap-2')}>
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Prospects are counted without accounts and without storing their IP address; browsers that ask not to be tracked are not counted,
        and your own visits never are.
      </p>
    </div>
  )
}

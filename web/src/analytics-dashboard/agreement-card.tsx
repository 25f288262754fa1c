// A proposal's outcome on its analytics page (issue 20): whether the prospect agreed to its figures
// (who — the owner's own proposal answer says it; analytics keeps no names —, when, in which
// scenario) and how many times prospects downloaded it as a PDF in the range.
import type { AnalyticsProposalDetail } from '@valueproof/contracts'
import { classNames } from '../components/ui/class-names.ts'
import { CARD } from './dashboard-frame.tsx'
import { formatCount, formatWhen } from './format.ts'

/** Who agreed: the owner's proposal answer carries it (analytics keeps no names). */
export interface AgreedBy {
  name: string
  email?: string | undefined
}

export function AgreementCard({
  detail,
  agreedBy,
  days,
}: {
  detail: Pick<AnalyticsProposalDetail, 'agreement' | 'pdfDownloads'>
  /** Who agreed, from the owner's proposal answer; undefined while it loads or when it cannot be had. */
  agreedBy: AgreedBy | undefined
  days: number
}) {
  const { agreement } = detail
  const now = new Date()
  return (
    <section
      aria-labelledby="analytics-agreement-title"
      className={classNames(CARD, 'grid gap-4 sm:grid-cols-[2fr_1fr]')}
      data-testid="analytics-agreement"
    >
      <div className="grid content-start gap-1">
        <h2 id="analytics-agreement-title" className="text-lg font-semibold">
          Agreement
        </h2>
        {agreement === null ? (
          <p className="text-sm text-muted-foreground">No prospect has agreed to the numbers yet.</p>
        ) : (
          <>
            <p className="text-sm">
              <span className="font-semibold">
                {agreedBy === undefined
                  ? 'The prospect'
                  : agreedBy.email === undefined
                    ? agreedBy.name
                    : `${agreedBy.name} (${agreedBy.email})`}
              </span>{' '}
              agreed to the {agreement.scenario} figures.
            </p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={agreement.agreedAt}>{formatWhen(agreement.agreedAt, now)}</time> · The proposal is locked; its page shows the
              agreed figures.
            </p>
          </>
        )}
      </div>
      <dl className="grid content-start gap-1">
        <dt className="text-sm font-medium text-muted-foreground">PDF downloads</dt>
        <dd className="text-2xl font-bold tracking-tight tabular-nums" data-testid="analytics-pdf-downloads">
          {formatCount(detail.pdfDownloads)}
        </dd>
        <dd className="text-xs text-muted-foreground">
          By prospects {days === 365 ? 'in the last 12 months' : `in the last ${days} days`}; yours are not counted.
        </dd>
      </dl>
    </section>
  )
}

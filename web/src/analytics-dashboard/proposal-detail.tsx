// One proposal's analytics (issue 19): its totals and days, the timeline of visits, the time per
// section, and each calculator input's values against the seller's.
import type { AnalyticsProposalDetail } from '@valueproof/contracts'
import { classNames } from '../components/ui/class-names.ts'
import { AgreementCard, type AgreedBy } from './agreement-card.tsx'
import { CARD } from './dashboard-frame.tsx'
import { formatDuration, formatWhen, plural, sectionLabel } from './format.ts'
import { InputComparison } from './input-comparison.tsx'
import { Totals, ViewsChartCard } from './overview.tsx'
import type { SellerInput } from './seller-inputs.ts'
import { SuspectViewsNote } from './suspect-views.tsx'

function VisitTimeline({ visits, now }: { visits: AnalyticsProposalDetail['visits']; now: Date }) {
  return (
    <section aria-labelledby="analytics-visits-title" className={classNames(CARD, 'grid content-start gap-4')}>
      <h2 id="analytics-visits-title" className="text-lg font-semibold">
        Visits
      </h2>
      <ol className="grid gap-0 divide-y" data-testid="visit-timeline">
        {visits.map((visit, index) => (
          <li key={`${visit.startedAt}-${index}`} className="grid gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <time dateTime={visit.startedAt} className="font-medium">
                {formatWhen(visit.startedAt, now)}
              </time>
              <span className="text-sm font-semibold tabular-nums" data-testid="visit-time">
                {formatDuration(visit.visibleMs)}
              </span>
            </div>
            <p className="text-sm text-muted-foreground">
              {[
                visit.returning ? 'Returning visitor' : 'First visit',
                plural(visit.sectionsSeen, 'section') + ' read',
                plural(visit.inputsMoved, 'input') + ' moved',
              ].join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}

function SectionTimes({ sections, visits }: { sections: AnalyticsProposalDetail['sections']; visits: number }) {
  const most = Math.max(1, ...sections.map((section) => section.visibleMs))
  return (
    <section aria-labelledby="analytics-sections-title" className={classNames(CARD, 'grid content-start gap-4')}>
      <div>
        <h2 id="analytics-sections-title" className="text-lg font-semibold">
          Time per section
        </h2>
        <p className="text-sm text-muted-foreground">While the section was in the middle of the screen.</p>
      </div>
      {sections.length === 0 ? (
        <p className="text-sm text-muted-foreground">No section has been read long enough to count yet.</p>
      ) : (
        <ul className="grid gap-3">
          {sections.map((section) => (
            <li key={section.section} className="grid gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium">{sectionLabel(section.section)}</span>
                <span className="tabular-nums">
                  {formatDuration(section.visibleMs)}
                  <span className="text-muted-foreground">
                    {' · '}
                    {section.visits} of {plural(visits, 'visit')}
                  </span>
                </span>
              </div>
              <span aria-hidden="true" className="h-2 rounded-full bg-muted">
                <span className="block h-2 rounded-full bg-primary" style={{ width: `${(section.visibleMs / most) * 100}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The inputs in the order the calculator shows them; any it no longer has, after them. */
function inputsInCalculatorOrder(inputs: AnalyticsProposalDetail['inputs'], sellerInputs: Map<string, SellerInput>) {
  const order = [...sellerInputs.keys()]
  const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  return [...inputs].sort((a, b) => place(a.name) - place(b.name))
}

export function ProposalDetail({
  detail,
  sellerInputs,
  agreedBy,
  days,
}: {
  detail: AnalyticsProposalDetail
  sellerInputs: Map<string, SellerInput>
  agreedBy: AgreedBy | undefined
  days: number
}) {
  const now = new Date()
  // An agreement is shown whenever it happened, even in a range without visits.
  const outcome = <AgreementCard detail={detail} agreedBy={agreedBy} days={days} />
  if (detail.totals.views === 0 && detail.visits.length === 0) {
    return (
      <>
        {detail.agreement !== null && outcome}
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center" data-testid="analytics-empty">
          <h2 className="text-lg font-semibold">No prospect has opened this proposal in this period</h2>
          <p className="max-w-xl text-sm text-muted-foreground">
            When a prospect opens its link, the visit shows here within seconds, with the time they spent and the inputs they moved.
          </p>
        </div>
        <SuspectViewsNote count={detail.totals.suspectViews} />
      </>
    )
  }
  return (
    <>
      <Totals totals={detail.totals} />
      {outcome}
      <ViewsChartCard days={detail.days} caption={`Views per day, ${plural(detail.totals.views, 'view')} in all`} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <VisitTimeline visits={detail.visits} now={now} />
        <SectionTimes sections={detail.sections} visits={detail.totals.views} />
      </div>
      <section aria-labelledby="analytics-inputs-title" className="grid gap-4">
        <div>
          <h2 id="analytics-inputs-title" className="text-lg font-semibold">
            Calculator inputs
          </h2>
          <p className="text-sm text-muted-foreground">The values prospects settled on, against the value you proposed.</p>
        </div>
        {detail.inputs.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">No prospect has moved a calculator input yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {inputsInCalculatorOrder(detail.inputs, sellerInputs).map((input) => (
              <InputComparison key={input.name} input={input} seller={sellerInputs.get(input.name)} now={now} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

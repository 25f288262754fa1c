// One calculator input on the proposal's analytics (issue 19): the value the seller proposed set
// against the values prospects settled on — their median, range, how they spread, and the latest.
import type { AnalyticsInput } from '@valueproof/contracts'
import { classNames } from '../components/ui/class-names.ts'
import { CARD } from './dashboard-frame.tsx'
import { formatValue, formatWhen, plural } from './format.ts'
import type { SellerInput } from './seller-inputs.ts'

/** How the prospects' median compares with the seller's value, in words. */
export function comparedWithSeller(median: number, seller: number): string {
  if (median === seller) return 'the same as your value'
  if (seller === 0) return median > seller ? 'above your value' : 'below your value'
  const change = Math.round((Math.abs(median - seller) / Math.abs(seller)) * 100)
  if (change === 0) return 'about your value'
  return `${change}% ${median > seller ? 'above' : 'below'} your value`
}

/** Whether a bar holds a value: [from, to), the last bar including its end. */
const inBar = (value: number, bar: AnalyticsInput['buckets'][number], last: boolean) =>
  value >= bar.from && (value < bar.to || (last && value <= bar.to))

function Distribution({ input, seller, unit }: { input: AnalyticsInput; seller: number | undefined; unit: string | undefined }) {
  const most = Math.max(1, ...input.buckets.map((bar) => bar.count))
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">How the final values spread</figcaption>
      <ol className="grid gap-1.5">
        {input.buckets.map((bar, index) => {
          const last = index === input.buckets.length - 1
          const yours = seller !== undefined && inBar(seller, bar, last)
          const range = bar.from === bar.to ? formatValue(bar.from, unit) : `${formatValue(bar.from, unit)} – ${formatValue(bar.to, unit)}`
          return (
            <li
              key={index}
              className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_auto] items-center gap-3 text-xs sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto]"
            >
              <span className={classNames('truncate tabular-nums', yours ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
                {range}
                {yours && <span className="sr-only"> (your value is in this range)</span>}
              </span>
              <span aria-hidden="true" className="h-3 rounded-sm bg-muted">
                <span
                  className={classNames('block h-3 rounded-sm', bar.count === 0 ? '' : 'bg-primary')}
                  style={{ width: `${(bar.count / most) * 100}%` }}
                />
              </span>
              <span className="w-16 text-right tabular-nums">{plural(bar.count, 'visit')}</span>
            </li>
          )
        })}
      </ol>
    </figure>
  )
}

export function InputComparison({ input, seller, now }: { input: AnalyticsInput; seller: SellerInput | undefined; now: Date }) {
  const unit = seller?.unit
  return (
    <li className={classNames(CARD, 'grid content-start gap-4')} data-input={input.name}>
      <div>
        <h3 className="font-semibold break-words">{seller?.label ?? input.name}</h3>
        <p className="text-sm text-muted-foreground">Moved in {plural(input.moved, 'visit')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-md border p-3">
          <dt className="text-muted-foreground">Your value</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums" data-testid="seller-value">
            {seller === undefined ? '—' : formatValue(seller.value, unit)}
          </dd>
        </div>
        <div className="rounded-md border bg-muted p-3">
          <dt className="text-muted-foreground">Prospects' median</dt>
          <dd className="mt-1 text-lg font-bold text-primary tabular-nums" data-testid="prospect-median">
            {formatValue(input.median, unit)}
          </dd>
          {seller !== undefined && <dd className="text-xs text-muted-foreground">{comparedWithSeller(input.median, seller.value)}</dd>}
        </div>
        <div className="col-span-2 rounded-md border p-3 sm:col-span-1">
          <dt className="text-muted-foreground">Range</dt>
          <dd className="mt-1 font-semibold tabular-nums">
            {input.min === input.max ? formatValue(input.min, unit) : `${formatValue(input.min, unit)} – ${formatValue(input.max, unit)}`}
          </dd>
        </div>
      </dl>
      <Distribution input={input} seller={seller?.value} unit={unit} />
      {input.latest.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">Latest final values</h4>
          <ul className="flex flex-wrap gap-2" aria-label={`Latest final values of ${seller?.label ?? input.name}`}>
            {input.latest.map((entry, index) => (
              <li key={index} className="rounded-full border px-2.5 py-1 text-xs">
                <span className="font-semibold tabular-nums" data-testid="latest-value">
                  {formatValue(entry.value, unit)}
                </span>{' '}
                <span className="text-muted-foreground">{formatWhen(entry.at, now)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  )
}

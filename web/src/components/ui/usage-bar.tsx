import { classNames } from './class-names.ts'

/** This month's calculators as a bar (SPEC §9: the percentage capped at 100), red once the limit is reached. */
export function UsageBar({ created, limit, percent }: { created: number; limit: number; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Calculators used this month"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${created} of ${limit} calculators used`}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={classNames('h-full rounded-full', percent >= 100 ? 'bg-destructive' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}

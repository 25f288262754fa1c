import { useId, useState, type ChangeEvent } from 'react'
import { demo } from './content.ts'
import { AVERAGE_DEAL_SIZE, clampToSlider, DEALS_PER_MONTH, demoResult, formatCount, formatUsd, type SliderRange } from './demo-math.ts'
import { useReportFirstDemoInteraction } from './tracking.ts'

function DemoSlider({
  label,
  range,
  value,
  display,
  onChange,
}: {
  label: string
  range: SliderRange
  value: number
  display: string
  onChange: (value: number) => void
}) {
  const id = useId()
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span className="text-sm font-semibold tabular-nums" aria-hidden="true">
          {display}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={display}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(clampToSlider(Number(event.target.value), range))}
        className="mt-1 h-11 w-full cursor-pointer accent-primary"
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{formatCount(range.min)}</span>
        <span>{formatCount(range.max)}</span>
      </div>
    </div>
  )
}

function Figure({ label, value, emphasis = false }: { label: string; value: string; emphasis?: boolean }) {
  // A dl allows one div around each dt/dd group and nothing deeper: the emphasised figure spans both columns itself.
  return (
    <div className={emphasis ? 'rounded-md bg-primary/10 p-4 sm:col-span-2' : 'p-4'}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={`mt-1 font-bold tabular-nums ${emphasis ? 'text-3xl text-primary' : 'text-2xl'}`}>{value}</dd>
    </div>
  )
}

/** SPEC §2/§9: the live demo; its first slider change of the page view reports a demo interaction. */
export function DemoCalculator() {
  const [deals, setDeals] = useState(DEALS_PER_MONTH.defaultValue)
  const [dealSize, setDealSize] = useState(AVERAGE_DEAL_SIZE.defaultValue)
  const reportFirstInteraction = useReportFirstDemoInteraction()
  const result = demoResult(deals, dealSize)
  const change = (set: (value: number) => void) => (value: number) => {
    set(value)
    reportFirstInteraction()
  }
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 border-y bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight">
            {demo.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{demo.text}</p>
        </div>
        <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
          <div className="space-y-4">
            <DemoSlider
              label={demo.dealsLabel}
              range={DEALS_PER_MONTH}
              value={deals}
              display={formatCount(deals)}
              onChange={change(setDeals)}
            />
            <DemoSlider
              label={demo.dealSizeLabel}
              range={AVERAGE_DEAL_SIZE}
              value={dealSize}
              display={formatUsd(dealSize)}
              onChange={change(setDealSize)}
            />
          </div>
          <dl className="mt-6 grid gap-2 sm:grid-cols-2" aria-live="polite">
            <Figure label={demo.additionalDealsLabel} value={formatCount(result.additionalDeals)} />
            <Figure label={demo.monthlyRevenueLabel} value={formatUsd(result.additionalMonthlyRevenue)} />
            <Figure label={demo.annualRevenueLabel} value={formatUsd(result.annualRevenue)} emphasis />
          </dl>
          <p className="mt-4 text-xs text-muted-foreground">{demo.assumption}</p>
        </div>
      </div>
    </section>
  )
}

import type { PricingBlock } from '@valueproof/contracts/proposal-document'
import { useId } from 'react'
import { BlockHeading } from './block-heading.tsx'
import { pricingView, type PricingFormat, type PricingLineView, type PricingPartView, type Ticks } from './pricing.ts'

// The pricing table a prospect reads and ticks (issue 37). On a phone the table keeps two columns
// (the line and its amount) and writes quantity, unit price and discount under the line's name.

const CELL = 'px-2 py-3 align-top first:pl-0 last:pr-0'

/** An optional line's tick: the real checkbox covers a 44 px target, the drawn box is what shows. */
function OptionTick({ line, onTick }: { line: PricingLineView; onTick: (id: string, included: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-start gap-1">
      {/* The 44 px target reaches past the line's height, so the box and the words line up with the other rows. */}
      <span className="relative -my-2.5 -ml-3 grid size-11 shrink-0 place-items-center">
        <input
          type="checkbox"
          data-option={line.id}
          checked={line.included}
          onChange={(event) => onTick(line.id, event.target.checked)}
          className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className={`grid size-5 place-items-center rounded border-2 border-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 ${line.included ? 'bg-primary text-primary-foreground' : 'bg-background'}`}
        >
          {line.included && (
            <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={2.5} className="size-3.5">
              <path d="m3.5 8.5 3 3 6-7" />
            </svg>
          )}
        </span>
      </span>
      <span className="break-words">{line.description}</span>
    </label>
  )
}

function LineRow({
  line,
  lineDiscounts,
  texts,
  onTick,
}: {
  line: PricingLineView
  lineDiscounts: boolean
  texts: PricingFormat['texts']
  onTick: (id: string, included: boolean) => void
}) {
  const details = [line.quantity, `× ${line.unitPrice}`, line.discount].filter((part) => part !== undefined).join(' ')
  return (
    <tr data-line={line.id} data-included={line.included ? '' : undefined} className="border-b">
      <td className={CELL}>
        {line.optional ? <OptionTick line={line} onTick={onTick} /> : <span className="break-words">{line.description}</span>}
        <span className={`block text-sm text-muted-foreground ${line.optional ? 'pl-9' : ''}`}>
          {line.optional && <span>{texts.optional}</span>}
          <span className="sm:hidden">
            {line.optional && ' · '}
            {details}
          </span>
        </span>
      </td>
      <td className={`${CELL} hidden text-right tabular-nums sm:table-cell`}>{line.quantity}</td>
      <td className={`${CELL} hidden text-right tabular-nums sm:table-cell`}>{line.unitPrice}</td>
      {lineDiscounts && <td className={`${CELL} hidden text-right tabular-nums sm:table-cell`}>{line.discount}</td>}
      <td className={`${CELL} text-right tabular-nums`}>
        <span className={line.included ? 'font-medium' : 'text-muted-foreground'}>{line.amount}</span>
        {line.recurrence !== undefined && <span className="block text-sm text-muted-foreground">{line.recurrence}</span>}
        {!line.included && <span className="block text-sm text-muted-foreground">{texts.notIncluded}</span>}
      </td>
    </tr>
  )
}

function Totals({ part }: { part: PricingPartView }) {
  return (
    <div data-totals={part.recurrence} className="grid gap-1 rounded-xl border bg-card p-4">
      <h3 className="text-sm font-semibold text-muted-foreground">{part.label}</h3>
      <dl className="grid gap-1">
        {part.rows.map((row) => (
          <div key={row.label} className={`flex justify-between gap-4 ${row.total ? 'border-t pt-2 text-lg font-semibold' : ''}`}>
            <dt>{row.label}</dt>
            <dd className="tabular-nums" data-total={row.total ? '' : undefined}>
              {row.amount}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export function PricingTable({
  block,
  ticks,
  onTick,
  format,
  brandColor,
  priceNote,
}: {
  block: PricingBlock
  ticks: Ticks
  onTick: (id: string, included: boolean) => void
  format: PricingFormat
  brandColor: string | undefined
  /** The calculator's price follows this table: the note says so. */
  priceNote: boolean
}) {
  const headingId = useId()
  const view = pricingView(block, ticks, format)
  const { texts } = format
  const header = `${CELL} text-right font-medium text-muted-foreground`
  return (
    <section data-pricing-table={block.id} className="grid gap-4">
      <BlockHeading id={headingId} brandColor={brandColor}>
        {block.heading ?? texts.heading}
      </BlockHeading>
      <table aria-labelledby={headingId} className="w-full border-collapse text-left">
        <thead>
          <tr className="border-b text-sm">
            <th scope="col" className={`${CELL} font-medium text-muted-foreground`}>
              {texts.description}
            </th>
            <th scope="col" className={`${header} hidden sm:table-cell`}>
              {texts.quantity}
            </th>
            <th scope="col" className={`${header} hidden sm:table-cell`}>
              {texts.unitPrice}
            </th>
            {view.lineDiscounts && (
              <th scope="col" className={`${header} hidden sm:table-cell`}>
                {texts.discount}
              </th>
            )}
            <th scope="col" className={header}>
              {texts.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <LineRow key={line.id} line={line} lineDiscounts={view.lineDiscounts} texts={texts} onTick={onTick} />
          ))}
        </tbody>
      </table>
      <div className="grid gap-3 sm:grid-cols-2">
        {view.parts.map((part) => (
          <Totals key={part.recurrence} part={part} />
        ))}
      </div>
      {priceNote && <p className="text-sm text-muted-foreground">{texts.priceNote}</p>}
    </section>
  )
}

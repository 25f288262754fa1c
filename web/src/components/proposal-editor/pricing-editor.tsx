// The pricing table's editor (issue 37): lines with description, quantity, unit, unit price,
// recurrence, line discount and whether the prospect may tick it; the table's discount and tax;
// totals as the prospect will see them (formula's quoteTotals), in the calculator's currency.
import { PRICE_RECURRENCES, type PriceRecurrence, type PricingBlock, type PricingItem } from '@valueproof/contracts'
import { quoteTotals } from '@valueproof/formula'
import { useId } from 'react'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import { blockProblems, withField } from './document-edits.ts'
import type { BlockEditorProps } from './block-editors.tsx'

const RECURRENCE_LABELS: Readonly<Record<PriceRecurrence, string>> = { once: 'Once', month: 'Per month', year: 'Per year' }
const FIELD = 'grid gap-1 text-xs font-medium'

/** A number field that reports NaN as 0: the schema wants numbers, and an emptied field means none. */
function numberOf(value: string): number {
  const number = Number(value)
  return Number.isFinite(number) ? number : 0
}

function PercentField({
  label,
  value,
  onChange,
}: {
  label: string
  value: number | undefined
  onChange: (value: number | undefined) => void
}) {
  return (
    <label className={FIELD}>
      {label}
      <Input
        type="number"
        min={0}
        max={100}
        step="any"
        inputMode="decimal"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Math.min(100, Math.max(0, numberOf(event.target.value))))}
      />
    </label>
  )
}

function ItemRow({
  item,
  index,
  problem,
  onChange,
  onRemove,
}: {
  item: PricingItem
  index: number
  problem: string | undefined
  onChange: (item: PricingItem) => void
  onRemove: () => void
}) {
  const errorId = useId()
  const name = item.description.trim() === '' ? `line ${index + 1}` : item.description
  return (
    <li className="grid gap-2 rounded-md border p-3 sm:grid-cols-6" aria-label={`Price line ${index + 1}`}>
      <label className={`${FIELD} sm:col-span-3`}>
        Description
        <Input
          value={item.description}
          maxLength={300}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={problem === undefined ? undefined : errorId}
          onChange={(event) => onChange({ ...item, description: event.target.value })}
        />
      </label>
      <label className={FIELD}>
        Quantity
        <Input
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={item.quantity}
          onChange={(event) => onChange({ ...item, quantity: Math.max(0, numberOf(event.target.value)) })}
        />
      </label>
      <label className={FIELD}>
        Unit
        <Input value={item.unit} maxLength={40} onChange={(event) => onChange({ ...item, unit: event.target.value })} />
      </label>
      <label className={FIELD}>
        Unit price
        <Input
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={item.unitPrice}
          onChange={(event) => onChange({ ...item, unitPrice: Math.max(0, numberOf(event.target.value)) })}
        />
      </label>
      <label className={`${FIELD} sm:col-span-2`}>
        Recurrence
        <select
          value={item.recurrence}
          onChange={(event) =>
            onChange({ ...item, recurrence: PRICE_RECURRENCES.find((recurrence) => recurrence === event.target.value) ?? 'once' })
          }
          className="h-10 rounded-md border border-input bg-background px-2 text-sm"
        >
          {PRICE_RECURRENCES.map((recurrence) => (
            <option key={recurrence} value={recurrence}>
              {RECURRENCE_LABELS[recurrence]}
            </option>
          ))}
        </select>
      </label>
      <PercentField
        label="Line discount %"
        value={item.discountPercent}
        onChange={(value) => onChange(withField(item, 'discountPercent', value))}
      />
      <div className="flex flex-wrap items-end gap-3 text-sm sm:col-span-2">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={item.optional === true}
            onChange={(event) =>
              onChange({ ...item, optional: event.target.checked, selected: event.target.checked ? (item.selected ?? false) : false })
            }
          />
          Optional
        </label>
        {item.optional === true && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={item.selected === true}
              onChange={(event) => onChange({ ...item, selected: event.target.checked })}
            />
            Ticked at first
          </label>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      {problem !== undefined && (
        <p id={errorId} className="text-sm font-medium text-destructive sm:col-span-6 dark:text-red-400">
          {problem}
        </p>
      )}
    </li>
  )
}

export function PricingEditor({
  block,
  onChange,
  formatMoney,
}: BlockEditorProps<PricingBlock> & { formatMoney: (amount: number) => string }) {
  const problems = blockProblems(block)
  const totals = quoteTotals(block)
  const setItem = (index: number, item: PricingItem) =>
    onChange({ ...block, items: block.items.map((current, at) => (at === index ? item : current)) })
  const addItem = () =>
    onChange({
      ...block,
      items: [
        ...block.items,
        { id: `${block.id}-${Date.now().toString(36)}`, description: '', quantity: 1, unit: '', unitPrice: 0, recurrence: 'month' },
      ],
    })
  const parts = PRICE_RECURRENCES.filter((recurrence) => totals[recurrence].subtotal > 0)
  return (
    <div className="grid gap-3">
      <label className="grid gap-1 text-sm font-medium">
        Heading
        <Input
          value={block.heading ?? ''}
          maxLength={300}
          placeholder="Pricing"
          onChange={(event) => onChange(withField(block, 'heading', event.target.value === '' ? undefined : event.target.value))}
        />
      </label>
      <ul className="grid gap-2">
        {block.items.map((item, index) => (
          <ItemRow
            key={item.id}
            item={item}
            index={index}
            problem={problems[`items.${index}.description`]}
            onChange={(next) => setItem(index, next)}
            onRemove={() => onChange({ ...block, items: block.items.filter((_, at) => at !== index) })}
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="outline" size="sm" onClick={addItem}>
          Add a line
        </Button>
        <PercentField
          label="Discount % (whole table)"
          value={block.discountPercent}
          onChange={(value) => onChange(withField(block, 'discountPercent', value))}
        />
        <PercentField label="Tax %" value={block.taxPercent} onChange={(value) => onChange(withField(block, 'taxPercent', value))} />
      </div>
      <dl className="grid gap-1 text-sm" aria-label="Totals" data-testid="pricing-totals">
        {parts.length === 0 && <p className="text-muted-foreground">No lines priced yet.</p>}
        {parts.map((recurrence) => (
          <div key={recurrence} className="flex flex-wrap justify-between gap-2 border-t pt-1">
            <dt>{RECURRENCE_LABELS[recurrence]}</dt>
            <dd className="tabular-nums">
              {formatMoney(totals[recurrence].net)} before tax · {formatMoney(totals[recurrence].total)} with tax
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

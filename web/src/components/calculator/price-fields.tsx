// The seller's price in the Edit Calculator Configuration dialog (issue 15): the amount, how it
// recurs, an optional setup part, and where the price the calculator has now came from.
import { PRICE_PERIODS, type Currency } from '@valueproof/formula'
import { useId } from 'react'
import { priceFieldKey, type FieldKey } from '../../calculator/edit-config.ts'
import { PRICE_LABELS, PRICE_PERIOD_CHOICES, type PriceForm } from '../../calculator/edit-price.ts'
import { HINT_TEXT, SelectField, TextField } from './edit-fields.tsx'

export type PriceChange = Partial<Pick<PriceForm, 'amount' | 'period' | 'setup'>>

export function PriceFields({
  price,
  currency,
  problemAt,
  onChange,
}: {
  price: PriceForm
  /** The calculator's baseCurrency: the price is in it. */
  currency: Currency
  problemAt: (field: FieldKey) => string | undefined
  onChange: (change: PriceChange) => void
}) {
  const titleId = useId()
  const source = price.original?.source
  return (
    <section className="grid gap-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-base font-semibold">
        Your price
      </h3>
      <p className={HINT_TEXT}>
        ROI, payback and net value use this price; without one they stay estimates. Leave it empty if the formula already subtracts your
        price.
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <TextField
          label={PRICE_LABELS.amount}
          fieldKey={priceFieldKey('amount')}
          value={price.amount}
          onValueChange={(amount) => onChange({ amount })}
          error={problemAt(priceFieldKey('amount'))}
          hint={`In ${currency}, e.g. 1200`}
        />
        <SelectField
          label={PRICE_LABELS.period}
          data-field={priceFieldKey('period')}
          value={price.period}
          onChange={(event) => {
            const period = PRICE_PERIODS.find((candidate) => candidate === event.target.value)
            if (period !== undefined) onChange({ period })
          }}
          error={problemAt(priceFieldKey('period'))}
        >
          {PRICE_PERIOD_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {price.period !== 'one-off' && (
          <TextField
            label={PRICE_LABELS.setup}
            fieldKey={priceFieldKey('setup')}
            value={price.setup}
            onValueChange={(setup) => onChange({ setup })}
            error={problemAt(priceFieldKey('setup'))}
            hint="Optional: paid once at the start"
          />
        )}
      </div>
      {source !== undefined && source.kind !== 'entered' && (
        <p data-price-source className={HINT_TEXT}>
          <span className="font-medium">
            {source.kind === 'document' ? `From the document, page ${source.page}:` : 'From your description:'}
          </span>{' '}
          <q className="italic">{source.quote}</q> Changing the price makes it your own entry.
        </p>
      )}
    </section>
  )
}

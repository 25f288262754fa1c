// "Your price" beside the calculator (issue 36): amount, per unit of an input, how it is billed and
// a setup part, applied at once. Without a price the calculator shows SPEC §9's estimate, marked.
import { PRICE_PERIODS, type CalculatorData, type CalculatorPriceInput } from '@valueproof/formula'
import { useId, useState, type FormEvent } from 'react'
import { PRICE_PERIOD_CHOICES } from '../../calculator/edit-price.ts'
import { perChoices, priceOfForm, yourPriceForm, type YourPriceForm } from '../../calculator/your-price.ts'
import { Button } from '../ui/button.tsx'
import { SelectField, TextField } from './edit-fields.tsx'

export function YourPrice({ config, onPrice }: { config: CalculatorData; onPrice: (price: CalculatorPriceInput | undefined) => void }) {
  const headingId = useId()
  const [form, setForm] = useState<YourPriceForm>(() => yourPriceForm(config))
  const [problem, setProblem] = useState<{ field: 'amount' | 'setup'; message: string }>()
  const choices = perChoices(config)
  const change = (next: Partial<YourPriceForm>) => setForm((current) => ({ ...current, ...next }))

  function apply(event: FormEvent) {
    event.preventDefault()
    const reading = priceOfForm(form, config)
    if (!reading.ok) {
      setProblem({ field: reading.field, message: reading.message })
      return
    }
    setProblem(undefined)
    onPrice(reading.price)
  }

  return (
    <form className="grid gap-3" aria-labelledby={headingId} onSubmit={apply} noValidate>
      <div className="grid gap-1">
        <h3 id={headingId} className="text-sm font-semibold">
          Your price
        </h3>
        <p className="text-sm text-muted-foreground">
          {config.price === undefined
            ? 'No price yet: ROI and payback are estimates until you enter it.'
            : config.price.source.kind === 'entered'
              ? 'ROI, payback and the proposal use the price you entered.'
              : 'ROI, payback and the proposal use the price as the text states it. Change it here.'}
        </p>
      </div>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <TextField
          label={`Price (${config.baseCurrency})`}
          fieldKey="your-price-amount"
          value={form.amount}
          onValueChange={(amount) => change({ amount })}
          error={problem?.field === 'amount' ? problem.message : undefined}
        />
        <SelectField label="Per" value={form.per} onChange={(event) => change({ per: event.target.value })} error={undefined}>
          <option value="">In total</option>
          {choices.map((choice) => (
            <option key={choice.name} value={choice.name}>
              Per {choice.label.toLowerCase()}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Billed"
          value={form.period}
          onChange={(event) => {
            const period = PRICE_PERIODS.find((candidate) => candidate === event.target.value)
            if (period !== undefined) change({ period })
          }}
          error={undefined}
        >
          {PRICE_PERIOD_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {form.period !== 'one-off' && (
          <TextField
            label="Setup price (once)"
            fieldKey="your-price-setup"
            value={form.setup}
            onValueChange={(setup) => change({ setup })}
            error={problem?.field === 'setup' ? problem.message : undefined}
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Apply price
        </Button>
        {config.price !== undefined && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setForm({ amount: '', per: '', period: form.period, setup: '' })
              onPrice(undefined)
            }}
          >
            Remove price
          </Button>
        )}
      </div>
    </form>
  )
}

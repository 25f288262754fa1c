import {
  createCalculator,
  formatMoney,
  MONEY_LOCALES,
  sliderSettings,
  timeframeLabel,
  valueFieldSlider,
  type CalculatorData,
  type CalculatorResult,
  type Currency,
  type SliderSettings,
  type ValueFieldResult,
} from '@valueproof/formula'
import { useId, useMemo, useState, type ChangeEvent } from 'react'
import { classNames } from '../ui/class-names.ts'

/** One input of the calculator: a parameter, or a value calculator's input field. */
interface CalculatorInput {
  name: string
  label: string
  description: string | undefined
  unit: string | undefined
  slider: SliderSettings
}

function inputsOf(calculatorData: CalculatorData): CalculatorInput[] {
  const inputs: CalculatorInput[] = calculatorData.parameters.map((parameter) => ({
    name: parameter.name,
    label: parameter.label,
    description: parameter.description,
    unit: parameter.unit,
    slider: sliderSettings(parameter),
  }))
  if (calculatorData.calculatorType === 'value') {
    for (const field of calculatorData.valueFields) {
      if (field.calculated) continue
      inputs.push({ name: field.name, label: field.label, description: field.description, unit: field.unit, slider: valueFieldSlider(field) })
    }
  }
  return inputs
}

/** Whether a calculator has anything to show: at least one input or value field. */
export function hasCalculatorContent(calculatorData: CalculatorData): boolean {
  return calculatorData.parameters.length > 0 || calculatorData.valueFields.length > 0
}

/**
 * The live calculator of a proposal: a slider and a number input per input, and every figure
 * recomputed by @valueproof/formula on each change, money in the calculator's baseCurrency (SPEC §9).
 */
export function LiveCalculator({ calculatorData }: { calculatorData: CalculatorData }) {
  const calculator = useMemo(() => createCalculator(calculatorData), [calculatorData])
  const inputs = useMemo(() => inputsOf(calculatorData), [calculatorData])
  const [values, setValues] = useState<Record<string, number>>(() => calculator.initialValues())
  const result = useMemo(() => calculator.compute(values), [calculator, values])
  const currency = calculatorData.baseCurrency
  const headingId = useId()

  return (
    <div className="rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6" aria-labelledby={headingId} role="group">
      <h3 id={headingId} className="text-lg font-semibold">
        {calculatorData.name}
      </h3>
      {calculatorData.description.trim() !== '' && <p className="mt-1 text-sm text-muted-foreground">{calculatorData.description}</p>}
      {inputs.length > 0 && (
        <div className="mt-6 grid gap-6">
          {inputs.map((input) => (
            <InputControl
              key={input.name}
              input={input}
              value={values[input.name] ?? input.slider.initialValue}
              onChange={(value) => setValues((current) => ({ ...current, [input.name]: value }))}
            />
          ))}
        </div>
      )}
      <Results result={result} calculatorData={calculatorData} currency={currency} />
      {calculatorData.explanation.trim() !== '' && (
        <p className="mt-6 text-sm whitespace-pre-line text-muted-foreground">{calculatorData.explanation}</p>
      )}
    </div>
  )
}

const plainNumber = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 }).format(value)

function InputControl({ input, value, onChange }: { input: CalculatorInput; value: number; onChange: (value: number) => void }) {
  const id = useId()
  const { min, max, step } = input.slider
  // What the visitor typed, kept as typed so half-finished numbers ('1.', '-') are not overwritten.
  const [text, setText] = useState(String(value))
  const typed = text.trim() === '' ? Number.NaN : Number(text)
  const problem = !Number.isFinite(typed) || typed < min || typed > max ? `Enter a number between ${plainNumber(min)} and ${plainNumber(max)}` : undefined

  function onSlider(event: ChangeEvent<HTMLInputElement>) {
    const next = Number(event.target.value)
    setText(event.target.value)
    onChange(next)
  }

  function onNumber(event: ChangeEvent<HTMLInputElement>) {
    setText(event.target.value)
    const next = event.target.value.trim() === '' ? Number.NaN : Number(event.target.value)
    // Out-of-range numbers still count, clamped by the formula package (SPEC §5), and are flagged.
    if (Number.isFinite(next)) onChange(next)
  }

  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const sliderValue = Math.min(max, Math.max(min, value))
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <label id={labelId} htmlFor={`${id}-number`} className="text-sm font-medium">
          {input.label}
        </label>
        {input.unit !== undefined && input.unit.trim() !== '' && <span className="text-xs text-muted-foreground">{input.unit}</span>}
      </div>
      {input.description !== undefined && input.description.trim() !== '' && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {input.description}
        </p>
      )}
      <div className="flex items-center gap-4">
        <input
          type="range"
          aria-labelledby={labelId}
          min={min}
          max={max}
          step={step}
          value={sliderValue}
          onChange={onSlider}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
        />
        <input
          id={`${id}-number`}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={text}
          onChange={onNumber}
          onBlur={() => {
            if (problem !== undefined) setText(String(sliderValue))
          }}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={[problem === undefined ? undefined : errorId, input.description === undefined ? undefined : descriptionId].filter(Boolean).join(' ') || undefined}
          className="h-10 w-32 rounded-md border border-input bg-background px-3 py-2 text-right text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none aria-invalid:border-destructive sm:text-sm"
        />
      </div>
      {problem !== undefined && (
        <p id={errorId} className="text-xs font-medium text-destructive dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  )
}

interface Figure {
  key: string
  label: string
  value: string
  highlight?: boolean
}

const percent = (value: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Number.isFinite(value) ? value : 0)}%`
const months = (value: number) => {
  const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)
  return `${shown} ${value === 1 ? 'month' : 'months'}`
}

const MONEY_MARK = /[$€£]|\bkr\b|\b(sek|usd|eur)\b/i

/** A value field's figure: money in the base currency when its prefix or unit says so, else a number with its unit. */
function formatValueField(field: ValueFieldResult, currency: Currency): string {
  if ((field.prefix !== undefined && MONEY_MARK.test(field.prefix)) || (field.unit !== undefined && MONEY_MARK.test(field.unit))) {
    return formatMoney(field.value, currency)
  }
  const number = new Intl.NumberFormat(MONEY_LOCALES[currency], { maximumFractionDigits: 1 }).format(Number.isFinite(field.value) ? field.value : 0)
  const unit = field.unit?.trim() ?? ''
  return `${field.prefix ?? ''}${number}${unit === '' ? '' : unit === '%' ? '%' : ` ${unit}`}`
}

function figuresOf(result: CalculatorResult, calculatorData: CalculatorData, currency: Currency): { main: Figure[]; more: Figure[] } {
  const money = (value: number) => formatMoney(value, currency)
  switch (result.calculatorType) {
    case 'standard':
      return {
        main: result.timeframes.map((timeframe) => ({ key: timeframe.period, label: timeframe.label, value: money(timeframe.value) })),
        more: [
          { key: 'three-year', label: '3-Year Value', value: money(result.standard.threeYear) },
          { key: 'roi', label: 'ROI', value: percent(result.standard.roiPercent) },
          { key: 'payback', label: 'Payback Period', value: months(result.standard.paybackMonths) },
        ],
      }
    case 'ai-calculated': {
      const { aiCalculated } = result
      return {
        main: (['daily', 'monthly', 'yearly'] as const).map((period) => ({
          key: period,
          label: timeframeLabel(period, calculatorData.valueType),
          value: money(aiCalculated[period]),
        })),
        more: [
          { key: 'roi', label: 'ROI', value: percent(aiCalculated.roiPercent) },
          { key: 'payback', label: 'Payback Period', value: months(aiCalculated.paybackMonths) },
        ],
      }
    }
    case 'value':
      return {
        main: result.valueCalculation.highlighted.map((field) => ({ key: field.name, label: field.label, value: formatValueField(field, currency), highlight: true })),
        more: result.valueCalculation.fields
          .filter((field) => field.calculated && !field.highlight)
          .map((field) => ({ key: field.name, label: field.label, value: formatValueField(field, currency) })),
      }
  }
}

function Results({ result, calculatorData, currency }: { result: CalculatorResult; calculatorData: CalculatorData; currency: Currency }) {
  const { main, more } = figuresOf(result, calculatorData, currency)
  if (main.length === 0 && more.length === 0) return null
  return (
    <div className="mt-8 grid gap-4">
      {main.length > 0 && (
        <section aria-label={result.calculatorType === 'value' ? 'Key Metrics' : 'Results'}>
          {result.calculatorType === 'value' && <h4 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">Key Metrics</h4>}
          <dl className="grid gap-3 sm:grid-cols-2">
            {main.map((figure) => (
              <FigureCard key={figure.key} figure={figure} prominent />
            ))}
          </dl>
        </section>
      )}
      {more.length > 0 && (
        <dl className="grid gap-3 sm:grid-cols-3">
          {more.map((figure) => (
            <FigureCard key={figure.key} figure={figure} />
          ))}
        </dl>
      )}
    </div>
  )
}

function FigureCard({ figure, prominent = false }: { figure: Figure; prominent?: boolean }) {
  return (
    <div data-result={figure.key} className={classNames('rounded-md border p-4', prominent ? 'bg-muted' : 'bg-background')}>
      <dt className="text-sm text-muted-foreground">{figure.label}</dt>
      <dd className={classNames('mt-1 font-bold tabular-nums', prominent ? 'text-2xl text-primary' : 'text-lg')}>{figure.value}</dd>
    </div>
  )
}

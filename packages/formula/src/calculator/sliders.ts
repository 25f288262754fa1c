// SPEC §9 slider rules: UI defaults, the initial value and the value calculator's slider ranges.

/** SPEC §9: slider defaults when a parameter lacks them (the stored definition has its own, see schema). */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const

/** SPEC §9: without a defaultValue a slider starts at min plus 30% of the range. */
export const INITIAL_SHARE_OF_RANGE = 0.3

export interface SliderSettings {
  readonly min: number
  readonly max: number
  readonly step: number
  readonly initialValue: number
}

export interface SliderSource {
  readonly min?: number | null | undefined
  readonly max?: number | null | undefined
  readonly step?: number | null | undefined
  readonly defaultValue?: number | null | undefined
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}

function decimalPlaces(value: number): number {
  const text = String(value)
  const exponent = text.indexOf('e-')
  if (exponent >= 0) return Number(text.slice(exponent + 2)) + Math.max(0, text.slice(0, exponent).split('.')[1]?.length ?? 0)
  return text.split('.')[1]?.length ?? 0
}

/** Rounds to the grid a slider can stop on (min + k·step), without binary-fraction noise. */
function snapToStep(value: number, min: number, step: number): number {
  const snapped = min + Math.round((value - min) / step) * step
  const decimals = Math.min(12, Math.max(decimalPlaces(step), decimalPlaces(min)))
  return Number(snapped.toFixed(decimals))
}

/**
 * A value a slider can stop on: within min and max, on the grid min + k·step (the nearest point,
 * the one below when the nearest lies past max), written without binary-fraction noise
 * (4.8, never 4.800000000000001). Non-finite values become min.
 */
export function snapToSlider(value: number, slider: Pick<SliderSettings, 'min' | 'max' | 'step'>): number {
  if (!Number.isFinite(value)) return slider.min
  const within = Math.min(slider.max, Math.max(slider.min, value))
  const snapped = snapToStep(within, slider.min, slider.step)
  // Past max by more than noise (a max of -0.59 + 0.58 is -0.010000000000000009, the grid's -0.01 is max).
  return snapped - slider.max > slider.step * 1e-9 ? snapToStep(snapped - slider.step, slider.min, slider.step) : snapped
}

/** A computed value without binary-fraction noise (6 × 0.8 is 4.8, not 4.800000000000001): 12 significant digits. */
export function withoutFloatNoise(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(12)) : value
}

/**
 * Resolves a parameter's slider: missing or unusable min, max or step take SLIDER_DEFAULTS (step
 * must be > 0; max below min becomes min), and the initial value is defaultValue clamped into
 * range, else min + 30% of the range snapped to the step grid.
 */
export function sliderSettings(source: SliderSource): SliderSettings {
  const min = finiteOr(source.min, SLIDER_DEFAULTS.min)
  const max = Math.max(min, finiteOr(source.max, SLIDER_DEFAULTS.max))
  const rawStep = finiteOr(source.step, SLIDER_DEFAULTS.step)
  const step = rawStep > 0 ? rawStep : SLIDER_DEFAULTS.step
  const defaultValue = source.defaultValue
  let initialValue: number
  if (typeof defaultValue === 'number' && Number.isFinite(defaultValue)) {
    initialValue = Math.min(max, Math.max(min, defaultValue))
  } else {
    const snapped = snapToStep(min + INITIAL_SHARE_OF_RANGE * (max - min), min, step)
    initialValue = snapped > max ? snapped - step : snapped
  }
  return { min, max, step, initialValue }
}

/** SPEC §9: defaultValue, or min plus 30% of the range. */
export function initialSliderValue(source: SliderSource): number {
  return sliderSettings(source).initialValue
}

/** SPEC §9 value-type slider maxima; see docs/decisions/011 for the order and the 'otherwise' rule. */
export const VALUE_SLIDER_MAXIMA = {
  money: 10_000,
  people: 500,
  appointments: 300,
  deals: 100,
  /** 'Otherwise by default': the first bracket whose limit the |defaultValue| does not exceed. */
  byDefaultValue: [
    { upTo: 10, max: 50 },
    { upTo: 100, max: 500 },
    { upTo: 1_000, max: 5_000 },
    { upTo: Infinity, max: 20_000 },
  ],
} as const

const MONEY_WORDS = ['size', 'value', 'price']
const PEOPLE_WORDS = ['customer', 'client', 'patient']
const APPOINTMENT_WORDS = ['appointment', 'meeting', 'call']
const DEAL_WORDS = ['deal']
const MONEY_UNIT = /\$|€|\bkr\b|\bsek\b|\busd\b|\beur\b/i

/** 'averageDealSize' → ['average', 'deal', 'size']; also splits snake_case and digits. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
}

function mentions(words: readonly string[], stems: readonly string[]): boolean {
  // A word counts when it starts with the stem, so plurals (customers, calls, deals) match too.
  return words.some((word) => stems.some((stem) => word.startsWith(stem)))
}

function maxByDefaultValue(defaultValue: number): number {
  const magnitude = Math.abs(defaultValue)
  for (const bracket of VALUE_SLIDER_MAXIMA.byDefaultValue) {
    if (magnitude <= bracket.upTo) return bracket.max
  }
  return VALUE_SLIDER_MAXIMA.byDefaultValue[VALUE_SLIDER_MAXIMA.byDefaultValue.length - 1]?.max ?? SLIDER_DEFAULTS.max
}

export interface ValueSliderSource {
  readonly name: string
  readonly unit?: string | null | undefined
  readonly defaultValue?: number | null | undefined
}

/**
 * SPEC §9 value-type slider max. Money (size/value/price, or a currency unit such as $) 10,000;
 * customer/client/patient at least 500; appointment/meeting/call 300; deal 100; otherwise by the
 * default's magnitude 50, 500, 5,000 or 20,000. The max never falls below the default: then it is
 * twice the default.
 */
export function valueSliderMax(field: ValueSliderSource): number {
  const words = wordsOf(field.name)
  const defaultValue = typeof field.defaultValue === 'number' && Number.isFinite(field.defaultValue) ? field.defaultValue : 0
  let max: number
  if (mentions(words, MONEY_WORDS) || (field.unit !== undefined && field.unit !== null && MONEY_UNIT.test(field.unit))) {
    max = VALUE_SLIDER_MAXIMA.money
  } else if (mentions(words, PEOPLE_WORDS)) {
    max = Math.max(VALUE_SLIDER_MAXIMA.people, maxByDefaultValue(defaultValue))
  } else if (mentions(words, APPOINTMENT_WORDS)) {
    max = VALUE_SLIDER_MAXIMA.appointments
  } else if (mentions(words, DEAL_WORDS)) {
    max = VALUE_SLIDER_MAXIMA.deals
  } else {
    max = maxByDefaultValue(defaultValue)
  }
  return defaultValue > max ? defaultValue * 2 : max
}

/** The slider for a value calculator's input field: 0 to valueSliderMax, step 1, starting at its default. */
export function valueFieldSlider(field: ValueSliderSource): SliderSettings {
  return sliderSettings({
    min: SLIDER_DEFAULTS.min,
    max: valueSliderMax(field),
    step: SLIDER_DEFAULTS.step,
    defaultValue: field.defaultValue,
  })
}

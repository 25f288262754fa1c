// min / max / step for a parameter around its default: the default always inside the range, a step
// that suits the magnitude (and lands on the default where a round step can), no binary noise.

export type QuantityKind = 'money' | 'hours' | 'minutes' | 'count' | 'people' | 'percent'

export interface SliderRange {
  readonly min: number
  readonly max: number
  readonly step: number
}

/** Rounds away binary-fraction noise (0.1 + 0.2). */
function clean(value: number): number {
  return Number(value.toPrecision(12))
}

/** The smallest of 1, 2, 2.5, 5 × 10^k that is ≥ value. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1
  const exponent = Math.floor(Math.log10(value))
  for (let power = exponent - 1; power <= exponent + 1; power += 1) {
    for (const mantissa of [1, 2, 2.5, 5]) {
      const candidate = clean(mantissa * 10 ** power)
      if (candidate >= value) return candidate
    }
  }
  return clean(10 ** (exponent + 1))
}

/** Whether `value` is a whole multiple of `step` (within rounding). */
function divides(step: number, value: number): boolean {
  const ratio = value / step
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio))
}

/** A 1/2/5 × 10^k step near max/100, preferring one the default sits on. */
function stepFor(defaultValue: number, max: number, wholeNumbers: boolean): number {
  const target = max / 100
  const candidates: number[] = []
  const exponent = Math.floor(Math.log10(target))
  for (let power = exponent - 2; power <= exponent; power += 1) {
    for (const mantissa of [1, 2, 5]) {
      const candidate = clean(mantissa * 10 ** power)
      if (candidate <= target && (!wholeNumbers || candidate >= 1)) candidates.push(candidate)
    }
  }
  candidates.sort((a, b) => b - a)
  const onDefault = candidates.find((candidate) => candidate >= target / 20 && divides(candidate, defaultValue))
  const fallback = candidates[0] ?? (wholeNumbers ? 1 : clean(10 ** exponent))
  return onDefault ?? fallback
}

/** The slider range for a parameter of this kind whose default is `defaultValue` (> 0). */
export function sliderRange(kind: QuantityKind, defaultValue: number, options: { readonly hoursPerPeriodCap?: number } = {}): SliderRange {
  const whole = Number.isInteger(defaultValue)
  switch (kind) {
    case 'percent': {
      const max = defaultValue > 100 ? niceCeil(defaultValue * 2) : 100
      return { min: 0, max, step: whole ? 1 : divides(0.5, defaultValue) ? 0.5 : 0.1 }
    }
    case 'hours': {
      const cap = options.hoursPerPeriodCap ?? Infinity
      const max = Math.max(defaultValue, Math.min(cap, niceCeil(Math.max(defaultValue * 2, 20))))
      return { min: 0, max, step: whole ? (max > 500 ? stepFor(defaultValue, max, true) : 1) : 0.5 }
    }
    case 'minutes': {
      const max = niceCeil(Math.max(defaultValue * 3, 30))
      return { min: 0, max, step: whole ? 1 : 0.5 }
    }
    case 'people':
    case 'count': {
      const max = niceCeil(Math.max(defaultValue * 3, 10))
      const min = kind === 'people' && defaultValue >= 1 ? 1 : 0
      const step = whole ? (max > 200 ? stepFor(defaultValue, max, true) : 1) : clean(10 ** Math.floor(Math.log10(defaultValue) - 1))
      return { min, max, step }
    }
    case 'money': {
      const max = niceCeil(defaultValue * 3)
      return { min: 0, max, step: stepFor(defaultValue, max, whole && defaultValue >= 100) }
    }
  }
}

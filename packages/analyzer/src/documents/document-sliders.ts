// How many of a document calculator's inputs are sliders: SPEC §2's 'Choose Calculator Type' gives
// Minimal one, Balanced two and Advanced three, as long as the calculator has that many inputs. The
// value side's inputs come first; when they are fewer, the price's inputs fill the rest, a yes-or-no
// choice (an option taken or not) last, as a slider of 0 and 1 moves nothing a buyer weighs.
import { SLIDERS_PER_COMPLEXITY, type GenerationComplexity } from '../types.ts'

/** The sliders a complexity promises ('value' has no sliders: every input is a field). */
export function slidersFor(complexity: GenerationComplexity): number {
  return complexity === 'value' ? 0 : SLIDERS_PER_COMPLEXITY[complexity]
}

/** The names of the first `count` inputs in the order given, a choice only when nothing else is left. */
export function sliderNames(ordered: readonly { name: string; kind: string }[], count: number): Set<string> {
  const plain = ordered.filter((input) => input.kind !== 'choice')
  const choices = ordered.filter((input) => input.kind === 'choice')
  return new Set([...plain, ...choices].slice(0, Math.max(0, count)).map((input) => input.name))
}

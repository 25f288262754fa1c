// Whether the pipeline's streams are a value the document claims: each needs an effect the roles
// stage read as one ("cut by 30 %", "85 % never call back"), said as the offer's claim — by the
// seller ("we", "our") or in the words of value ("saves", "ROI", "besparing"). A stream whose only
// "effect" is a cost replaced wholesale (compose's replace streams) is a price list read as savings,
// and a share in a contract's terms or a rate card ("less than fair market rates") claims nothing.
import type { ComposedModel } from '../compose/compose.ts'
import { OFFER_ACTS } from '../roles/cues.ts'
import { unicodeWords } from '../read/word-boundary.ts'

const VALUE_WORDS = unicodeWords(
  /\b(?:sav(?:e|es|ed|ing|ings)|roi|payback|return\s+on|efficien\w*|productiv\w*|reduc(?:e|es|ed|ing|tion)|cuts?|lowers?|increases?|improves?|besparing\w*|spar(?:ar|a|as)|effektiv\w*|återbetalning\w*|lönsam\w*|minskar|sänker|ökar|höjer|förbättrar)\b/iu,
)

export function claimsValue(model: ComposedModel): boolean {
  return model.streams.some(
    (stream) =>
      stream.effect.length > 0 &&
      stream.yearly > 0 &&
      stream.effect.every((ref) => {
        const entry = model.quantities[ref]
        return entry?.role.role === 'effect' && (OFFER_ACTS.test(entry.quantity.sentence) || VALUE_WORDS.test(entry.quantity.sentence))
      }),
  )
}

// One text's words for one thing become one noun atom ("maskiner" and "maskin", "utlandsresor" and "resa").
import type { Quantity } from '../model.ts'

/** Whether a Swedish compound ends in the other word's stem, with a first part of its own ("utlandsres", "resa"). */
function sameCompoundHead(compound: string, word: string): boolean {
  // Both without their plural or definite endings: "körlektion" and "lektioner" share "lektion".
  const stem = word.replace(/(?:erna|arna|orna|er|ar|or|na|a|e)$/u, '')
  const compoundStem = compound.replace(/(?:erna|arna|orna|er|ar|or|na|a|e)$/u, '')
  return stem.length >= 3 && compoundStem.length - stem.length >= 3 && compoundStem.endsWith(stem)
}

/**
 * One text's words for one thing meet: "maskiner" and "maskin", "bodar" and "bod", "members" and
 * "member" become the shorter atom when one is the other plus a short ending.
 */
export function unifyNouns(quantities: Quantity[], swedish: boolean): void {
  const atoms = new Set(quantities.flatMap((quantity) => Object.keys(quantity.unit)).filter((atom) => atom.startsWith('n:')))
  const rename = new Map<string, string>()
  for (const atom of atoms) {
    for (const other of atoms) {
      if (other === atom || other.length >= atom.length) continue
      const stem = other.slice(2)
      if (stem.length >= 3 && atom.slice(2).startsWith(stem) && atom.length - other.length <= 4)
        rename.set(atom, rename.get(other) ?? other)
      // A Swedish compound is its last part: "utlandsresor" and "en resa" are both trips.
      else if (swedish && sameCompoundHead(atom.slice(2), stem)) rename.set(atom, rename.get(other) ?? other)
      // A short Swedish noun ending in a vowel takes "-r" in the plural: "ko" and "kor", "sko" and "skor".
      else if (swedish && stem.length === 2 && /[aeiouyåäö]$/u.test(stem) && atom.slice(2) === `${stem}r`)
        rename.set(atom, rename.get(other) ?? other)
    }
  }
  if (rename.size === 0) return
  quantities.forEach((quantity, index) => {
    const unit: Record<string, number> = {}
    for (const [atom, power] of Object.entries(quantity.unit)) {
      const target = rename.get(atom) ?? atom
      unit[target] = (unit[target] ?? 0) + power
      if (unit[target] === 0) delete unit[target]
    }
    quantities[index] = { ...quantity, unit, ...(quantity.noun !== undefined ? { noun: rename.get(quantity.noun) ?? quantity.noun } : {}) }
  })
}

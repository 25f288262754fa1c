// Numbers written in words become digits before the scanner reads the text: "forty-five minutes",
// "fyrtiofem minuter", "an hour and a half", "en halvtimme", "en kvart", "ett dussin", "two and a
// half". The rewritten text keeps a map back to the original, so quotes are always the seller's words.
import { nameOrHeading } from './names-and-headings.ts'

const EN_UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const EN_TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 }
const SV_UNITS: Record<string, number> = {
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
  elva: 11,
  tolv: 12,
  tretton: 13,
  fjorton: 14,
  femton: 15,
  sexton: 16,
  sjutton: 17,
  arton: 18,
  nitton: 19,
}
const SV_TENS: Record<string, number> = { tjugo: 20, trettio: 30, fyrtio: 40, femtio: 50, sextio: 60, sjuttio: 70, åttio: 80, nittio: 90 }
const SV_ONES: Record<string, number> = { ett: 1, en: 1, två: 2, tre: 3, fyra: 4, fem: 5, sex: 6, sju: 7, åtta: 8, nio: 9 }

interface Rewrite {
  readonly pattern: RegExp
  readonly replace: (match: RegExpExecArray, text: string) => string | undefined
}

/** "£38 an hour", "$95 a visit", "45 dollars an hour": "an hour" after an amount is a period, not one hour. */
const afterAmount = (match: RegExpExecArray, text: string): boolean =>
  /[\d%]\s*(?:[\p{L}$€£]{0,8}\s*)?(?:[/]\s*)?$/u.test(text.slice(Math.max(0, match.index - 14), match.index))

const word = (value: Record<string, number>, key: string | undefined): number | undefined =>
  key === undefined ? undefined : value[key.toLowerCase()]

/** Every number word in English and Swedish, and the article as one ("one day in five", "a third"). */
const WORD_NUMBERS: Readonly<Record<string, number>> = { ...EN_UNITS, ...EN_TENS, ...SV_UNITS, ...SV_TENS, ...SV_ONES, a: 1, an: 1 }

/** The value of one number word ("five", "två", "twenty"), or undefined. */
export const wordNumber = (key: string | undefined): number | undefined => word(WORD_NUMBERS, key)

/** Phrases of time and quantity that are numbers in words. */
const PHRASES: ReadonlyArray<Rewrite> = [
  { pattern: /\b(?:an|one)\s+hour\s+and\s+a\s+half\b/giu, replace: () => '1.5 hours' },
  { pattern: /\bhalf\s+an\s+hour\b/giu, replace: () => '30 minutes' },
  { pattern: /\ba\s+quarter\s+of\s+an\s+hour\b/giu, replace: () => '15 minutes' },
  {
    pattern: /\b(one|two|three|four|five|six|seven|eight|nine|ten)\s+and\s+a\s+half\b/giu,
    replace: (m) => `${(word(EN_UNITS, m[1]) ?? 0) + 0.5}`,
  },
  { pattern: /\ba\s+dozen\b|\bdozen\b/giu, replace: () => '12' },
  // "1h45m", "2 h 30 min", "1 tim 45 min": hours and minutes as hours.
  {
    pattern: /\b(\d+)\s*(?:h|hrs?|tim)\s*(\d{1,2})\s*(?:m|min|mins|minutes|minuter)\b/giu,
    replace: (m) => `${Number(((Number(m[1]) || 0) + (Number(m[2]) || 0) / 60).toFixed(4))} hours`,
  },
  { pattern: /\b(?:a|an|one)\s+(?:additional|extra|further)\s+quarter\b/giu, replace: () => '25 %' },
  { pattern: /\b(?:a|an|one)\s+(?:additional|extra|further)\s+third\b/giu, replace: () => '33.33 %' },
  { pattern: /\b(?:a|one)\s+fifth\b/giu, replace: () => '20 %' },
  { pattern: /\btwo\s+fifths\b/giu, replace: () => '40 %' },
  { pattern: /\b(?:a|one)\s+tenth\b/giu, replace: () => '10 %' },
  { pattern: /\b(?:a|one)\s+sixth\b/giu, replace: () => '16.67 %' },
  { pattern: /\btwo\s+thirds\b/giu, replace: () => '66.67 %' },
  { pattern: /\bthree\s+quarters\b/giu, replace: () => '75 %' },
  { pattern: /\ben\s+femtedel\b/giu, replace: () => '20 %' },
  { pattern: /\ben\s+tiondel\b/giu, replace: () => '10 %' },
  { pattern: /\ben\s+sjättedel\b/giu, replace: () => '16,67 %' },
  { pattern: /\btvå\s+tredjedelar\b/giu, replace: () => '66,67 %' },
  { pattern: /\btre\s+fjärdedelar\b/giu, replace: () => '75 %' },
  { pattern: /\btvå\s+femtedelar\b/giu, replace: () => '40 %' },
  { pattern: /\b(?:a|one)\s+hundred\b/giu, replace: () => '100' },
  { pattern: /\b(?:a|one)\s+thousand\b/giu, replace: () => '1000' },
  { pattern: /\ben\s+och\s+en\s+halv\b/giu, replace: () => '1,5' },
  // "ett nittiotal anbud", "ett hundratal kunder": about that many.
  {
    pattern: /\b(?:ett\s+)(tio|tjugo|trettio|fyrtio|femtio|sextio|sjuttio|åttio|nittio|hundra|tusen)tal\b/giu,
    replace: (m) =>
      `${({ tio: 10, hundra: 100, tusen: 1000 } as Record<string, number>)[(m[1] ?? '').toLowerCase()] ?? word(SV_TENS, m[1]) ?? ''}`,
  },
  { pattern: /\bsex(?=\s+(?:procent|%|timmar|dagar|veckor|månader|minuter|kr|kronor|år|st|personer|anställda))/giu, replace: () => '6' },
  {
    pattern: /(?<!\p{L})(två|tre|fyra|fem|sex|sju|åtta|nio|tio)\s+och\s+en\s+halv\b/giu,
    replace: (m) => `${(word(SV_UNITS, m[1]) ?? 0) + 0.5}`.replace('.', ','),
  },
  { pattern: /\ben\s+halvtimme\b|\ben\s+halv\s+timme\b/giu, replace: () => '30 minuter' },
  { pattern: /\btre\s+kvart\b/giu, replace: () => '45 minuter' },
  { pattern: /\ben\s+kvart\b/giu, replace: () => '15 minuter' },
  { pattern: /\bett\s+dussin\b/giu, replace: () => '12' },
  { pattern: /\b(?:ett\s+)?hundra\b/giu, replace: () => '100' },
  { pattern: /\b(?:ett\s+)?tusen\b/giu, replace: () => '1000' },
  { pattern: /\b(?:an|one)\s+(hour|day|week|shift)\b/giu, replace: (m, text) => (afterAmount(m, text) ? undefined : `1 ${m[1] ?? ''}`) },
  {
    pattern: /\b(en|ett)\s+(timme|dag|vecka|arbetsdag|skift)\b/giu,
    replace: (m, text) => (afterAmount(m, text) ? undefined : `1 ${m[2] ?? ''}`),
  },
]

/** "with our capture it's two", "med appen tar det tre": a number word closing a clause is a number. */
const CLOSING_NUMBERS: Rewrite = {
  pattern:
    /(?<=\b(?:it's|it is|it takes|that's|takes|down to|tar det|är det|blir det|det är|ner till|räcker|räcker det med|räcker med)\s+(?:about|only|just|roughly|bara|cirka|ca|runt|endast)?\s*)(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|en|ett|två|tre|fyra|fem|sex|sju|åtta|nio|tio|tolv|femton|tjugo)(?!\p{L})/giu,
  replace: (m) => `${wordNumber(m[1]) ?? ''}`,
}

const EN_SMALL = [...Object.keys(EN_UNITS), ...Object.keys(EN_TENS)].join('|')
const SV_TOKENS = [...Object.keys(SV_TENS), ...Object.keys(SV_UNITS), 'hundra', 'tusen', 'tio', 'ett', 'en']
  .sort((first, second) => second.length - first.length)
  .join('|')
const SV_TOKEN = new RegExp(SV_TOKENS, 'giu')
const SCALES: Record<string, number> = { hundred: 100, hundra: 100, thousand: 1000, tusen: 1000 }

/** The value of number tokens with hundreds and thousands ("seven hundred and eighty", "två tusen fem hundra"). */
function compoundValue(tokens: readonly string[]): number | undefined {
  let total = 0
  let current = 0
  for (const token of tokens.map((each) => each.toLowerCase())) {
    if (token === 'and' || token === 'och') continue
    const scale = SCALES[token]
    if (scale === 1000) {
      total += (current || 1) * 1000
      current = 0
    } else if (scale === 100) current = (current || 1) * 100
    else {
      const value = wordNumber(token)
      if (value === undefined) return undefined
      current += value
    }
  }
  return total + current
}

/** Numbers with hundreds or thousands in words: "three hundred", "seven hundred and eighty", "sjuhundraåttio", "tre hundra femtio". */
const COMPOUNDS: ReadonlyArray<Rewrite> = [
  {
    pattern: new RegExp(
      String.raw`\b(?:${EN_SMALL})(?:[-\s]+(?:and[-\s]+)?(?:${EN_SMALL}|hundred|thousand))*[-\s]+(?:hundred|thousand)(?:[-\s]+(?:and[-\s]+)?(?:${EN_SMALL}))*(?:[-\s]+(?:${EN_SMALL}))?\b`,
      'giu',
    ),
    replace: (m) => `${compoundValue(m[0].split(/[-\s]+/u)) ?? ''}`,
  },
  {
    pattern: new RegExp(String.raw`(?<![\p{L}])(?:${SV_TOKENS})+(?:\s+(?:${SV_TOKENS})+)*(?![\p{L}])`, 'giu'),
    replace: (m) => {
      if (!/hundra|tusen/iu.test(m[0])) return undefined
      const tokens = m[0].match(SV_TOKEN) ?? []
      return tokens.join('') === m[0].replace(/\s+/gu, '') ? `${compoundValue(tokens) ?? ''}` : undefined
    },
  },
]

/** Compound and simple number words: "forty-five", "twenty one", "fyrtiofem", "tolv". */
const NUMBERS: ReadonlyArray<Rewrite> = [
  {
    pattern: /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](one|two|three|four|five|six|seven|eight|nine))?\b/giu,
    replace: (m) => `${(word(EN_TENS, m[1]) ?? 0) + (word(EN_UNITS, m[2]) ?? 0)}`,
  },
  {
    // Letter boundaries that know å, ä and ö, which JavaScript's `\b` does not ("åttio", "sjuttiotvå").
    pattern: /(?<!\p{L})(tjugo|trettio|fyrtio|femtio|sextio|sjuttio|åttio|nittio)(ett|en|två|tre|fyra|fem|sex|sju|åtta|nio)?(?!\p{L})/giu,
    replace: (m) => `${(word(SV_TENS, m[1]) ?? 0) + (word(SV_ONES, m[2]) ?? 0)}`,
  },
  {
    pattern:
      /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)(?=[\s-]+(?:[\p{L}]))/giu,
    replace: (m) => `${word(EN_UNITS, m[1]) ?? ''}`,
  },
  {
    pattern: /(?<!\p{L})(två|tre|fyra|fem|sju|åtta|nio|tio|elva|tolv|tretton|fjorton|femton|sexton|sjutton|arton|nitton)(?=\s+[\p{L}])/giu,
    replace: (m) => `${word(SV_UNITS, m[1]) ?? ''}`,
  },
]

export interface NormalizedText {
  readonly text: string
  /** The original offset of an offset in `text`. */
  toOriginal(offset: number): number
}

/** Words that follow an English or Swedish number word but make it no number ("three quarters" is a fraction the scanner reads). */
const FRACTION_AFTER =
  /^[\s-]+(?:quarters?|thirds?|fifths?|halves|tenths?|fjärdedel\w*|tredjedel\w*|femtedel\w*|tiondel\w*|gånger|times|x\b)/iu

export function normalizeNumbers(text: string): NormalizedText {
  interface Edit {
    start: number
    end: number
    replacement: string
  }
  const edits: Edit[] = []
  const overlaps = (start: number, end: number) => edits.some((edit) => start < edit.end && edit.start < end)
  for (const rewrite of [...COMPOUNDS, ...PHRASES, CLOSING_NUMBERS, ...NUMBERS]) {
    rewrite.pattern.lastIndex = 0
    for (let match = rewrite.pattern.exec(text); match !== null; match = rewrite.pattern.exec(text)) {
      const start = match.index
      const end = start + match[0].length
      if (overlaps(start, end) || FRACTION_AFTER.test(text.slice(end, end + 14)) || nameOrHeading(text, start, end)) continue
      const replacement = rewrite.replace(match, text)
      if (replacement === undefined || replacement === '') continue
      // Keep a capital's sentence start readable for the sentence splitter: digits need no case.
      edits.push({ start, end, replacement })
    }
  }
  edits.sort((a, b) => a.start - b.start)
  let output = ''
  let cursor = 0
  // Pieces of the output and the original offsets they start at.
  const pieces: Array<{ out: number; original: number; length: number; edited: boolean; originalLength: number }> = []
  for (const edit of edits) {
    if (edit.start > cursor) {
      pieces.push({ out: output.length, original: cursor, length: edit.start - cursor, edited: false, originalLength: edit.start - cursor })
      output += text.slice(cursor, edit.start)
    }
    pieces.push({
      out: output.length,
      original: edit.start,
      length: edit.replacement.length,
      edited: true,
      originalLength: edit.end - edit.start,
    })
    output += edit.replacement
    cursor = edit.end
  }
  pieces.push({ out: output.length, original: cursor, length: text.length - cursor, edited: false, originalLength: text.length - cursor })
  output += text.slice(cursor)
  return {
    text: output,
    toOriginal(offset) {
      for (const piece of pieces) {
        if (offset < piece.out + piece.length || piece === pieces[pieces.length - 1]) {
          const within = offset - piece.out
          if (!piece.edited) return piece.original + within
          // Inside a rewritten phrase: its start, or its end once past it.
          return within <= 0 ? piece.original : piece.original + piece.originalLength
        }
      }
      return offset
    },
  }
}

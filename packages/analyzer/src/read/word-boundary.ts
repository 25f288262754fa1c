// JavaScript's `\b` knows only ASCII letters, so "\bökar" never matches and "\bår\b" matches inside
// "nåår". Cue patterns are written with `\b` for reading's sake and compiled with a boundary that
// knows every letter.

const WORD = String.raw`[\p{L}\p{N}_]`
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`

/** The pattern with every `\b` a boundary between a letter or digit of any script and anything else. */
export function unicodeWords(pattern: RegExp): RegExp {
  const flags = pattern.flags.includes('u') ? pattern.flags : `${pattern.flags}u`
  return new RegExp(pattern.source.replace(/\\b/g, BOUNDARY), flags)
}

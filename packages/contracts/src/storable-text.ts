// Text PostgreSQL can store (decision 092): no U+0000 (text and jsonb refuse it, 22021 / 22P05) and
// no unpaired UTF-16 surrogate (it has no UTF-8 form). One rule for every text a request carries:
// the request schemas check it (so the web's forms say it too) and http-kit checks every JSON
// body, query string and form field with the same functions, so no route can forget it.
import { z } from 'zod'

export const UNSTORABLE_TEXT_MESSAGE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)'
export const UNSTORABLE_KEY_MESSAGE = `has a key that ${UNSTORABLE_TEXT_MESSAGE}`

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

type WellFormedString = string & { isWellFormed(): boolean }

// String.prototype.isWellFormed (Node 20, browsers since 2023) is native and fast; the
// expression stands in for it in older browsers.
const isWellFormed: (text: string) => boolean =
  typeof (String.prototype as Partial<WellFormedString>).isWellFormed === 'function'
    ? (text) => (text as WellFormedString).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text)

/** Whether PostgreSQL can store this text: no NUL, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && isWellFormed(text)
}

/** Where a JSON value holds unstorable text: the path to it, and whether it is a key at that path. */
export interface UnstorableTextAt {
  path: (string | number)[]
  inKey: boolean
}

interface Frame {
  value: object
  key: string | number | undefined
  parent: Frame | undefined
}

function pathOf(frame: Frame, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last]
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) path.push(at.key)
  return path.reverse()
}

/**
 * The first unstorable string or object key found in a JSON value, at any depth (walked with a
 * stack of its own: a deeply nested body cannot overflow the call stack); undefined when there is none.
 */
export function findUnstorableText(value: unknown): UnstorableTextAt | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : { path: [], inKey: false }
  if (value === null || typeof value !== 'object') return undefined
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }]
  // Indexes and Object.keys rather than entries(): no pair allocated per value (2-4x faster on 1 MB).
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (Array.isArray(frame.value)) {
      const items = frame.value as unknown[]
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index]
        if (typeof item === 'string') {
          if (!isStorableText(item)) return { path: pathOf(frame, index), inKey: false }
        } else if (item !== null && typeof item === 'object') {
          stack.push({ value: item, key: index, parent: frame })
        }
      }
      continue
    }
    const record = frame.value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      if (!isStorableText(key)) return { path: pathOf(frame), inKey: true }
      const item = record[key]
      if (typeof item === 'string') {
        if (!isStorableText(item)) return { path: pathOf(frame, key), inKey: false }
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, key, parent: frame })
      }
    }
  }
  return undefined
}

/**
 * The problem with a JSON value's text as a message naming the field (`title: contains a character
 * …`), or undefined when all of it can be stored. `path` is where the value itself sits.
 */
export function unstorableTextProblem(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  const found = findUnstorableText(value)
  if (found === undefined) return undefined
  const field = [...path, ...found.path].join('.')
  const message = found.inKey ? UNSTORABLE_KEY_MESSAGE : UNSTORABLE_TEXT_MESSAGE
  return field === '' ? (found.inKey ? `The request ${message}` : `The text ${message}`) : `${field}: ${message}`
}

/**
 * A string schema that refuses unstorable text first (the other checks are skipped then, so the
 * answer says only that). Every string field of a request schema starts from this.
 */
export function storableString(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true })
}

/** For free-form JSON fields (`calculatorData`): refuses an unstorable string or key at any depth, naming its path. */
export function refineStorableJson(value: unknown, context: z.RefinementCtx): void {
  const found = findUnstorableText(value)
  if (found !== undefined) {
    context.addIssue({ code: 'custom', path: found.path, message: found.inKey ? UNSTORABLE_KEY_MESSAGE : UNSTORABLE_TEXT_MESSAGE })
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api.ts'
import { documentFailure, DOCUMENT_TOO_LONG_MESSAGE, isAcceptedFile, textFailure } from './generation-api.ts'
import {
  INTERRUPTED_MESSAGE,
  loadDisplayCurrency,
  loadEntries,
  loadLastInput,
  saveEntries,
  saveLastInput,
  STORAGE_KEYS,
  writeJson,
} from './storage.ts'
import { defaultValues, workspaceReducer, type WorkspaceState } from './workspace.ts'

/** A Storage with a quota, like the browser's: setItem throws once the stored text would exceed it. */
class QuotaStorage implements Storage {
  readonly items = new Map<string, string>()
  constructor(readonly quota: number) {}
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    const used = [...this.items].reduce((sum, [name, text]) => (name === key ? sum : sum + name.length + text.length), 0)
    if (used + key.length + value.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    this.items.set(key, value)
  }
}

const CONFIG = {
  name: 'Invoice savings',
  description: '',
  formula: 'hours * rate',
  explanation: '',
  parameters: [
    { name: 'hours', label: 'Hours', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'rate', label: 'Rate', min: 0, max: 200, step: 5, defaultValue: 50 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
}

let store: QuotaStorage

beforeEach(() => {
  store = new QuotaStorage(10_000)
  vi.stubGlobal('window', { localStorage: store })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('local storage of the generator screen', () => {
  it('restores completed entries, turns interrupted ones into errors and drops unreadable ones', () => {
    store.setItem(
      STORAGE_KEYS.calculators,
      JSON.stringify([
        { id: 'a', status: 'loading', source: 'offer.pdf' },
        { id: 'b', status: 'completed', config: CONFIG },
        { id: 'c', status: 'completed', config: { ...CONFIG, formula: 'hours *' } },
        { id: 'd', status: 'error', error: 'Failed to analyze document. 422: empty' },
        { nonsense: true },
      ]),
    )
    const entries = loadEntries()
    expect(entries.map((entry) => [entry.id, entry.status])).toEqual([
      ['a', 'error'],
      ['b', 'completed'],
      ['d', 'error'],
    ])
    expect(entries[0]?.error).toBe(INTERRUPTED_MESSAGE)
    expect(entries[1]?.config?.parameters[1]?.name).toBe('rate')
  })

  it('reads corrupt JSON and foreign values as absent, and logs instead of throwing', () => {
    store.setItem(STORAGE_KEYS.calculators, '{not json')
    store.setItem(STORAGE_KEYS.displayCurrency, '"GBP"')
    expect(loadEntries()).toEqual([])
    expect(loadDisplayCurrency()).toBe('USD')
    expect(console.warn).toHaveBeenCalled()
  })

  it('logs a failed write and answers false', () => {
    expect(writeJson('big', 'x'.repeat(20_000))).toBe(false)
    expect(console.warn).toHaveBeenCalledWith('Could not save big to local storage.', expect.any(DOMException))
  })

  it('clears storage, writes the state back and retries when the last input does not fit', () => {
    // Other keys fill the store so that the input only fits once they are gone.
    store.setItem('someone-else', 'y'.repeat(6_000))
    store.setItem('valueproof-theme', 'dark')
    store.setItem(STORAGE_KEYS.lastInput, JSON.stringify({ type: 'text', content: 'the previous description' }))
    saveEntries([{ id: 'b', status: 'completed', config: loadEntriesConfig() }])
    const input = { type: 'text' as const, content: 'z'.repeat(3_800) }
    const restore = vi.fn(() => saveEntries([{ id: 'b', status: 'completed', config: loadEntriesConfig() }]))
    expect(saveLastInput(input, restore)).toBe(true)
    expect(restore).toHaveBeenCalledOnce()
    expect(store.getItem('someone-else')).toBeNull()
    // The product's own keys survive the clearing.
    expect(store.getItem('valueproof-theme')).toBe('dark')
    expect(loadLastInput()).toEqual(input)
    expect(loadEntries().map((entry) => entry.id)).toEqual(['b'])
  })

  it('answers false when the input cannot fit even in an empty store', () => {
    const input = { type: 'text' as const, content: 'z'.repeat(12_000) }
    expect(saveLastInput(input, () => undefined)).toBe(false)
    expect(loadLastInput()).toBeUndefined()
  })
})

function loadEntriesConfig() {
  store.setItem(STORAGE_KEYS.calculators, JSON.stringify([{ id: 'tmp', status: 'completed', config: CONFIG }]))
  const config = loadEntries()[0]?.config
  if (config === undefined) throw new Error('the test calculator does not validate')
  return config
}

describe('the workspace', () => {
  function state(): WorkspaceState {
    return { entries: [], currentId: undefined, config: undefined, values: {}, displayCurrency: 'USD' }
  }

  it('puts new entries first and makes a finished generation the current calculator with default values', () => {
    const config = loadEntriesConfig()
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'one', status: 'loading' } })
    next = workspaceReducer(next, { type: 'add', entry: { id: 'two', status: 'loading' } })
    expect(next.entries.map((entry) => entry.id)).toEqual(['two', 'one'])
    next = workspaceReducer(next, { type: 'update', id: 'one', entry: { status: 'completed', config } })
    expect(next.currentId).toBe('one')
    expect(next.values).toEqual({ hours: 10, rate: 50 })
  })

  it('replaces the current calculator when an entry with the same config name is updated (SPEC §4)', () => {
    const config = loadEntriesConfig()
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'one', status: 'completed', config } })
    next = workspaceReducer(next, { type: 'add', entry: { id: 'two', status: 'completed', config } })
    next = workspaceReducer(next, { type: 'view', id: 'one' })
    const renamed = { ...config, formula: 'hours * rate * 2' }
    next = workspaceReducer(next, { type: 'update', id: 'two', entry: { config: renamed } })
    expect(next.config?.formula).toBe('hours * rate * 2')
    expect(next.currentId).toBe('two')
  })

  it('keeps values that still fit after an edit and resets the rest', () => {
    const config = loadEntriesConfig()
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'one', status: 'loading' } })
    next = workspaceReducer(next, { type: 'update', id: 'one', entry: { status: 'completed', config } })
    next = workspaceReducer(next, { type: 'values', values: { hours: 80, rate: 150 } })
    const narrower = {
      ...config,
      parameters: config.parameters.map((parameter) =>
        parameter.name === 'rate' ? { ...parameter, max: 100, defaultValue: 40 } : parameter,
      ),
    }
    next = workspaceReducer(next, { type: 'edit', config: narrower })
    expect(next.values).toEqual({ hours: 80, rate: 40 })
    expect(next.entries[0]?.config).toBe(narrower)
    expect(defaultValues(narrower)).toEqual({ hours: 10, rate: 40 })
  })

  it('removing the current entry clears the current calculator', () => {
    const config = loadEntriesConfig()
    let next = workspaceReducer(state(), { type: 'add', entry: { id: 'one', status: 'loading' } })
    next = workspaceReducer(next, { type: 'update', id: 'one', entry: { status: 'completed', config } })
    next = workspaceReducer(next, { type: 'remove', id: 'one' })
    expect(next).toMatchObject({ entries: [], currentId: undefined, config: undefined, values: {} })
  })
})

describe('generation messages (SPEC §8)', () => {
  it('prefixes the server text for documents and value documents', () => {
    const error = new ApiError(422, '{"message":"The PDF is password-protected."}', 'The PDF is password-protected.')
    expect(documentFailure(error, false)).toMatchObject({
      title: 'Error analyzing document',
      message: 'Failed to analyze document. The PDF is password-protected.',
    })
    expect(documentFailure(error, true).message).toBe('Failed to analyze document for value calculator. The PDF is password-protected.')
  })

  it('says the document is too long when the server mentions the context length', () => {
    const error = new ApiError(422, 'x', "This model's maximum context length is 8192 tokens")
    expect(documentFailure(error, false).message).toBe(DOCUMENT_TOO_LONG_MESSAGE)
    expect(documentFailure(error, true).message).toBe(DOCUMENT_TOO_LONG_MESSAGE)
  })

  it('uses the generic status text when the server sent no message', () => {
    expect(documentFailure(new ApiError(502, 'Bad Gateway', undefined), false).message).toBe('Failed to analyze document. 502: Bad Gateway')
  })

  it('titles text failures by the call', () => {
    const error = new ApiError(403, '{}', 'You have used all 5 calculators of this month on the Free plan.')
    expect(textFailure(error, false)).toMatchObject({ title: 'Error analyzing description', message: error.serverMessage })
    expect(textFailure(error, true).title).toBe('Error generating value calculator')
  })

  it('accepts PDF and DOCX by MIME type, and by extension only when no type is given', () => {
    expect(isAcceptedFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(true)
    expect(isAcceptedFile({ name: 'a.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe(true)
    expect(isAcceptedFile({ name: 'a.docx', type: '' })).toBe(true)
    expect(isAcceptedFile({ name: 'a.pdf', type: 'text/plain' })).toBe(false)
    expect(isAcceptedFile({ name: 'a.doc', type: 'application/msword' })).toBe(false)
    expect(isAcceptedFile({ name: 'a.txt', type: '' })).toBe(false)
  })
})

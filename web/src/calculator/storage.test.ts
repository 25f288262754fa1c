import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api.ts'
import { QuotaStorage } from '../testing/quota-storage.ts'
import { documentFailure, DOCUMENT_TOO_LONG_MESSAGE, isAcceptedFile, textFailure } from './generation-api.ts'
import {
  claimWorkspace,
  clearWorkspace,
  INTERRUPTED_MESSAGE,
  loadDisplayCurrency,
  loadEntries,
  loadGenerationLanguage,
  saveEntries,
  STORAGE_KEYS,
  writeJson,
} from './storage.ts'

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

  it('restores a locked calculator by its name, without a config', () => {
    const locked = { id: 'e', status: 'completed', saved: true, locked: true, name: 'Invoice savings', source: 'offer.pdf' }
    store.setItem(STORAGE_KEYS.calculators, JSON.stringify([locked]))
    expect(loadEntries()).toEqual([locked])
  })

  it('reads corrupt JSON and foreign values as absent, and logs instead of throwing', () => {
    store.setItem(STORAGE_KEYS.calculators, '{not json')
    store.setItem(STORAGE_KEYS.displayCurrency, '"GBP"')
    expect(loadEntries()).toEqual([])
    expect(loadDisplayCurrency()).toBe('USD')
    expect(console.warn).toHaveBeenCalled()
  })

  it('remembers the generation language like the currency, English when unset or foreign (issue 36)', () => {
    expect(loadGenerationLanguage()).toBe('en')
    writeJson(STORAGE_KEYS.generationLanguage, 'sv')
    expect(loadGenerationLanguage()).toBe('sv')
    store.setItem(STORAGE_KEYS.generationLanguage, '"de"')
    expect(loadGenerationLanguage()).toBe('en')
    // The user's own cache: logout forgets it with the rest.
    writeJson(STORAGE_KEYS.generationLanguage, 'sv')
    clearWorkspace()
    expect(loadGenerationLanguage()).toBe('en')
  })

  it('keeps when each entry was made and whether the seller edited it', () => {
    const createdAt = '2026-11-28T10:00:00.000Z'
    store.setItem(
      STORAGE_KEYS.calculators,
      JSON.stringify([
        { id: 'a', status: 'error', error: 'Failed', createdAt },
        { id: 'b', status: 'completed', config: CONFIG, saved: true, createdAt, edited: true },
        { id: 'c', status: 'loading', createdAt },
      ]),
    )
    expect(loadEntries()).toMatchObject([
      { id: 'a', createdAt },
      { id: 'b', createdAt, edited: true },
      { id: 'c', status: 'error', createdAt },
    ])
  })

  it('logs a failed write and answers false', () => {
    expect(writeJson('big', 'x'.repeat(20_000))).toBe(false)
    expect(console.warn).toHaveBeenCalledWith('Could not save big to local storage.', expect.any(DOMException))
  })

  it("is one user's cache: another user's is emptied, logout empties it, the old last input goes", () => {
    store.setItem('valueproof.lastCalculatorInput', JSON.stringify({ type: 'file', content: 'data:application/pdf;base64,AAAA' }))
    store.setItem('valueproof-theme', 'dark')
    claimWorkspace(7)
    saveEntries([{ id: 'b', status: 'completed', config: loadEntriesConfig(), saved: true, values: { hours: 3 } }])
    expect(store.getItem('valueproof.lastCalculatorInput')).toBeNull()
    claimWorkspace(7)
    expect(loadEntries()).toMatchObject([{ id: 'b', saved: true, values: { hours: 3 } }])
    claimWorkspace(8)
    expect(loadEntries()).toEqual([])
    expect(store.getItem(STORAGE_KEYS.owner)).toBe('8')
    saveEntries([{ id: 'c', status: 'completed', config: loadEntriesConfig() }])
    clearWorkspace()
    expect(loadEntries()).toEqual([])
    expect(store.getItem(STORAGE_KEYS.owner)).toBeNull()
    // Not the workspace's: the theme stays.
    expect(store.getItem('valueproof-theme')).toBe('dark')
  })
})

function loadEntriesConfig() {
  store.setItem(STORAGE_KEYS.calculators, JSON.stringify([{ id: 'tmp', status: 'completed', config: CONFIG }]))
  const config = loadEntries()[0]?.config
  if (config === undefined) throw new Error('the test calculator does not validate')
  return config
}

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

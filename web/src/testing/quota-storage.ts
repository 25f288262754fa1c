// The browser's localStorage in memory for unit tests, with its quota: setItem throws
// QuotaExceededError as a full browser storage does.
/** A Storage with a quota, like the browser's: setItem throws once the stored text would exceed it. */
export class QuotaStorage implements Storage {
  readonly items = new Map<string, string>()
  /** Characters of keys and values it holds at most; a test may lower it to fill the storage. */
  constructor(public quota: number) {}
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

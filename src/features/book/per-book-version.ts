/**
 * Values read from the books, each kept with the book version it was read at (schema/book.ts)
 * and used again only while the version is the same: never stale, on any instance, whoever
 * changed the books. A value is kept from the moment its reading starts, so requests that arrive
 * while it is read wait for that one reading instead of each starting its own: after a change
 * raises the version, a popular search is read once, not once per visitor. A reading that fails
 * is not kept. Past `size` entries, the oldest goes first (a Map keeps insertion order).
 */
export class PerBookVersion<Value> {
  private readonly entries = new Map<string, { version: number; value: Promise<Value> }>()

  constructor(private readonly size: number) {}

  /**
   * The value of `key` at `version`, read with `read` unless it is kept or being read. `read`
   * must start after `version` was read: what it finds is then as new as that version or newer
   * (a change in between raised the version past it), never older than the books it stands for.
   */
  load(key: string, version: number, read: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key)
    if (entry?.version === version) return entry.value
    // A request that read the version before a change does not push out what was read after it.
    if (entry && entry.version > version) return read()
    // A read that throws at once fails like one that fails later: as a rejected promise.
    const value = new Promise<Value>((resolve) => resolve(read()))
    this.entries.delete(key)
    this.entries.set(key, { version, value })
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value ?? '')
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }
}

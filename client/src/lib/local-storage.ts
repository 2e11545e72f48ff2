// Storage can be unavailable (private modes, blocked cookies): a read then finds nothing and a
// write keeps nothing, and the page simply starts fresh.

export function readStoredValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; null (or '') removes it. */
export function storeValue(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // nothing to keep it in
  }
}

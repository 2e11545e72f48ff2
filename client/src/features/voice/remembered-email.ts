// The e-mail typed at the gate, kept across visits. Storage can be unavailable (private modes,
// blocked cookies): the page then simply asks again.
const KEY = 'voice-clone-email';

export function readRememberedEmail(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(KEY, email);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Not remembered: the visitor types it again next time.
  }
}

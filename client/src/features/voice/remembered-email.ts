import { readStoredValue, storeValue } from '@/lib/local-storage';

// The e-mail typed at the gate, kept across visits; without storage the page simply asks again.
const KEY = 'voice-clone-email';

export const readRememberedEmail = () => readStoredValue(KEY);

export const rememberEmail = (email: string | null) => storeValue(KEY, email);

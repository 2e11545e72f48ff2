import { useSyncExternalStore, type ReactNode } from 'react';

// One toast is visible at a time; a dismissed toast is removed from memory after 1,000,000 ms
// (Radix animates it out long before that).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

/** A link the toast offers, e.g. a download; `altText` tells screen readers how else to reach it. */
export interface ToastLinkAction {
  label: string;
  altText: string;
  href: string;
  download?: boolean;
}

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
  action?: ToastLinkAction;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        setToasts(toasts.filter((other) => other.id !== t.id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

export function toast(input: ToastInput) {
  const id = String(++counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

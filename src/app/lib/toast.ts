import { useSyncExternalStore } from "react";

/**
 * The notification queue of docs/product.md sections 3 and 9: a toast has an id, title, description, an
 * optional action and a variant; at most one is visible at a time (a new one replaces it), and
 * a closed one is removed after 1,000,000 ms (kept that long so its exit animation never cuts).
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  action?: { label: string; onClick: () => void };
  duration?: number;
};
export type Toast = ToastInput & { id: string; open: boolean };

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): string {
  const id = String(++counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: string): void {
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}

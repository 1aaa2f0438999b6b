import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/app/components/ui/confirm-dialog";

export const LEAVE_MESSAGES = {
  title: "Leave without saving?",
  description: "Your changes to this post are not saved. If you leave now, they are discarded.",
  confirm: "Discard changes",
} as const;

/**
 * Asks before unsaved edits are left behind (docs/decisions/021-no-lost-work.md): an in-app step
 * (sign-out) goes through `confirmLeave`, a link, Back and Forward, Cancel and Save's return to
 * the list through React Router's blocker, and closing or reloading the page through the browser's own beforeunload question.
 * The form reports whether it holds unsaved edits with `setDirty`.
 */
export function useLeaveGuard() {
  const [dirty, setDirtyState] = useState(false);
  // Read synchronously by confirmLeave: a form that just saved says so right before it leaves.
  const dirtyRef = useRef(false);
  const [pending, setPending] = useState<{ leave: () => void } | undefined>();
  const confirmed = useRef(false);

  const setDirty = useCallback((next: boolean) => {
    dirtyRef.current = next;
    setDirtyState(next);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set (HTML standard, beforeunload).
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // The ref, not the state: a form that has just saved says so right before it navigates away.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const confirmLeave = useCallback((leave: () => void) => {
    if (!dirtyRef.current) return leave();
    setPending({ leave });
  }, []);

  const open = pending !== undefined || blocker.state === "blocked";

  const onConfirm = () => {
    confirmed.current = true;
    setDirty(false);
    const leave = pending?.leave;
    setPending(undefined);
    if (blocker.state === "blocked") blocker.proceed();
    else leave?.();
  };

  const onOpenChange = (next: boolean) => {
    if (next) return;
    // Radix closes the dialog after the confirm button's click too: only a cancel stays put.
    if (!confirmed.current) {
      setPending(undefined);
      if (blocker.state === "blocked") blocker.reset();
    }
    confirmed.current = false;
  };

  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={LEAVE_MESSAGES.title}
      description={LEAVE_MESSAGES.description}
      confirmLabel={LEAVE_MESSAGES.confirm}
      onConfirm={onConfirm}
    />
  );

  return { setDirty, confirmLeave, dialog };
}

import { useOutletContext } from "react-router";
import type { SessionUser } from "~/shared/users";

/** What the admin layout hands every screen (docs/decisions/170-the-admin-has-addresses.md). */
export type AdminOutlet = {
  user: SessionUser;
  /** A screen holding unsaved edits says so; leaving it then asks first (use-leave-guard.tsx). */
  setDirty: (dirty: boolean) => void;
  /** Runs `leave` now, or once the writer agrees to discard their unsaved edits. */
  confirmLeave: (leave: () => void) => void;
  /** Loads every screen's data again (the layout's, the screen's and its fetchers'), after a write. */
  reload: () => void;
  /** The session ended (sign out everywhere): the layout shows the sign-in form again. */
  signedOut: () => void;
};

export const useAdminOutlet = () => useOutletContext<AdminOutlet>();

import { ShownOnce } from "../shown-once";
import { USERS_MESSAGES as M } from "./users-messages";

/**
 * A one-time link the admin passes on themselves (docs/decisions/230-invitations-and-reset-links.md):
 * an invitation's, or a reset link when the server sends no email. Shown until dismissed; it is
 * not kept anywhere the admin could see it again.
 */
export function LinkToHandOver({
  id,
  label,
  link,
  onDone,
}: {
  id: string;
  label: string;
  link: string;
  onDone: () => void;
}) {
  return <ShownOnce id={id} label={label} value={link} words={M} onDone={onDone} className="mt-3" />;
}

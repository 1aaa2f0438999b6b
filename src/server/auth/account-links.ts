import { randomBytes } from "node:crypto";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from "~/server/http/errors";
import { createRateLimiter } from "~/server/http/rate-limiter";
import type { Store } from "~/server/records/store";
import type { Invitation, User } from "~/server/store/types";
import { hashSecret } from "~/server/tokens/api-tokens";
import type { AccountMail } from "~/server/users/account-mail";
import { usernameTakenMessage } from "~/server/users/user-changes";
import { invalidInput, type HashCost } from "~/server/users/users";
import {
  ACCOUNT_LINK_MESSAGES as M,
  ACCOUNT_LINK_PATHS,
  acceptInvitationSchema,
  FORGOT_LIMITS,
  forgotSchema,
  INVITATION_TTL_MS,
  invitationSchema,
  RESET_TTL_MS,
  resetSchema,
  type InvitationRow,
  type InvitationSent,
} from "~/shared/account-links";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { hashPassword } from "./password";
import { sessionUserOf, type Client, type SignedIn } from "./auth-service";
import type { SessionRecords } from "./session-cache";

const CHANGES = ACTIVITY_MESSAGES.userChanges;
const refused = () => new ValidationError(M.linkRefused, { token: [M.linkRefused] });
/** 256 random bits: nothing to guess, so the store keeps a SHA-256 of it (docs/decisions/215-api-tokens.md's reason). */
const newToken = () => randomBytes(32).toString("base64url");
const rowOf = ({ id, email, role, createdAt, expiresAt }: Invitation): InvitationRow => ({
  id,
  email,
  role,
  createdAt,
  expiresAt,
});

export type AccountLinks = ReturnType<typeof createAccountLinks>;

/**
 * Invitations and password resets (docs/decisions/230-invitations-and-reset-links.md): one-time
 * links whose token only the email (or the admin's screen) holds; the store keeps its SHA-256 and
 * its expiry, and the write that uses a link removes it, so a link works once on every instance.
 */
export function createAccountLinks({
  store,
  records,
  activity,
  mail,
  publicUrl,
  cost = {},
}: {
  store: Store;
  records: SessionRecords;
  activity?: ActivityLog;
  /** Absent without SMTP_URL: the admin then hands the links over themselves. */
  mail?: AccountMail;
  publicUrl: string;
  cost?: HashCost;
}) {
  const byIp = createRateLimiter(FORGOT_LIMITS.perIp, store.rateCounters?.("forgot-ip"));
  const byEmail = createRateLimiter(FORGOT_LIMITS.perEmail, store.rateCounters?.("forgot-email"));
  const site = new URL(publicUrl).host;
  const linkTo = (path: string, token: string) => `${publicUrl}${path}?token=${token}`;
  const expired = (at: string) => at <= new Date().toISOString();
  const whoIs = (user: User, ip: string): Who => ({ user: { id: user.id, username: user.username }, ip });

  /** A new reset link for the user, replacing any earlier one; answers the link. */
  const newResetLink = async (user: User): Promise<string> => {
    const token = newToken();
    const expiresAt = new Date(Date.now() + RESET_TTL_MS).toISOString();
    await store.updateUser(user.id, { passwordReset: { tokenHash: hashSecret(token), expiresAt } });
    return linkTo(ACCOUNT_LINK_PATHS.reset, token);
  };

  const emailReset = async (user: User & { email: string }, link: string) =>
    mail?.send({ to: user.email, subject: M.resetSubject(site), text: M.resetBody(site, user.username, link) }) ??
    false;

  return {
    /** Whether links are emailed (SMTP_URL is set), so the screens say where a link goes. */
    emails: Boolean(mail),

    async list(): Promise<InvitationRow[]> {
      return (await store.listInvitations()).filter((i) => !expired(i.expiresAt)).map(rowOf);
    },

    /** An admin invites `email` as `role`: the link is in the answer, and in the invitee's email when SMTP is set. */
    async invite(who: Who, input: unknown): Promise<InvitationSent> {
      const parsed = invitationSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { email, role } = parsed.data;
      const token = newToken();
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS).toISOString();
      const made = await store.addInvitation({
        email,
        role,
        tokenHash: hashSecret(token),
        expiresAt,
        ...(who.user && { invitedBy: who.user.id }),
      });
      const link = linkTo(ACCOUNT_LINK_PATHS.invitation, token);
      const emailed =
        (await mail?.send({
          to: email,
          subject: M.invitationSubject(site),
          text: M.invitationBody(site, role, link),
        })) ?? false;
      await activity?.record("invitation-send", who, ACTIVITY_MESSAGES.invitation(email, role));
      return { id: made.id, link, emailed, expiresAt };
    },

    async revoke(who: Who, id: number): Promise<void> {
      const removed = await store.revokeInvitation(id);
      await activity?.record("invitation-revoke", who, ACTIVITY_MESSAGES.invitation(removed.email, removed.role));
    },

    /** What the invitation page shows before the form is sent: the role, or undefined for a refused link. */
    async invitationOf(token: string | null): Promise<InvitationRow | undefined> {
      if (!token) return undefined;
      const found = await store.findInvitation(hashSecret(token));
      return found && !expired(found.expiresAt) ? rowOf(found) : undefined;
    },

    /**
     * The invitee's own username and password: the account gets the invited role and address, the
     * invitation is gone, and the invitee is signed in (a role that needs a second factor then asks
     * for its set-up, docs/decisions/222-two-factor-required-for-roles.md).
     */
    async accept(input: unknown, client: Client): Promise<SignedIn> {
      const parsed = acceptInvitationSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const { token, username, password } = parsed.data;
      const tokenHash = hashSecret(token);
      // Checked before hashing, which costs half a second; the write checks both again.
      const found = await store.findInvitation(tokenHash);
      if (!found || expired(found.expiresAt)) throw refused();
      if (await store.getUserByUsername(username)) {
        throw new ConflictError(usernameTakenMessage(username), { username: [usernameTakenMessage(username)] });
      }
      const passwordHash = await hashPassword(password, cost);
      const { user, invitation } = await store.acceptInvitation(tokenHash, { username, passwordHash });
      const session = await records.create({ userId: user.id, ip: client.ip, userAgent: client.userAgent });
      const signedIn = await store.updateUser(user.id, { lastSignInAt: session.createdAt });
      await activity?.record(
        "invitation-accept",
        whoIs(user, client.ip),
        ACTIVITY_MESSAGES.invitationAccepted(invitation.email, user.username),
      );
      return { user: sessionUserOf(signedIn, await store.getSettings()), session };
    },

    /**
     * "Forgot your password?": counted per client address and per email address, whether or not
     * an account has it; the caller answers at once and the link is made and emailed afterwards
     * (`later`), so the answer and its time are the same for every address.
     */
    async forgot(input: unknown, ip: string): Promise<{ later: () => Promise<void> }> {
      const parsed = forgotSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const email = parsed.data.email.toLowerCase();
      const [byClient, byAddress] = await Promise.all([byIp.take(ip), byEmail.take(email)]);
      const waits = [byClient, byAddress].flatMap((v) => (v.limited ? [v.retryAfterSeconds] : []));
      if (waits.length) {
        // A refused request counts against neither limit it passed, as a sign-in's does.
        await Promise.all([byClient.limited || byIp.refund(ip), byAddress.limited || byEmail.refund(email)]);
        throw new TooManyRequestsError(M.tooManyRequests, Math.max(...waits));
      }
      return {
        later: async () => {
          const user = await store.getUserByEmail(email);
          // Without SMTP a link could reach no one: an admin sends one from the Users tab instead.
          if (!mail || !user?.email || user.disabled) return;
          await emailReset({ ...user, email: user.email }, await newResetLink(user));
        },
      };
    },

    /**
     * An admin's "send reset link": emailed to the user's address when SMTP is set (the answer
     * then holds no link), else answered for the admin to hand over.
     */
    async sendResetLink(who: Who, id: number): Promise<{ emailed: boolean; link?: string }> {
      const user = await store.getUserById(id);
      if (!user) throw new NotFoundError(`User ${id} not found.`);
      if (mail && !user.email) throw new ConflictError(M.noEmail(user.username), { email: [M.noEmail(user.username)] });
      const link = await newResetLink(user);
      const emailed = user.email ? await emailReset({ ...user, email: user.email }, link) : false;
      await activity?.record("reset-link-send", who, ACTIVITY_MESSAGES.user(user.username, CHANGES.resetLinkSent));
      return emailed ? { emailed } : { emailed, link };
    },

    /** Sets the password the link's owner chose, ends the link and every session of theirs. */
    async reset(input: unknown, ip: string): Promise<void> {
      const parsed = resetSchema.safeParse(input);
      if (!parsed.success) throw invalidInput(parsed.error);
      const tokenHash = hashSecret(parsed.data.token);
      const user = await store.findUserByResetHash(tokenHash);
      if (!user?.passwordReset || expired(user.passwordReset.expiresAt)) throw refused();
      const passwordHash = await hashPassword(parsed.data.password, cost);
      // Decided again inside the write: of two posts of one link, on two instances, one sets it.
      await store.updateUser(user.id, (current) => {
        if (current.passwordReset?.tokenHash !== tokenHash || expired(current.passwordReset.expiresAt)) throw refused();
        return { passwordHash, passwordReset: null };
      });
      await records.removeOfUser(user.id);
      await activity?.record(
        "password-reset",
        whoIs(user, ip),
        ACTIVITY_MESSAGES.user(user.username, CHANGES.resetByLink),
      );
    },
  };
}

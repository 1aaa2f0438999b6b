import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { ActivityLog, Who } from "~/server/activity/activity-log";
import { ConflictError, HttpError, NotFoundError, UnauthorizedError, ValidationError } from "~/server/http/errors";
import type { Store } from "~/server/records/store";
import type { Passkey, User } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { fieldErrors } from "~/shared/field-errors";
import {
  newPasskeySchema,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_USER,
  renamePasskeySchema,
  type PasskeySummary,
} from "~/shared/passkeys";
import { TOTP } from "~/shared/two-factor";
import type { PasskeyChallenges } from "./passkey-challenges";

const CHANGES = ACTIVITY_MESSAGES.userChanges;

/** Thrown inside a user's write to leave it unwritten: the counter did not grow. */
class CounterRefused extends HttpError {
  constructor() {
    super(401, PASSKEY_MESSAGES.cloned);
  }
}

/** The relying party a passkey is made for: the host of the site's public address, and its origin. */
export type RelyingParty = { id: string; origin: string; name: string };

/** From `PUBLIC_URL` (docs/configuration.md): a passkey belongs to that host, and answers only from that origin. */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: TOTP.issuer };
}

export const hasPasskeys = (user: User) => (user.passkeys?.length ?? 0) > 0;

const summaryOf = (p: Passkey): PasskeySummary => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  ...(p.lastUsedAt && { lastUsedAt: p.lastUsedAt }),
});

export type PasskeysService = ReturnType<typeof createPasskeys>;

/**
 * Passkeys (docs/decisions/240-passkeys-in-the-user-record.md), through @simplewebauthn/server
 * (https://simplewebauthn.dev/docs/packages/server): a user adds, names and removes their own;
 * a sign-in checks one, and takes its signature counter inside the user's write, so two instances
 * given the same answer, or a copied key, cannot both pass.
 */
export function createPasskeys({
  store,
  activity,
  challenges,
  rp,
}: {
  store: Store;
  activity?: ActivityLog;
  challenges: PasskeyChallenges;
  rp: RelyingParty;
}) {
  const userOf = async (id: number) => {
    const user = await store.getUserById(id);
    if (!user) throw new UnauthorizedError(PASSKEY_MESSAGES.refused);
    return user;
  };
  const record = (kind: "passkey-add" | "passkey-remove", who: Who, username: string, what: string) =>
    activity?.record(kind, who, ACTIVITY_MESSAGES.user(username, what));

  return {
    rp,

    async list(userId: number): Promise<PasskeySummary[]> {
      return ((await userOf(userId)).passkeys ?? []).map(summaryOf);
    },

    /** The options `navigator.credentials.create()` takes, and the cookie holding their challenge. */
    async registrationOptions(
      userId: number,
      secure: boolean,
    ): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookie: string }> {
      const user = await userOf(userId);
      if ((user.passkeys?.length ?? 0) >= PASSKEYS_PER_USER) {
        throw new ValidationError(PASSKEY_MESSAGES.tooMany, { name: [PASSKEY_MESSAGES.tooMany] });
      }
      const { challenge, setCookie } = await challenges.issue({ purpose: "register", userId }, secure);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username,
        userDisplayName: user.displayName ?? user.username,
        // The user handle names the account to the authenticator: its id, nothing personal.
        userID: new TextEncoder().encode(String(user.id)),
        challenge: isoBase64URL.toBuffer(challenge),
        attestationType: "none",
        excludeCredentials: (user.passkeys ?? []).map((p) => ({ id: p.credentialId, transports: p.transports })),
        // A discoverable credential, so it can sign in without a username.
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      return { options, setCookie };
    },

    /** Checks the browser's answer to `registrationOptions` and keeps the passkey under `name`. */
    async register(who: Who & { user: { id: number } }, body: unknown, cookies: string | undefined) {
      const parsed = newPasskeySchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(PASSKEY_MESSAGES.formErrors, fieldErrors(parsed.error));
      const userId = who.user.id;
      const challenge = await challenges.take(cookies, { purpose: "register", userId });
      const verified = await verifyRegistrationResponse({
        response: parsed.data.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) throw new ValidationError(PASSKEY_MESSAGES.notRegistered);
      const { credential } = verified.registrationInfo;
      let added: Passkey | undefined;
      const user = await store.updateUser(userId, (current) => {
        const passkeys = current.passkeys ?? [];
        if (passkeys.length >= PASSKEYS_PER_USER) throw new ConflictError(PASSKEY_MESSAGES.tooMany);
        if (passkeys.some((p) => p.credentialId === credential.id)) {
          throw new ConflictError(PASSKEY_MESSAGES.alreadyRegistered);
        }
        added = {
          id: passkeys.reduce((next, p) => Math.max(next, p.id + 1), 1),
          name: parsed.data.name,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          ...(credential.transports?.length && { transports: [...credential.transports] }),
          createdAt: new Date().toISOString(),
        };
        return { passkeys: [...passkeys, added] };
      });
      await record("passkey-add", who, user.username, CHANGES.passkeyAdded(added!.name));
      return summaryOf(added!);
    },

    async rename(userId: number, id: number, body: unknown): Promise<PasskeySummary> {
      const parsed = renamePasskeySchema.safeParse(body ?? {});
      if (!parsed.success) throw new ValidationError(PASSKEY_MESSAGES.formErrors, fieldErrors(parsed.error));
      let renamed: Passkey | undefined;
      await store.updateUser(userId, (current) => {
        const found = current.passkeys?.find((p) => p.id === id);
        if (!found) throw new NotFoundError(PASSKEY_MESSAGES.notFound(id));
        renamed = { ...found, name: parsed.data.name };
        return { passkeys: current.passkeys!.map((p) => (p === found ? renamed! : p)) };
      });
      return summaryOf(renamed!);
    },

    async remove(who: Who & { user: { id: number } }, id: number): Promise<PasskeySummary> {
      let removed: Passkey | undefined;
      const user = await store.updateUser(who.user.id, (current) => {
        removed = current.passkeys?.find((p) => p.id === id);
        if (!removed) throw new NotFoundError(PASSKEY_MESSAGES.notFound(id));
        return { passkeys: current.passkeys!.filter((p) => p !== removed) };
      });
      await record("passkey-remove", who, user.username, CHANGES.passkeyRemoved(removed!.name));
      return summaryOf(removed!);
    },

    /**
     * The options `navigator.credentials.get()` takes for a sign-in, and the cookie holding their
     * challenge: no credential listed, so the browser offers the passkeys it holds for this site
     * and the answer names its user (a discoverable credential).
     */
    async signInOptions(
      secure: boolean,
    ): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
      const { challenge, setCookie } = await challenges.issue({ purpose: "sign-in" }, secure);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        challenge: isoBase64URL.toBuffer(challenge),
        userVerification: "preferred",
      });
      return { options, setCookie };
    },

    /**
     * Whether `response` is a valid answer of one of `user`'s passkeys to `challenge` (taken
     * already by the caller). The counter and last use are written inside the user's write: a
     * counter that does not grow past the stored one (when either is above zero) is refused, as
     * WebAuthn's signature counter asks (https://www.w3.org/TR/webauthn-3/#sctn-sign-counter).
     * `userVerified`: the device checked its owner (a PIN, a fingerprint), which a sign-in without
     * a password requires.
     */
    async verify(
      user: User,
      response: AuthenticationResponseJSON,
      challenge: string,
      { userVerified }: { userVerified: boolean },
    ): Promise<boolean> {
      const passkey = user.passkeys?.find((p) => p.credentialId === response.id);
      if (!passkey) return false;
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          // Checked against the stored counter inside the write below, which every instance shares.
          counter: 0,
          transports: passkey.transports,
        },
        requireUserVerification: userVerified,
      }).catch(() => undefined);
      if (!verified?.verified) return false;
      const { newCounter } = verified.authenticationInfo;
      try {
        await store.updateUser(user.id, (current) => {
          const stored = current.passkeys?.find((p) => p.credentialId === passkey.credentialId);
          if (!stored) throw new CounterRefused();
          if ((newCounter > 0 || stored.counter > 0) && newCounter <= stored.counter) throw new CounterRefused();
          const used = { ...stored, counter: newCounter, lastUsedAt: new Date().toISOString() };
          return { passkeys: current.passkeys!.map((p) => (p === stored ? used : p)) };
        });
      } catch (err) {
        if (err instanceof CounterRefused) throw new UnauthorizedError(PASSKEY_MESSAGES.cloned);
        throw err;
      }
      return true;
    },
  };
}

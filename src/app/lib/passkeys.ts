import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { api } from "./api";

/**
 * The browser's side of passkeys (docs/decisions/240-passkeys-in-the-user-record.md), through
 * @simplewebauthn/browser (https://simplewebauthn.dev/docs/packages/browser), loaded when a
 * button asks for it: no page downloads it before someone uses a passkey.
 */
const library = () => import("@simplewebauthn/browser");

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/** Asks the device to make a passkey for the signed-in account, and keeps it under `name`. */
export async function addPasskey(name: string): Promise<void> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    library(),
    api.post<PublicKeyCredentialCreationOptionsJSON>("/api/account/passkeys/options"),
  ]);
  const response: RegistrationResponseJSON = await startRegistration({ optionsJSON });
  await api.post("/api/account/passkeys", { name, response });
}

/** Asks the device for one of this site's passkeys, for a sign-in challenge the server just set. */
export async function passkeyAnswer(): Promise<AuthenticationResponseJSON> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    library(),
    api.post<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey/options"),
  ]);
  return startAuthentication({ optionsJSON });
}

/**
 * The device's own dialog closed, timed out or refused (a DOMException named NotAllowedError or
 * AbortError): nothing went wrong that the server should explain.
 */
export const wasCancelled = (err: unknown) =>
  err instanceof Error && (err.name === "NotAllowedError" || err.name === "AbortError");

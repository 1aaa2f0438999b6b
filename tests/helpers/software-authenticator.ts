import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/**
 * A passkey made in Node, for the HTTP tests: an ES256 key pair from node:crypto, "none"
 * attestation, the authenticator data and client data as WebAuthn lays them out
 * (https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data), CBOR through the library's own
 * encoder. It answers the options the server gives as a browser would, from `origin`.
 */
export type SoftwarePasskey = {
  credentialId: string;
  /** The signature counter it sends next; set it back to act as a copy of the key. */
  counter: number;
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON;
  assert(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON;
};

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The credential's public key as COSE (RFC 9053): EC2, ES256 (-7), P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
function authenticatorData(
  rpId: string,
  counter: number,
  { verified = true, attested }: { verified?: boolean; attested?: Buffer },
) {
  const flags = 0x01 | (verified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export function softwarePasskey({
  origin,
  userVerified = true,
}: {
  origin: string;
  /** Whether it says it checked its owner (a PIN, a fingerprint). */
  userVerified?: boolean;
}): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rawId = randomBytes(16);
  const credentialId = isoBase64URL.fromBuffer(rawId);
  let userHandle: string | undefined;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const passkey: SoftwarePasskey = {
    credentialId,
    counter: 1,
    register(options) {
      userHandle = options.user.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(rawId.length);
      // AAGUID (16 zero bytes for "none"), the credential id's length and bytes, then the key.
      const attested = Buffer.concat([Buffer.alloc(16), length, rawId, coseKey(publicKey)]);
      const authData = authenticatorData(options.rp.id!, 0, { verified: userVerified, attested });
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, never>()],
          ["authData", authData],
        ]),
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData("webauthn.create", options.challenge)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    assert(options) {
      const authData = authenticatorData(options.rpId!, passkey.counter++, { verified: userVerified });
      const client = clientData("webauthn.get", options.challenge);
      const signer = createSign("sha256");
      signer.update(Buffer.concat([authData, sha256(client)]));
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(client),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(signer.sign(privateKey)),
          ...(userHandle && { userHandle }),
        },
        clientExtensionResults: {},
      };
    },
  };
  return passkey;
}

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** An SMTP reply refusing a message: 4xx temporary, 5xx permanent. */
export type Refusal = { code: number; message: string };

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every message it
 * receives. Plain SMTP without STARTTLS, with a username and password checked like a real relay.
 * `reply` may refuse a message (it is then not kept) or hold the answer (a promise); a message
 * is kept only once the server has said 250, as an SMTP server takes charge of it only then.
 */
export async function startSmtpServer({
  port = 0,
  user = "site",
  pass = "mail-secret",
  reply,
}: {
  port?: number;
  user?: string;
  pass?: string;
  reply?: (mail: ReceivedMail, index: number) => Refusal | undefined | Promise<Refusal | undefined>;
} = {}) {
  let index = 0;
  const received: ReceivedMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        void Promise.resolve(reply?.(mail, index++)).then((refusal) => {
          if (refusal) {
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          received.push(mail);
          waiting.splice(0).forEach((wake) => wake());
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://${user}:${pass}@127.0.0.1:${address.port}`,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: taken from a server that is then closed. */
export async function closedPort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

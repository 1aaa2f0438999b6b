import { ValidationError } from "~/server/http/errors";
import { AUTH_FORM_MESSAGES } from "~/shared/schemas";
import { CLI_MESSAGES } from "../cli-messages";
import { Cancelled } from "../cli-errors";

/** Asks twice on the terminal, echoing nothing. */
export async function promptNewPassword(): Promise<string> {
  const password = await promptHidden(CLI_MESSAGES.passwordPrompt);
  if ((await promptHidden(CLI_MESSAGES.confirmPrompt)) !== password) {
    throw new ValidationError(AUTH_FORM_MESSAGES.passwordsDiffer);
  }
  return password;
}

/**
 * Reads one line in raw mode, so the terminal shows nothing per key (not even asterisks, which
 * would tell an onlooker the length). Backspace deletes, Enter ends, Ctrl-C or Ctrl-D on an empty
 * line cancels; an escape sequence (arrow keys) is ignored. Prompts go to stderr, results to stdout.
 */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the prompt shows, so a key typed the moment it appears is never echoed.
  stdin.setRawMode(true);
  process.stderr.write(prompt);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    const chars: string[] = [];
    const finish = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(chars.join(""));
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003" || (ch === "\u0004" && !chars.length)) return finish(new Cancelled(CLI_MESSAGES.cancelled));
        if (ch === "\u001b") return; // the rest of the chunk is the sequence
        if (ch === "\u007f" || ch === "\b") chars.pop();
        else if (ch >= " ") chars.push(ch);
      }
    };
    stdin.on("data", onData);
  });
}

/** `--password-stdin`: the first line, without its line ending; the rest is not read. */
export async function readFirstLine(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return text.split("\n")[0]!.replace(/\r$/, "");
}

import { z } from "zod";
import { AUTH_FORM_MESSAGES, newUserSchema } from "./schemas";

/** The first-run page, /admin/setup (docs/product.md section 2; docs/decisions/016-first-run-setup-link.md). */
export const SETUP_MESSAGES = {
  title: "Set up QueueWise",
  intro: "No one can sign in yet. Create the first admin account; more users can be added later.",
  submit: "Create admin",
  created: (username: string) => `${username} is the site's first admin. Sign in to start writing.`,
  signIn: "Sign in",
  needTokenTitle: "A setup link is needed",
  missingToken: "This page needs the one-time setup link the server printed when it started.",
  badToken: "This setup link is not valid: it was used already, has expired (links last one hour) or was mistyped.",
  howToGetOne:
    "To get a new link, restart the server: with no users it prints a fresh one. " +
    "Or create an admin from the command line:",
  cliCommand: "npm run users -- create --username NAME --role admin",
  envAlternative: "or start the server once with ADMIN_USERNAME and ADMIN_PASSWORD set.",
  signInTitle: "Admin created: sign in",
  startupLine: (url: string) => `No user exists yet. Create the first admin within an hour at ${url}`,
} as const;

/** /admin?setup=done: the sign-in form after the first admin was created. */
export const SETUP_DONE_PARAM = "setup";

export const setupSchema = newUserSchema
  .pick({ username: true, password: true })
  .extend({ confirmPassword: z.string({ error: AUTH_FORM_MESSAGES.passwordsDiffer }), token: z.string().default("") })
  .refine((v) => v.confirmPassword === v.password, {
    message: AUTH_FORM_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

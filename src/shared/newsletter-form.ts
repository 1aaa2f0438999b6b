/**
 * The subscribe form's own words, apart from the newsletter's other messages (newsletter.ts, which
 * spreads them in), so the public pages that show the form carry only these
 * (docs/decisions/002-small-public-javascript.md).
 */
export const NEWSLETTER_FORM = {
  heading: "Get new posts by email",
  intro: "One email when we publish a post. No tracking, no cookies.",
  emailLabel: "Email",
  nameLabel: "Name (optional)",
  button: "Subscribe",
  sending: "Subscribing…",
  consent:
    "By subscribing you agree to receive our posts by email. Every email has a one-click unsubscribe link; we never share your address.",
} as const;

/** The hidden field a person never fills in; bots that fill every field do. */
export const NEWSLETTER_HONEYPOT = "website";

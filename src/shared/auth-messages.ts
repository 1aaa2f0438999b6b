/** The sign-in form's hidden fields, read by /admin's action: the form's `intent`, and the page to return to. */
export const SIGN_IN_FIELDS = { intent: "sign-in", returnTo: "returnTo" } as const;

/** What the server answers a request its caller may not make: the API's guards and the admin panels' actions. */
export const AUTH_MESSAGES = {
  signInRequired: "You need to sign in to do that.",
  adminsOnly: "Only admins can do that.",
  crossOrigin: "Cross-origin requests are not allowed.",
  /** A signed-in page's form posted natively before its JavaScript ran (only sign-in works without it). */
  pageNotReady: "The page had not finished loading. Please try again.",
} as const;

/** What the server answers a request its caller may not make: the API's guards and the admin panels' actions. */
export const AUTH_MESSAGES = {
  signInRequired: "You need to sign in to do that.",
  adminsOnly: "Only admins can do that.",
  crossOrigin: "Cross-origin requests are not allowed.",
} as const;

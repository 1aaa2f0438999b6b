/** What the guards answer (docs/product.md section 8), shown by the /api routers and the admin pages alike. */
export const AUTH_MESSAGES = {
  signInRequired: "You need to sign in to do that.",
  adminsOnly: "Only admins can do that.",
  crossOrigin: "Cross-origin requests are not allowed.",
} as const;

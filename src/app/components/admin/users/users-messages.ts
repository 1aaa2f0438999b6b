import { formatDateTime } from "~/shared/dates";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import { plural } from "~/shared/plural";

/** Every label and toast of the Users tab and the Account panel (022-users-and-accounts.md). */
export const USERS_MESSAGES = {
  tab: "Users",
  heading: "Users",
  intro:
    "Everyone who can sign in to the CMS. Contributors write drafts and submit them for review; writers create, edit and publish posts; editors also review, delete posts and manage tags, media and the Site tab; admins also run the tools and manage users.",
  loading: "Loading users...",
  loadFailed: { failed: "Failed to load users", error: "Error loading users" },
  username: "Username",
  role: "Role",
  you: "you",
  disabled: "Disabled",
  createdOn: (at: string) => `Added ${formatDateTime(at)}`,
  lastSignIn: (at: string | undefined) => (at ? `Last sign-in ${formatDateTime(at)}` : "Never signed in"),
  sessions: (n: number) => plural(n, "active session"),
  roleFor: (username: string) => `Role of ${username}`,
  roleChanged: (username: string, role: string) => ({
    title: "Role changed",
    description: `${username} is now ${/^[aeiou]/i.test(role) ? "an" : "a"} ${role}.`,
  }),
  sendResetLink: "Send reset link",
  resetLinkEmailed: (username: string) => ({
    title: "Reset link sent",
    description: `${username} got an email with a link to choose a new password, valid one hour.`,
  }),
  resetLinkLabel: (username: string) => `Link for ${username} to choose a new password (valid one hour, works once)`,
  disable: "Disable",
  enable: "Enable",
  disabledToast: (username: string) => ({
    title: "User disabled",
    description: `${username} was signed out and cannot sign in.`,
  }),
  enabledToast: (username: string) => ({ title: "User enabled", description: `${username} can sign in again.` }),
  endSessions: "End sessions",
  sessionsEnded: (username: string, n: number) => ({
    title: "Sessions ended",
    description: `${n} of ${username}'s sessions ended.`,
  }),
  delete: "Delete",
  deleteConfirm: {
    title: "Delete this user?",
    description: (username: string) =>
      `${username} is signed out and removed. Their posts stay. This cannot be undone.`,
    action: "Delete user",
  },
  deleted: (username: string) => ({ title: "User deleted", description: `${username} was removed.` }),
  actionFailed: { failed: "User change failed", error: "User change error" },
  // Invitations (docs/decisions/230-invitations-and-reset-links.md).
  inviteHeading: "Invite someone",
  inviteIntro: "They get a link, valid 7 days, to choose their own username and password.",
  inviteIntroNoMail: "Email is not set up on this server: copy the link and send it to them yourself.",
  email: "Email",
  invite: "Send invitation",
  inviting: "Sending...",
  invited: (email: string) => ({ title: "Invitation sent", description: `${email} got an email with the link.` }),
  invitationLink: (email: string) => `Invitation link for ${email} (valid 7 days, works once)`,
  copy: "Copy",
  copied: "Link copied",
  copyFailed: "Could not copy: select the link and copy it.",
  done: "Done",
  pendingHeading: "Pending invitations",
  noPending: "No invitation is waiting.",
  pendingLine: (role: string, expiresAt: string) => `${role} · expires ${formatDateTime(expiresAt)}`,
  revoke: "Revoke",
  revokeLabel: (email: string) => `Revoke the invitation of ${email}`,
  revoked: (email: string) => ({
    title: "Invitation revoked",
    description: `The link sent to ${email} works no more.`,
  }),
} as const;

export const ACCOUNT_MESSAGES = {
  tab: "Account",
  heading: "Your account",
  intro: (username: string) => `Signed in as ${username}.`,
  passwordHeading: "Change your password",
  passwordHint: "Changing it signs you out on every other device.",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "New password again",
  changePassword: "Change Password",
  changing: "Changing...",
  changed: { title: "Password changed", description: "Your other sessions were signed out." },
  changeFailed: { failed: "Password not changed", error: "Password change error" },
  everywhereHeading: "Sign out everywhere",
  everywhereHint: "Ends every session of your account, on this device and every other one.",
  everywhere: "Sign Out Everywhere",
  everywhereConfirm: {
    title: "Sign out everywhere?",
    description: "Every browser signed in to your account, this one included, is signed out.",
    action: "Sign out everywhere",
  },
  signedOutEverywhere: { title: "Signed out everywhere" },
  everywhereFailed: { failed: "Sign-out failed", error: "Sign-out error" },
} as const;

/** The profile form's words, in the Profile panel and the Users tab (docs/decisions/130-bylines-and-author-pages.md). */
export const PROFILE_MESSAGES = {
  heading: "Profile",
  intro: "How readers see you on the posts you write and on your author page.",
  editFor: (username: string) => `Edit profile of ${username}`,
  displayName: "Display name",
  bio: "Bio",
  bioCount: (used: number, max: number) => `${used} of ${max} characters`,
  avatar: "Avatar",
  upload: "Upload an image",
  useInitials: "Use initials instead",
  save: "Save profile",
  saved: { title: USER_ADMIN_MESSAGES.profileSaved },
  saveFailed: { failed: "Failed to save the profile", error: "Error saving the profile" },
  uploadFailed: "The image could not be uploaded",
  loadFailed: { failed: "Failed to load the profile", error: "Error loading the profile" },
  authorPage: "Your author page",
  email: "Email",
  emailHint: "Never shown to readers. Invitations and links to choose a new password go there.",
} as const;

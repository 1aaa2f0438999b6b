/** Roles and what each may do: src/shared/permissions.ts. */
import type { ApiScope } from "./api-tokens";
import type { Role } from "./permissions";

export type { Role };

/**
 * The signed-in user as the browser learns it (docs/product.md section 3, User session). `scopes`:
 * set only on a call made with an API token, whose scopes narrow the role's rights (api-tokens.ts).
 */
export type SessionUser = {
  id: number;
  username: string;
  role: Role;
  scopes?: ApiScope[];
  /**
   * Their role must sign in with a second factor and they have none yet: the admin shows only the
   * set-up until they make one (docs/decisions/222-two-factor-required-for-roles.md).
   */
  twoFactorSetupRequired?: true;
};

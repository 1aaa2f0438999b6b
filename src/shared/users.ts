/** Roles and what each may do: src/shared/permissions.ts. */
import type { ApiScope } from "./api-tokens";
import type { Role } from "./permissions";

export type { Role };

/**
 * The signed-in user as the browser learns it (docs/product.md section 3, User session). `scopes`:
 * set only on a call made with an API token, whose scopes narrow the role's rights (api-tokens.ts).
 */
export type SessionUser = { id: number; username: string; role: Role; scopes?: ApiScope[] };

/** Roles and what each may do: src/shared/permissions.ts. */
import type { Role } from "./permissions";

export type { Role };

/** The signed-in user as the browser learns it (docs/product.md section 3, User session). */
export type SessionUser = { id: number; username: string; role: Role };

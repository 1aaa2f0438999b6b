/** Roles: writers create and edit posts; admins also delete, manage users and run the tools. */
export type Role = "admin" | "writer";

/** The signed-in user as the browser learns it (docs/product.md section 3, User session). */
export type SessionUser = { id: number; username: string; role: Role };

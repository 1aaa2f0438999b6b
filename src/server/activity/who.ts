import type { Request, Response } from "express";
import type { Sessions } from "~/server/auth/session";
import type { Who } from "./activity-log";

/**
 * Who makes a request, for the activity log: the signed-in user (a guard has looked the session
 * up already) and the client's address as Express reads it under TRUST_PROXY
 * (src/server/http/trust-proxy.ts).
 */
export async function whoOf(sessions: Sessions, req: Request, res: Response): Promise<Who> {
  const user = await sessions.user(req, res);
  return {
    ...(user && { user: { id: user.id, username: user.username }, role: user.role }),
    ...(user?.scopes && { scopes: user.scopes }),
    ip: req.ip ?? "unknown",
  };
}

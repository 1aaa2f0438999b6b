import type { Request, Response } from "express";
import type { Actor } from "~/server/store/types";
import type { Sessions } from "./session";

/** Who is making a request, as revisions and the trash remember them; the guard looked the session up already. */
export async function actorOf(sessions: Sessions, req: Request, res: Response): Promise<Actor | undefined> {
  const user = await sessions.user(req, res);
  return user && { id: user.id, username: user.username };
}

import { Router } from "express";
import type { AppContext } from "~/server/context";
import { jsonBody } from "~/server/http/json-body";

/** POST /api/contact: the JSON face of the contact form (docs/architecture.md section 5). */
export function contactRouter({ contact }: AppContext): Router {
  const router = Router();
  router.post("/contact", jsonBody, async (req, res) => {
    await contact.submit(req.body, req.ip ?? "unknown");
    res.status(201).json({ success: true });
  });
  return router;
}

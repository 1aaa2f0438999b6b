import { Router } from "express";
import { z } from "zod";
import { fieldErrors } from "~/shared/field-errors";
import type { Guards } from "~/server/auth/guards";
import { BACKUP_MESSAGES } from "~/server/backups/backup-file";
import { BACKUP_SERVICE_MESSAGES } from "~/server/backups/backup-service";
import type { AppContext } from "~/server/context";
import { HttpError, NotFoundError, ValidationError } from "~/server/http/errors";
import { parsePostId } from "~/server/posts/posts";
import { backupBody, optionalJsonBody } from "~/server/http/json-body";
import { whoOf } from "~/server/activity/who";
import { BACKUP_KIND_MESSAGES, kindsRequestSchema, previewRequestSchema } from "~/shared/backups";

const testRemovalSchema = z.strictObject({
  dryRun: z.boolean().optional(),
  ids: z.array(z.number().int().positive()).max(100_000).optional(),
});

/**
 * The debug and maintenance calls of docs/product.md section 7. docs/architecture.md section 5: where the original product had no login
 * gate, every call here needs an admin (401 signed out, 403 for a writer) and every write a
 * same-origin request (403), refused before anything changes. Purge and test-post removal back
 * up every post first (docs/architecture.md section 4).
 */
export function debugRouter({ posts, backups, sessions }: AppContext, { allow, requireSameOrigin }: Guards): Router {
  const router = Router();

  router.get("/debug/list-posts", allow("backups.manage"), async (_req, res) => {
    res.json({ posts: await posts.listAll() });
  });

  router.delete("/debug/delete-post/:id", allow("backups.manage"), requireSameOrigin, async (req, res) => {
    const { id } = await posts.remove(parsePostId(req.params.id), await whoOf(sessions, req, res));
    res.json({ success: true, id });
  });

  router.post("/debug/backup-posts", allow("backups.manage"), requireSameOrigin, async (req, res) => {
    res.json(await backups.backup(await whoOf(sessions, req, res)));
  });

  router.get("/debug/backups", allow("backups.manage"), async (_req, res) => {
    res.json({ backups: await backups.list() });
  });

  router.get<{ name: string }>("/debug/backups/:name", allow("backups.manage"), async (req, res, next) => {
    const { name } = req.params;
    const found = await backups.download(name);
    // From the database: the text itself, as the file would have been sent.
    if ("text" in found) return void res.attachment(name).type("application/json").send(found.text);
    // The name passed the shelf's strict pattern, so dot-folders above it are the operator's choice.
    res.download(found.file, name, { dotfiles: "allow" }, (err) => {
      if (!err) return;
      if (!res.headersSent)
        return next(
          (err as NodeJS.ErrnoException).code === "ENOENT" ? new NotFoundError(BACKUP_MESSAGES.notFound(name)) : err,
        );
      res.destroy(err); // cut off mid-file: the client must not keep half a backup as a whole one
    });
  });

  // Whole-site restores (docs/decisions/195-whole-site-backups.md): a preview that writes nothing,
  // then a restore of the kinds the operator chose.
  router.post<{ name: string }>(
    "/debug/backups/:name/preview",
    allow("backups.manage"),
    requireSameOrigin,
    optionalJsonBody,
    async (req, res) => {
      const body = previewRequestSchema.safeParse(req.body ?? {});
      if (!body.success) throw new ValidationError(BACKUP_KIND_MESSAGES.previewRequest, fieldErrors(body.error));
      res.json(await backups.preview(req.params.name, body.data.kinds));
    },
  );

  router.post<{ name: string }>(
    "/debug/backups/:name/restore",
    allow("backups.manage"),
    requireSameOrigin,
    optionalJsonBody,
    async (req, res) => {
      const body = kindsRequestSchema.safeParse(req.body ?? {});
      if (!body.success) throw new ValidationError(BACKUP_KIND_MESSAGES.kindsRequest, fieldErrors(body.error));
      res.json(await backups.restoreKinds(req.params.name, body.data.kinds, await whoOf(sessions, req, res)));
    },
  );

  router.post("/debug/restore-posts", allow("backups.manage"), requireSameOrigin, backupBody, async (req, res) => {
    res.json(await backups.restore(req.body, await whoOf(sessions, req, res)));
  });

  router.post("/debug/purge-all-posts", allow("backups.manage"), requireSameOrigin, async (req, res) => {
    res.json(await backups.purgeAll(await whoOf(sessions, req, res)));
  });

  // docs/product.md section 8: the page shows a failed removal's `error` field; `message` is every call's.
  // The product's client sends no body; `{"dryRun": true}` lists what would go, `{"ids": [...]}` limits it.
  router.post(
    "/admin/force-remove-test-posts",
    allow("backups.manage"),
    requireSameOrigin,
    optionalJsonBody,
    async (req, res) => {
      const options = testRemovalSchema.safeParse(req.body ?? {});
      if (!options.success)
        throw new ValidationError(BACKUP_SERVICE_MESSAGES.testRemovalRequest, fieldErrors(options.error));
      try {
        res.json(await backups.removeTestPosts(options.data, await whoOf(sessions, req, res)));
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        res.status(err.status).json({ message: err.message, error: err.message });
      }
    },
  );

  return router;
}

import { z } from "zod";
import { siteContentSchema, SITE_SECTIONS, type SiteContent } from "~/shared/site-content";
import { id } from "./fields";

/**
 * Site content as stored (src/shared/site-content.ts): checked against the schema the Site tab
 * and the API use, and kept whole as written, so a field of another release is not dropped.
 */
const storedSiteContent = z.custom<SiteContent>().superRefine((value, ctx) => {
  const result = siteContentSchema.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom" });
});

/** The site's content (docs/product.md section 10); absent until the first save, read as the defaults. */
export const siteRecordSchema = z.object({
  /** The Site tab's saved work; absent when it is the published content. */
  draft: storedSiteContent.optional(),
  /** Absent until the first publish: the defaults (src/shared/site-defaults.ts). */
  published: storedSiteContent.optional(),
  publishedAt: z.string().optional(),
  publishedBy: z.string().optional(),
  /** Every id an industry had on the published site, to its key: old addresses answer 301 or 410. */
  formerIds: z.record(z.string(), z.string()).optional(),
});
export const siteSchema = siteRecordSchema.loose();

/**
 * One publish of the site as releases before the site's history joined the revisions kept it, in
 * a list of its own (`siteRevisions`): read only to move it there (site-history.ts).
 */
export const formerSiteRevisionSchema = z
  .object({
    id,
    createdAt: z.string(),
    /** Empty for the site as it was built, kept when it was first published over. */
    createdBy: z.string(),
    sections: z.array(z.enum(SITE_SECTIONS)),
    restoredFrom: id.optional(),
    content: storedSiteContent,
  })
  .loose();
export type FormerSiteRevision = z.infer<typeof formerSiteRevisionSchema>;

/** The site's revisions in the revisions list: one subject, the site itself. */
export const SITE_SUBJECT = { subject: "site", subjectId: 1 } as const;

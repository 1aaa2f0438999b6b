import { NOBODY, type ActivityLog, type Who } from "~/server/activity/activity-log";
import { ConflictError, ValidationError } from "~/server/http/errors";
import type { Post } from "~/server/store/types";
import { ACTIVITY_MESSAGES } from "~/shared/activity";
import type { CmsPost } from "~/shared/blog";
import { fieldErrors } from "~/shared/field-errors";
import { PERMISSION_MESSAGES } from "~/shared/permissions";
import { postStatus } from "~/shared/post-status";
import { REVIEW_MESSAGES, returnNoteSchema, type ReviewItem } from "~/shared/review";
import { withAuthorName } from "./post-authors";
import { POST_ACTIVITY } from "./post-lifecycle";
import { cmsPostOf, contentReady } from "./post-view";
import { assertMay } from "./post-access";
import { assertPostId, parsePostId } from "./posts";
import type { Store } from "~/server/records/store";

export type ReviewService = {
  /** A contributor's draft into the review queue; editors and admins are emailed when SMTP is set up. */
  submit(id: unknown, who?: Who): Promise<CmsPost>;
  /** Out of the queue, back to its contributor with the editor's note. */
  sendBack(id: unknown, input: unknown, who?: Who): Promise<CmsPost>;
  /** The posts awaiting review, the longest waiting first. */
  queue(): Promise<ReviewItem[]>;
};

/** Emails a notice; never throws (src/server/contact/mail-notifier.ts). */
export type Notice = (mail: { subject: string; text: string }) => Promise<void>;

/**
 * Review before publish (docs/decisions/126-review-before-publish.md). Publishing a submitted
 * post is an ordinary save by an editor; the store takes it out of the queue then
 * (lifecycle/publishing.ts).
 */
export function createReviewService(
  store: Store,
  { activity, notice, adminUrl }: { activity?: ActivityLog; notice?: Notice; adminUrl: string },
): ReviewService {
  const record = async (kind: "submit" | "return", who: Who, post: Post) =>
    activity?.record(kind, who, POST_ACTIVITY.record(post));

  return {
    async submit(rawId, who = NOBODY) {
      const id = idOf(rawId);
      const post = await store.updatePost(
        id,
        (current) => {
          if (current.published) throw new ConflictError(REVIEW_MESSAGES.alreadyPublished);
          assertMay(who, "posts.submit", current, PERMISSION_MESSAGES.notYourDraft);
          return { review: { submitted: { at: new Date().toISOString(), by: who.user?.id } } };
        },
        { by: who.user },
      );
      await record("submit", who, post);
      // In the background: the submit is stored whatever the mail server does.
      void notice?.({
        subject: REVIEW_MESSAGES.mailSubject(post.title),
        text: REVIEW_MESSAGES.mailBody(post.title, who.user?.username ?? ACTIVITY_MESSAGES.nobody, adminUrl),
      });
      return withAuthorName(store, cmsPostOf(post, await contentReady(post)));
    },

    async sendBack(rawId, input, who = NOBODY) {
      assertMay(who, "posts.review");
      const id = idOf(rawId);
      const parsed = returnNoteSchema.safeParse(input ?? {});
      if (!parsed.success) throw new ValidationError(REVIEW_MESSAGES.noteRequired, fieldErrors(parsed.error));
      const by = who.user?.username ?? ACTIVITY_MESSAGES.nobody;
      const post = await store.updatePost(
        id,
        (current) => {
          if (!current.submittedAt || current.published) throw new ConflictError(REVIEW_MESSAGES.notInReview);
          return { review: { returned: { note: parsed.data.note, by, at: new Date().toISOString() } } };
        },
        // Not a save of the post's text: its last writer stays named.
        {},
      );
      await record("return", who, post);
      return withAuthorName(store, cmsPostOf(post, await contentReady(post)));
    },

    async queue() {
      // What postStatus calls "review": a submitted post an editor scheduled is "scheduled", out of
      // the queue and its count (unscheduled, it awaits review again).
      const waiting = (await store.listPosts())
        .filter((p) => postStatus(p) === "review")
        .sort((a, b) => a.submittedAt!.localeCompare(b.submittedAt!));
      const names = new Map<number, string | undefined>();
      const items: ReviewItem[] = [];
      for (const post of waiting) {
        const by = post.submittedBy;
        if (by !== undefined && !names.has(by)) names.set(by, (await store.getUserById(by))?.username);
        const name = by === undefined ? undefined : names.get(by);
        items.push({
          id: post.id,
          title: post.title,
          submittedAt: post.submittedAt!,
          ...(by !== undefined && { submittedBy: by }),
          ...(name && { submittedByName: name }),
        });
      }
      return items;
    },
  };
}

function idOf(raw: unknown): number {
  const id = typeof raw === "number" ? raw : parsePostId(raw);
  assertPostId(id);
  return id;
}

import { z } from "zod";

/**
 * Review before publish (docs/decisions/126-review-before-publish.md): a contributor submits a
 * draft, an editor publishes it or sends it back with a note. The body of the send-back call, and
 * every word the queue, the editor and the notification email use.
 */
export const MAX_REVIEW_NOTE = 2_000;

/** The note an editor left on a post they sent back; the contributor sees it until they submit again. */
export type ReviewNote = { note: string; by: string; at: string };

export const REVIEW_MESSAGES = {
  tab: "Review",
  heading: "Awaiting review",
  intro: "Drafts contributors submitted. Open one to publish it, or send it back with a note.",
  empty: "Nothing is awaiting review.",
  loadFailed: "The review queue could not be loaded.",
  submittedBy: (name: string, when: string) => `Submitted by ${name} on ${when}`,
  open: "Open",
  submit: "Submit for review",
  submitted: "Submitted for review. An editor will publish it or send it back with a note.",
  inReview: "Awaiting review: an editor will publish it or send it back.",
  sendBack: "Send back",
  sendBackTitle: "Send back to the contributor",
  noteLabel: "What should change",
  sentBack: "Sent back with your note.",
  returned: "Returned",
  inReviewBadge: "In review",
  scheduledBadge: "Scheduled",
  tabWithCount: (count: number) => `Review (${count})`,
  returnedNote: (by: string) => `Returned by ${by}:`,
  noteRequired: "Write a note saying what should change",
  noteTooLong: `Keep the note under ${MAX_REVIEW_NOTE} characters`,
  notInReview: "This post is not awaiting review.",
  alreadyPublished: "This post is already published.",
  mailSubject: (title: string) => `Awaiting review: ${title}`,
  mailBody: (title: string, by: string, link: string) =>
    `${by} submitted "${title}" for review.\n\nOpen it in the admin to publish it or send it back: ${link}`,
} as const;

/** POST /api/cms/posts/{id}/return */
export const returnNoteSchema = z.object({
  note: z
    .string({ error: REVIEW_MESSAGES.noteRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.noteRequired)
    .max(MAX_REVIEW_NOTE, REVIEW_MESSAGES.noteTooLong),
});

/** One row of the review queue (GET /api/cms/review). */
export type ReviewItem = {
  id: number;
  title: string;
  submittedAt: string;
  submittedBy?: number;
  submittedByName?: string;
};

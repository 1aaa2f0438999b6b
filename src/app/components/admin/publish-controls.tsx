import { CheckboxField } from "~/app/components/ui/checkbox-field";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { formatDate } from "~/shared/dates";

/**
 * Publishing is a step of its own (docs/decisions/101-drafts-until-published.md): saving never
 * changes whether a post is public, and the question before it names what readers will see.
 */
export const PUBLISH_MESSAGES = {
  saveDraft: "Save draft",
  publish: "Publish",
  unpublish: "Unpublish",
  publishTitle: "Publish this post?",
  publishText: (title: string, address: string) =>
    `Readers will see "${title}" at ${address}, on the blog, in the RSS feed and in the sitemap.`,
  unpublishTitle: "Unpublish this post?",
  unpublishText: (title: string, address: string) =>
    `"${title}" leaves the blog: readers who open ${address} will find nothing there. It stays here as a draft.`,
  published: { title: "Post published", description: "It is on the blog now." },
  unpublished: { title: "Post unpublished", description: "It is a draft again, off the blog." },
  statusPublished: "Published",
  statusDraft: "Draft",
  /** A post published before keeps its first date when published again (docs/decisions/185-published-means-published.md). */
  publishAsNew: "Publish as new",
  publishAsNewHint: (firstDate: string) =>
    `Left unticked, it keeps its first publication date, ${firstDate}. Ticked, it is dated when you publish it.`,
} as const;

/** The post's public address; the origin is read when the question is asked, in the browser. */
export function publicAddress(slug: string): string {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return `${origin}/blog/${slug}`;
}

/** Publish for a draft (or a new post), Unpublish for a public one, each after its question. */
export function PublishControls({
  published,
  title,
  slug,
  busy,
  onConfirm,
}: {
  published: boolean;
  /** The title and slug as they will be saved, so the question names what readers will get. */
  title: string;
  slug: string;
  busy: boolean;
  onConfirm: (published: boolean) => void;
}) {
  const M = PUBLISH_MESSAGES;
  const address = publicAddress(slug);
  return published ? (
    <ConfirmButton
      variant="outline"
      disabled={busy}
      title={M.unpublishTitle}
      description={M.unpublishText(title, address)}
      confirmLabel={M.unpublish}
      onConfirm={() => onConfirm(false)}
    >
      {M.unpublish}
    </ConfirmButton>
  ) : (
    <ConfirmButton
      variant="secondary"
      disabled={busy}
      title={M.publishTitle}
      description={M.publishText(title, address)}
      confirmLabel={M.publish}
      confirmVariant="default"
      onConfirm={() => onConfirm(true)}
    >
      {M.publish}
    </ConfirmButton>
  );
}

/**
 * Under the Publish button of a post that was public before: ticked, the republish is dated now
 * rather than at the first publish (the update's `publishAsNew`).
 */
export function PublishAsNew({
  firstPublishedAt,
  checked,
  onChange,
}: {
  firstPublishedAt: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField
      id="post-publish-as-new"
      label={PUBLISH_MESSAGES.publishAsNew}
      hint={PUBLISH_MESSAGES.publishAsNewHint(formatDate(firstPublishedAt, firstPublishedAt))}
      checked={checked}
      onChange={onChange}
    />
  );
}

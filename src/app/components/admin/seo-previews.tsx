import { useEffect, useState } from "react";
import { postAppearance } from "~/shared/post-seo";
import { socialCardPaths } from "~/shared/media";
import { SITE } from "~/shared/site";
import { GeneratedCover } from "~/app/components/generated-cover";
import { SEO_PANEL_MESSAGES as M } from "./seo-messages";

/** What the previews read off the form: the post's fields and its search settings as typed. */
export type PreviewFields = {
  title: string;
  slug: string;
  summary: string;
  metaTitle?: string;
  metaDescription?: string;
  socialImage?: string;
  canonicalUrl?: string;
  noindex?: boolean;
};

/** Search engines cut a title near 60 characters and a snippet near 160, with an ellipsis. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** This site's address as the browser reached it; the server's render has none. */
function useOrigin(): string {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

/**
 * The post as a search engine lists it and as a shared link shows it, from the same rules as the
 * post page's head (shared/post-seo.ts). `saved` is the post as stored, whose generated card exists.
 */
export function SeoPreviews({ fields, saved }: { fields: PreviewFields; saved?: { id: number; updatedAt: string } }) {
  const origin = useOrigin();
  const head = postAppearance(fields);
  const address = fields.canonicalUrl || `${origin}/blog/${fields.slug}`;
  const host = (() => {
    try {
      return new URL(address).host;
    } catch {
      return origin.replace(/^https?:\/\//, "");
    }
  })();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <figure className="min-w-0 space-y-2" data-testid="search-preview">
        <figcaption className="text-sm font-medium text-slate-800">{M.searchPreview}</figcaption>
        <div className="rounded-lg border border-slate-200 bg-white p-4 font-sans">
          <p className="truncate text-sm text-slate-700">
            <span className="font-medium text-slate-900">{SITE.name}</span>
            <span aria-hidden="true"> · </span>
            <span>{address.replace(/^https?:\/\//, "")}</span>
          </p>
          <p className="mt-1 text-xl leading-snug text-[#1a0dab]">{cut(head.documentTitle, 60)}</p>
          <p className="mt-1 text-sm text-slate-700">{cut(head.description, 160)}</p>
          {fields.noindex && (
            <p className="mt-3 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">{M.hiddenFromSearch}</p>
          )}
        </div>
      </figure>
      <figure className="min-w-0 space-y-2" data-testid="social-preview">
        <figcaption className="text-sm font-medium text-slate-800">{M.socialPreview}</figcaption>
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <SocialImage fields={fields} saved={saved} />
          <div className="border-t border-slate-200 bg-slate-50 px-4 py-3">
            <p className="text-xs uppercase tracking-wide text-slate-600">{host}</p>
            <p className="mt-1 font-semibold text-slate-900">{cut(head.socialTitle, 90)}</p>
            <p className="mt-1 line-clamp-2 text-sm text-slate-700">{head.description}</p>
          </div>
        </div>
        {!fields.socialImage && <p className="text-xs text-slate-600">{M.cardRedrawn}</p>}
      </figure>
    </div>
  );
}

/** The chosen image, else the card drawn for the saved post, else a stand-in drawn from the title. */
function SocialImage({ fields, saved }: { fields: PreviewFields; saved?: { id: number; updatedAt: string } }) {
  const src = fields.socialImage || (saved && socialCardPaths.post(saved));
  if (!src) return <GeneratedCover title={fields.title} className="aspect-[1200/630] w-full" />;
  return <img src={src} alt="" className="aspect-[1200/630] w-full bg-slate-100 object-cover" />;
}

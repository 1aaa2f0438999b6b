import { data, Link } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";

// No `handle.pageCache`: each link is one reader's, and following it changes their record.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.confirmed ? M.confirmedTitle : M.confirmFailedTitle },
  { name: "robots", content: "noindex" },
];

/** A confirmation link (docs/decisions/245-newsletter-double-opt-in.md): following it confirms the reader. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await context.newsletter.confirm(token);
  return data({ confirmed }, { status: confirmed ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">
        {loaderData.confirmed ? M.confirmedTitle : M.confirmFailedTitle}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{loaderData.confirmed ? M.confirmed : M.confirmFailed}</p>
      <Link to="/blog" className="mt-8 inline-block text-brand-700 underline underline-offset-2">
        Read the blog
      </Link>
    </section>
  );
}

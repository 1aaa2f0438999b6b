import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/admin.pages";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { NewPageForm } from "~/app/components/admin/pages/new-page-form";
import { Button } from "~/app/components/ui/button";
import { formatDateTime } from "~/shared/dates";
import { PAGE_EDITOR_MESSAGES } from "~/shared/page-editor";
import { screenUser } from "~/app/lib/admin-screen.server";
import { pageStatus, PAGES_SCREEN } from "~/shared/pages";

/**
 * The pages of blocks (docs/cms-guide.md "Pages"): each with its path, status and last change,
 * each title opening it in the block editor, and New page with its starting layouts. Whoever may
 * write a page sees the list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await screenUser(request, context, "pages.create");
  if (!user) return { pages: [] };
  const pages = await context.pages.list();
  return {
    pages: pages.map(({ id, title, path, published, publishAt, submittedAt, updatedAt }) => ({
      id,
      title,
      path,
      status: pageStatus({ published, publishAt, submittedAt }),
      updatedAt,
    })),
  };
}

export default function PagesScreen({ loaderData: { pages } }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="pages-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pages-heading" className="text-xl font-semibold text-slate-900">
          {PAGES_SCREEN.tab}
        </h2>
        {!creating && (
          <Button type="button" onClick={() => setCreating(true)}>
            {PAGE_EDITOR_MESSAGES.newPage}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600">{PAGES_SCREEN.intro}</p>
      {creating && <NewPageForm onCancel={() => setCreating(false)} />}
      {pages.length === 0 ? (
        <p className="text-slate-700">{PAGES_SCREEN.none}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2">
                {PAGES_SCREEN.title}
              </th>
              <th scope="col" className="py-2">
                {PAGES_SCREEN.path}
              </th>
              <th scope="col" className="py-2">
                {PAGES_SCREEN.status}
              </th>
              <th scope="col" className="py-2">
                {PAGE_EDITOR_MESSAGES.updated}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.id} className="border-b border-slate-100">
                <td className="py-2">
                  <Link
                    to={`/admin/pages/${page.id}`}
                    className="font-medium text-blue-700 underline underline-offset-2"
                  >
                    {page.title}
                  </Link>
                </td>
                <td className="py-2 font-mono text-slate-800">{page.path}</td>
                <td className="py-2 text-slate-800">{page.status}</td>
                <td className="py-2 text-slate-800">{formatDateTime(page.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;

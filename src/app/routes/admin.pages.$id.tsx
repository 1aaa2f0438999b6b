import { Form, useActionData } from "react-router";
import type { Route } from "./+types/admin.pages.$id";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { BlockList } from "~/app/components/blocks/block-list";
import { Button } from "~/app/components/ui/button";
import { InputField, Field, inputClasses } from "~/app/components/ui/field";
import { panelAction, formText } from "~/app/lib/admin-route.server";
import { refusal, screenUser } from "~/app/lib/admin-screen.server";
import type { Block } from "~/shared/blocks";
import { can } from "~/shared/permissions";
import { pageStatus, PAGES_SCREEN } from "~/shared/pages";

/** One page's form: its title, path and settings, a text area per rich-text block, and its status buttons. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await screenUser(request, context, "pages.create");
  if (!user) return { page: undefined, mayPublish: false };
  const read = await context.outcomeOf(() => context.pages.get(params.id));
  if (!read.ok) throw refusal(read.status);
  return { page: read.value, mayPublish: can(user.role, "pages.publish") };
}

/** Save, publish, schedule or unpublish, each through the page service and its rules. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return panelAction(request, context, async (user, form) => {
    const who = { user: { id: user.id, username: user.username }, role: user.role, ip: context.clientIp };
    const intent = formText(form, "intent");
    if (intent === "publish") await context.pages.publish(params.id, {}, who);
    else if (intent === "unpublish") await context.pages.unpublish(params.id, who);
    else if (intent === "schedule") {
      const at = formText(form, "publishAt");
      await context.pages.publish(params.id, { publishAt: at ? new Date(at).toISOString() : "" }, who);
    } else {
      const current = await context.pages.get(params.id);
      const blocks = current.blocks.map((block) =>
        block.type === "richText" ? { ...block, html: formText(form, `block-${block.id}`) } : block,
      );
      await context.pages.update(
        params.id,
        {
          title: formText(form, "title"),
          path: formText(form, "path"),
          metaTitle: formText(form, "metaTitle"),
          metaDescription: formText(form, "metaDescription"),
          canonicalUrl: formText(form, "canonicalUrl"),
          noindex: form.get("noindex") === "on",
          blocks,
          updatedAt: formText(form, "updatedAt"),
        },
        who,
      );
    }
    return intent || "save";
  });
}

export default function PageScreen({ loaderData: { page, mayPublish } }: Route.ComponentProps) {
  const done = useActionData<typeof action>();
  if (!page) return null;
  const errors = done && !done.ok ? (done.errors ?? {}) : {};
  const first = (field: string) => errors[field]?.[0];
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <h2 id="page-heading" className="text-xl font-semibold text-slate-900">
        {page.title} <span className="text-base font-normal text-slate-600">({pageStatus(page)})</span>
      </h2>
      {done && (
        <p role="status" className={done.ok ? "text-green-800" : "text-red-700"}>
          {done.ok ? PAGES_SCREEN.saved : done.message}
        </p>
      )}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="updatedAt" value={page.updatedAt} />
        <InputField
          id="page-title"
          name="title"
          label={PAGES_SCREEN.title}
          defaultValue={page.title}
          error={first("title")}
        />
        <InputField
          id="page-path"
          name="path"
          label={PAGES_SCREEN.path}
          defaultValue={page.path}
          error={first("path")}
        />
        <InputField
          id="page-meta-title"
          name="metaTitle"
          label={PAGES_SCREEN.metaTitle}
          optional
          defaultValue={page.metaTitle ?? ""}
          error={first("metaTitle")}
        />
        <InputField
          id="page-meta-description"
          name="metaDescription"
          label={PAGES_SCREEN.metaDescription}
          optional
          defaultValue={page.metaDescription ?? ""}
          error={first("metaDescription")}
        />
        <InputField
          id="page-canonical"
          name="canonicalUrl"
          label={PAGES_SCREEN.canonical}
          optional
          defaultValue={page.canonicalUrl ?? ""}
          error={first("canonicalUrl")}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="noindex" defaultChecked={page.noindex === true} />
          {PAGES_SCREEN.noindex}
        </label>
        {page.blocks.map((block: Block) =>
          block.type === "richText" ? (
            <Field
              key={block.id}
              id={`block-${block.id}`}
              label={PAGES_SCREEN.richText(block.id)}
              error={first("blocks")}
            >
              {(a) => (
                <textarea
                  {...a}
                  name={`block-${block.id}`}
                  rows={6}
                  defaultValue={block.html}
                  className={inputClasses}
                />
              )}
            </Field>
          ) : null,
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save">
            {PAGES_SCREEN.save}
          </Button>
          {mayPublish && !page.published && (
            <Button type="submit" name="intent" value="publish" variant="outline">
              {PAGES_SCREEN.publish}
            </Button>
          )}
          {mayPublish && page.published && (
            <Button type="submit" name="intent" value="unpublish" variant="outline">
              {PAGES_SCREEN.unpublish}
            </Button>
          )}
        </div>
      </Form>
      {mayPublish && !page.published && (
        <Form method="post" className="flex items-end gap-2">
          <InputField
            id="page-publish-at"
            name="publishAt"
            type="datetime-local"
            label={PAGES_SCREEN.publishAt}
            error={first("publishAt")}
          />
          <Button type="submit" name="intent" value="schedule" variant="outline">
            {PAGES_SCREEN.schedule}
          </Button>
        </Form>
      )}
      <section aria-label={PAGES_SCREEN.preview} className="rounded-md border border-slate-200">
        <BlockList blocks={page.blocks} />
      </section>
    </section>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;

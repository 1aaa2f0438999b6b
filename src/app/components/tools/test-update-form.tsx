import type { FormEvent } from "react";
import { Field, inputClasses } from "~/app/components/ui/field";
import { FormActions } from "./form-actions";
import { TEST_UPDATE_MESSAGES as M } from "./tool-messages";
import type { TextFields } from "./use-text-fields";

export const EMPTY_EDIT = { title: "", slug: "", summary: "", coverImage: "", content: "" };
export type EditValues = typeof EMPTY_EDIT;

/** docs/product.md section 2, /test-update: the edit form, Content as plain HTML in a textarea. */
export function TestUpdateForm({
  postId,
  bind,
  errors,
  busy,
  onSubmit,
  onCancel,
}: {
  postId: number;
  bind: TextFields<EditValues>["bind"];
  errors: Record<string, string[]>;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="test-update-heading">
      <h2 id="test-update-heading" className="text-lg font-semibold text-slate-900">
        {M.formHeading(postId)}
      </h2>
      <Field id="update-title" label={M.title} error={errors.title?.[0]}>
        {(a) => <input {...a} {...bind("title")} />}
      </Field>
      <Field id="update-slug" label={M.slug} error={errors.slug?.[0]}>
        {(a) => <input {...a} {...bind("slug")} spellCheck={false} />}
      </Field>
      <Field id="update-summary" label={M.summary} error={errors.summary?.[0]}>
        {(a) => <textarea {...a} {...bind("summary")} rows={3} />}
      </Field>
      <Field id="update-cover" label={M.coverImage} optional error={errors.coverImage?.[0]}>
        {(a) => <input {...a} {...bind("coverImage")} type="url" />}
      </Field>
      <Field id="update-content" label={M.content} error={errors.content?.[0]}>
        {(a) => (
          <textarea
            {...a}
            {...bind("content")}
            rows={10}
            spellCheck={false}
            className={`${inputClasses} font-mono text-sm`}
          />
        )}
      </Field>
      <FormActions secondary={M.cancel} onSecondary={onCancel} submit={M.submit} pending={M.updating} busy={busy} />
    </form>
  );
}

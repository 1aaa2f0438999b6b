import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { CmsPost } from "~/shared/blog";
import { api, ApiError } from "~/app/lib/api";
import { isEditorEmpty, prepareContentForSave } from "~/app/lib/editor-content";
import { toast } from "~/app/lib/toast";
import { PostEditor } from "~/app/components/admin/post-editor";
import { buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Field } from "~/app/components/ui/field";
import { FormActions } from "./form-actions";
import { ToolAlert } from "./tool-alert";
import { DIRECT_CREATE_MESSAGES as M, TOOL_LINKS } from "./tool-messages";
import { useBusy } from "./use-busy";
import { useTextFields } from "./use-text-fields";

const EMPTY = { title: "", coverImage: "", summary: "", content: "" };
type Result = { json: string } | { error: string };

/** docs/product.md section 8 "Generic": the status and the server's words, then each field's message. */
function errorText(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const fields = Object.entries(err.errors ?? {}).map(([field, messages]) => `${field}: ${messages.join("; ")}`);
  return [`${err.status}: ${err.message}`, ...fields].join("\n");
}

/**
 * docs/product.md sections 2 and 5, /create-post-direct: title, summary and content required, published at
 * once. The slug is left to the server (docs/product.md section 5, slug generation), so none is sent.
 */
export function DirectPostForm() {
  const { values, setValues, set, bind } = useTextFields(EMPTY);
  const { busy, run } = useBusy();
  const [result, setResult] = useState<Result | undefined>();

  const clear = () => {
    setValues(EMPTY);
    setResult(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim() || !values.summary.trim() || isEditorEmpty(values.content)) {
      return void toast({ ...M.missing, variant: "destructive" });
    }
    setResult(undefined);
    void run(async () => {
      try {
        const post = await api.post<CmsPost>("/api/cms/simple-create-post", {
          title: values.title.trim(),
          summary: values.summary.trim(),
          content: prepareContentForSave(values.content),
          coverImage: values.coverImage.trim(),
          published: true,
        });
        setResult({ json: JSON.stringify(post, null, 2) });
        // Published: the form starts over, so a second Publish cannot send the same post again (a 409).
        setValues(EMPTY);
      } catch (err) {
        setResult({ error: errorText(err) });
      }
    });
  };

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-5">
          <Field id="direct-title" label={M.title}>
            {(a) => <input {...a} {...bind("title")} required />}
          </Field>
          <Field id="direct-cover" label={M.coverImage} optional>
            {(a) => <input {...a} {...bind("coverImage")} type="url" placeholder="https://…" />}
          </Field>
          <Field id="direct-summary" label={M.summary}>
            {(a) => <textarea {...a} {...bind("summary")} required rows={3} />}
          </Field>
          <div className="space-y-1">
            <span id="direct-content-label" className="block text-sm font-medium text-slate-800">
              {M.content}
            </span>
            <PostEditor
              id="direct-content"
              value={values.content}
              onChange={set("content")}
              labelledBy="direct-content-label"
            />
          </div>
          <FormActions secondary={M.clear} onSecondary={clear} submit={M.publish} pending={M.publishing} busy={busy} />
        </form>
      </Card>
      {result && "json" in result && (
        <ToolAlert tone="success" title={M.resultHeading}>
          <pre className="max-h-96 overflow-auto rounded bg-white/70 p-3 text-xs whitespace-pre-wrap">
            {result.json}
          </pre>
        </ToolAlert>
      )}
      {result && "error" in result && (
        <ToolAlert tone="error" title={M.failed}>
          <pre className="text-sm whitespace-pre-wrap">{result.error}</pre>
        </ToolAlert>
      )}
      <Link to="/" className={buttonClasses({ variant: "outline" })}>
        {TOOL_LINKS.returnToHome}
      </Link>
    </div>
  );
}

import { useRef, useState, type ClipboardEvent, type FormEvent } from "react";
import { buildStandaloneHtml, hasIframe, wrapIframes } from "~/app/lib/standalone-html";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Field, inputClasses } from "~/app/components/ui/field";
import { HTML_GENERATOR_MESSAGES as M } from "./tool-messages";
import { useTextFields } from "./use-text-fields";

const EMPTY = { title: "", coverImage: "", summary: "", content: "" };

/** The Clipboard API, else (no secure context, e.g. http on a LAN address) select and copy. */
async function copyText(text: string, box: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    box?.select();
    return document.execCommand("copy");
  }
}

/** docs/product.md section 5 "Editor paste rules": a pasted iframe lands inside a responsive container. */
function wrapPastedIframes(event: ClipboardEvent<HTMLTextAreaElement>, onChange: (value: string) => void) {
  const pasted = event.clipboardData.getData("text/plain");
  if (!hasIframe(pasted)) return;
  event.preventDefault();
  const box = event.currentTarget;
  box.setRangeText(wrapIframes(pasted), box.selectionStart, box.selectionEnd, "end");
  onChange(box.value);
}

/**
 * docs/product.md sections 2 and 5, /emergency-post: builds a standalone HTML page in the browser for when
 * the CMS cannot be used. Nothing here calls the server.
 */
export function HtmlGeneratorForm() {
  const { values, set, bind } = useTextFields(EMPTY);
  const [output, setOutput] = useState("");
  const outputRef = useRef<HTMLTextAreaElement>(null);

  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim() || !values.content.trim())
      return void toast({ title: M.required, variant: "destructive" });
    setOutput(buildStandaloneHtml(values));
  };

  const copy = async () => {
    toast((await copyText(output, outputRef.current)) ? M.copied : { ...M.copyFailed, variant: "destructive" });
  };

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <form onSubmit={generate} noValidate className="space-y-5">
          <Field id="html-title" label={M.title}>
            {(a) => <input {...a} {...bind("title")} required />}
          </Field>
          <Field id="html-cover" label={M.coverImage} optional>
            {(a) => <input {...a} {...bind("coverImage")} type="url" placeholder="https://…" />}
          </Field>
          <Field id="html-summary" label={M.summary} optional>
            {(a) => <textarea {...a} {...bind("summary")} rows={2} />}
          </Field>
          <Field id="html-content" label={M.content}>
            {(a) => (
              <>
                <p id="html-content-hint" className="text-xs text-slate-600">
                  {M.contentHint}
                </p>
                <textarea
                  {...a}
                  {...bind("content")}
                  aria-describedby="html-content-hint"
                  required
                  rows={12}
                  spellCheck={false}
                  onPaste={(e) => wrapPastedIframes(e, set("content"))}
                  className={`${inputClasses} font-mono text-sm`}
                />
              </>
            )}
          </Field>
          <div className="flex justify-end border-t border-slate-200 pt-5">
            <Button type="submit">{M.generate}</Button>
          </div>
        </form>
      </Card>
      {output && (
        <Card className="space-y-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label htmlFor="html-output" className="text-lg font-semibold text-slate-900">
              {M.output}
            </label>
            <Button variant="secondary" onClick={copy}>
              {M.copy}
            </Button>
          </div>
          <textarea
            id="html-output"
            ref={outputRef}
            readOnly
            rows={16}
            value={output}
            spellCheck={false}
            className={`${inputClasses} font-mono text-xs`}
          />
        </Card>
      )}
    </div>
  );
}

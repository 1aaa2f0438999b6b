import { useEffect, useState } from "react";
import { api } from "~/app/lib/api";
import { formatDateTime } from "~/shared/dates";
import type { SendProgress } from "~/shared/newsletter";
import { SEND_SUMMARY as M, sendSummary } from "~/shared/subscribers";

/** How often a send under way is asked again. */
const POLL_MS = 5000;

/**
 * A post's send to the newsletter in its editor (GET /api/cms/posts/{id}/email): "Sent to N
 * readers", the failures with the mail server's reasons, and the readers still queued, asked
 * again every few seconds while the send is under way. Nothing for a post never sent.
 */
export function NewsletterProgress({ postId }: { postId: number }) {
  const [progress, setProgress] = useState<SendProgress>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const load = () =>
      api
        .get<SendProgress>(`/api/cms/posts/${postId}/email`)
        .then((found) => {
          if (!current) return;
          setProgress(found);
          if (found.state === "queued") timer = setTimeout(load, POLL_MS);
        })
        // A progress that cannot be read is left out; the editor works without it.
        .catch(() => undefined);
    void load();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [postId]);

  if (!progress || progress.state === "none") return null;
  return (
    <section aria-labelledby="newsletter-progress-heading" className="rounded-md border border-slate-200 p-3 text-sm">
      <h3 id="newsletter-progress-heading" className="font-medium text-slate-900">
        {M.heading}
      </h3>
      <p className="mt-1 text-slate-700" data-testid="newsletter-progress">
        {sendSummary(progress)}
        {progress.queued > 0 && `, ${M.queued(progress.queued)}`}
      </p>
      {progress.state === "queued" && progress.queued > 0 && <p className="text-xs text-slate-600">{M.waiting}</p>}
      {progress.failures.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-slate-800">{M.failures}</summary>
          <ul className="mt-1 space-y-1">
            {progress.failures.map((f) => (
              <li key={`${f.email}-${f.at}`} className="wrap-anywhere text-slate-700">
                <span className="font-medium">{f.email}</span>: {f.reason}{" "}
                <span className="text-xs text-slate-600">({formatDateTime(f.at)})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

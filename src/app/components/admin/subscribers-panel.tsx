import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "~/app/lib/api";
import { deleteAndReload } from "~/app/lib/delete-and-reload";
import { failureToast } from "~/app/lib/failure-toast";
import { postFormData } from "~/app/lib/post-form-data";
import { toast } from "~/app/lib/toast";
import { Button, buttonClasses } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Field, FilterSelect, InputField, inputClasses } from "~/app/components/ui/field";
import { Pager } from "~/app/components/ui/pager";
import { formatDate } from "~/shared/dates";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "~/shared/newsletter";
import {
  STATUS_LABELS,
  SUBSCRIBERS_SCREEN as M,
  type SubscriberItem,
  type SubscribersImportReport,
  type SubscribersPage,
} from "~/shared/subscribers";
import { PanelHeading } from "./panel-card";
import { RecordTable } from "./record-table";
import { RemoveButton } from "./remove-button";

const PATH = "/api/admin/subscribers";
type Query = { q: string; status: "" | SubscriberStatus; page: number };
/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_PAUSE_MS = 250;

const searchOf = ({ q, status, page }: Query, withPage = true) => {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (status) params.set("status", status);
  if (withPage && page > 1) params.set("page", String(page));
  return params.toString();
};

/** Sends the file and the note; answers the report. */
const upload = (file: File, consent: string) =>
  postFormData<SubscribersImportReport & { message: string }>(`${PATH}/import`, { consent, file });

/**
 * The Subscribers screen (admins; docs/cms-guide.md "Subscribers"): the newsletter's readers with
 * a search, a status filter and each status's count, the CSV export of what the filter shows,
 * Delete behind a confirmation, and an import of a CSV file with the note of where its readers
 * consented. The server checks everything again.
 */
export function SubscribersPanel() {
  const [query, setQuery] = useState<Query>({ q: "", status: "", page: 1 });
  const [asked, setAsked] = useState(searchOf(query));
  const [loaded, setLoaded] = useState<{ search: string; page?: SubscribersPage; failed?: boolean }>();
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(searchOf(query)), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => {
    let current = true;
    api
      .get<SubscribersPage>(`${PATH}?${asked}`)
      .then((page) => current && setLoaded({ search: asked, page }))
      .catch((err: unknown) => {
        if (!current) return;
        setLoaded({ search: asked, failed: true });
        failureToast(err, M.loadFailed);
      });
    return () => {
      current = false;
    };
  }, [asked, reloads]);

  const change = (next: Partial<Query>) => setQuery((q) => ({ ...q, page: 1, ...next }));
  const reload = () => setReloads((n) => n + 1);
  const page = loaded?.page;

  const remove = (reader: SubscriberItem) => deleteAndReload(`${PATH}/${reader.id}`, M.deleted, M.deleteFailed, reload);

  return (
    <div className="space-y-4">
      <Card className="space-y-4" role="region" aria-labelledby="subscribers-heading">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <PanelHeading id="subscribers-heading" heading={M.heading} intro={M.intro} />
          <a
            className={buttonClasses({ variant: "outline", size: "sm" }, "shrink-0 self-start")}
            href={`${PATH}.csv?${searchOf(query, false)}`}
            download
          >
            {M.exportCsv}
          </a>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="subscribers-search"
            type="search"
            label={M.search}
            placeholder={M.searchHint}
            value={query.q}
            maxLength={254}
            onChange={(e) => change({ q: e.target.value })}
          />
          <FilterSelect
            id="subscribers-status"
            label={M.status}
            value={query.status}
            onChange={(status) => change({ status })}
            options={[["", M.anyStatus], ...SUBSCRIBER_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)]}
          />
        </div>
        {page && (
          <p className="text-sm text-slate-600" data-testid="subscriber-counts">
            {M.counts(page.counts)}
          </p>
        )}
        <div aria-busy={loaded?.search !== asked}>
          {page && page.subscribers.length === 0 && (
            <p className="text-slate-600">{query.q || query.status ? M.noMatches : M.empty}</p>
          )}
          {page && page.subscribers.length > 0 && <SubscriberTable readers={page.subscribers} onDelete={remove} />}
        </div>
        {page && (
          <Pager
            label={M.pages}
            page={page.page}
            pageCount={page.pageCount}
            onStep={(step) => setQuery((q) => ({ ...q, page: q.page + step }))}
          />
        )}
      </Card>
      <ImportForm onImported={reload} />
    </div>
  );
}

function SubscriberTable({ readers, onDelete }: { readers: SubscriberItem[]; onDelete: (r: SubscriberItem) => void }) {
  return (
    <RecordTable caption={M.heading} columns={[M.email, M.name, M.status, M.since, M.source]} actions={M.delete}>
      {readers.map((r) => (
        <tr key={r.id} className="border-b border-slate-100 align-top">
          <td className="py-2 pr-3 break-all text-slate-900">{r.email}</td>
          <td className="py-2 pr-3 text-slate-700">{r.name}</td>
          <td className="py-2 pr-3 text-slate-700">{STATUS_LABELS[r.status]}</td>
          <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{formatDate(r.createdAt, "")}</td>
          <td className="py-2 pr-3 wrap-anywhere text-slate-700">
            {r.consentNote ? M.imported(r.consentNote) : r.page}
          </td>
          <td className="py-2">
            <RemoveButton
              label={M.delete}
              size="sm"
              aria-label={M.deleteLabel(r.email)}
              title={M.deleteTitle}
              description={M.deleteConfirm(r.email)}
              onConfirm={() => onDelete(r)}
            />
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}

type ImportErrors = { file?: string[]; consent?: string };

/** The import: a CSV file and the note of where its readers consented, both required. */
function ImportForm({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const [consent, setConsent] = useState("");
  const [errors, setErrors] = useState<ImportErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(undefined);
    setBusy(true);
    try {
      // An empty file stands for none: the server names what is missing, with its words.
      const report = await upload(file ?? new File([], ""), consent);
      setErrors({});
      setDone(report.message);
      toast({ title: M.importDone, description: report.message });
      setConsent("");
      setFile(undefined);
      form.reset();
      onImported();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors({ file: err.errors.file, consent: err.errors.consent?.[0] });
      }
      failureToast(err, M.importFailed);
    } finally {
      setBusy(false);
    }
  };

  const lines = errors.file && errors.file.length > 1 ? errors.file : undefined;
  return (
    <Card className="space-y-4" role="region" aria-labelledby="subscribers-import-heading">
      <div>
        <h2 id="subscribers-import-heading" className="text-lg font-semibold text-slate-900">
          {M.importHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{M.importIntro}</p>
      </div>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="subscribers-file" label={M.file} error={lines ? undefined : errors.file?.[0]}>
          {(a) => (
            <input
              {...a}
              {...(lines && { "aria-invalid": true, "aria-describedby": "subscribers-file-lines" })}
              type="file"
              accept=".csv,text/csv"
              className={inputClasses}
              onChange={(e) => setFile(e.target.files?.[0])}
            />
          )}
        </Field>
        {lines && (
          <ul id="subscribers-file-lines" className="list-disc space-y-1 pl-5 text-sm text-red-700">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <InputField
          id="subscribers-consent"
          label={M.consent}
          placeholder={M.consentHint}
          value={consent}
          error={errors.consent}
          maxLength={500}
          onChange={(e) => setConsent(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? M.importing : M.importButton}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      </form>
    </Card>
  );
}

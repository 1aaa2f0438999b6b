import { useState, type FormEvent } from "react";
import { ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Field, inputClasses } from "~/app/components/ui/field";
import { postFormData } from "~/app/lib/post-form-data";
import { IMPORT_MESSAGES, IMPORT_SCREEN as M, type ImportFormat, type ImportReport } from "~/shared/import";
import { PanelCard } from "./panel-card";
import { RecordTable } from "./record-table";

const PATH = "/api/admin/import";

/** Sends the export; answers the report. */
const send = (format: ImportFormat, file: File, dryRun: boolean) =>
  postFormData<ImportReport>(`${PATH}${dryRun ? "?dryRun=1" : ""}`, { format, file });

/**
 * The Import screen (admins; docs/cms-guide.md "Import"): choose WordPress or Ghost and the export
 * file, see the dry run's report (every item, what it would become, every problem), then import.
 * Importing again later updates what changed and creates nothing twice.
 */
export function ImportPanel() {
  const [format, setFormat] = useState<ImportFormat>("wordpress");
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport>();

  const run = async (dryRun: boolean, event?: FormEvent) => {
    event?.preventDefault();
    if (!file) {
      setError(IMPORT_MESSAGES.fileRequired);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await send(format, file, dryRun);
      setReport(answer);
      toast({ title: dryRun ? M.dryRunDone : M.done });
    } catch (err) {
      if (err instanceof ApiError && err.errors?.file) setError(err.errors.file[0]);
      failureToast(err, M.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelCard id="import-heading" heading={M.heading} intro={M.intro}>
      <form className="space-y-4" onSubmit={(e) => void run(true, e)} noValidate>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{M.format}</legend>
          {(["wordpress", "ghost"] as const).map((choice) => (
            <label key={choice} className="mr-4 inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="format"
                value={choice}
                checked={format === choice}
                onChange={() => {
                  setFormat(choice);
                  setReport(undefined);
                }}
              />
              {M[choice]}
            </label>
          ))}
        </fieldset>
        <Field id="import-file" label={M.file} error={error}>
          {(a) => (
            <input
              {...a}
              type="file"
              accept={format === "wordpress" ? ".xml,text/xml,application/xml" : ".json,application/json"}
              className={inputClasses}
              onChange={(e) => {
                setFile(e.target.files?.[0]);
                setReport(undefined);
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? M.running : M.dryRun}
          </Button>
          <Button type="button" variant="outline" disabled={busy || !report?.dryRun} onClick={() => void run(false)}>
            {M.run}
          </Button>
        </div>
      </form>
      {report && <Report report={report} />}
    </PanelCard>
  );
}

function Report({ report }: { report: ImportReport }) {
  return (
    <section aria-labelledby="import-report-heading" className="space-y-3">
      <h3 id="import-report-heading" className="text-lg font-semibold text-slate-900">
        {M.summaryHeading}
      </h3>
      <p className="text-sm whitespace-pre-line text-slate-800" data-testid="import-summary">
        {IMPORT_MESSAGES.summary(report)}
      </p>
      <RecordTable caption={M.items} columns={[M.items, M.format, M.notes]}>
        {report.items.map((item) => (
          <tr key={item.source} className="border-b border-slate-100 align-top">
            <td className="py-2 pr-3 text-slate-900">{item.title || item.source}</td>
            <td className="py-2 pr-3 text-slate-700">{M.action[item.action]}</td>
            <td className="py-2 text-slate-700">{item.notes?.join("; ")}</td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}

import { hasChange, htmlText, mediaChanges, wordDiff, type MediaItem } from "~/shared/content-diff";
import { HISTORY_MESSAGES as M } from "./history-messages";
import { TextDiff } from "./text-diff";

/**
 * One field of two versions: `text` is diffed word by word, `html` as the text a reader reads with
 * the images and videos named, `value` shown whole on both sides (a slug, a switch, a list).
 */
export type DiffField = { name: string; label: string; kind: "text" | "html" | "value"; before: string; after: string };

/**
 * The differences between a saved version (`before`) and the current one (`after`), field by
 * field, only the fields that differ. Generic over what the versions are of, so every subject
 * with revisions shows its history the same way.
 */
export function RevisionDiff({ fields }: { fields: readonly DiffField[] }) {
  const changed = fields.filter((f) => f.before !== f.after);
  if (changed.length === 0) return <p className="text-sm text-slate-600">{M.noDifferences}</p>;
  return (
    <div className="space-y-5">
      <p className="text-xs text-slate-600">{M.legend}</p>
      {changed.map((field) => (
        <section key={field.name} aria-labelledby={`diff-${field.name}`} className="space-y-2">
          <h4 id={`diff-${field.name}`} className="text-sm font-semibold text-slate-900">
            {field.label}
          </h4>
          <FieldDiff field={field} />
        </section>
      ))}
    </div>
  );
}

function FieldDiff({ field }: { field: DiffField }) {
  if (field.kind === "value") {
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{M.was}</dt>
        <dd className="break-all text-slate-900">{field.before || M.none}</dd>
        <dt className="text-slate-600">{M.now}</dt>
        <dd className="break-all text-slate-900">{field.after || M.none}</dd>
      </dl>
    );
  }
  if (field.kind === "text") return <TextDiff parts={wordDiff(field.before, field.after)} />;
  const text = wordDiff(htmlText(field.before), htmlText(field.after));
  const media = mediaChanges(field.before, field.after);
  return (
    <div className="space-y-3">
      {hasChange(text) && <TextDiff parts={text} className="rounded-md border border-slate-200 p-3" />}
      <MediaList heading={M.imagesRemoved} items={media.removed} />
      <MediaList heading={M.imagesAdded} items={media.added} />
    </div>
  );
}

function MediaList({ heading, items }: { heading: string; items: MediaItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-800">{heading}</p>
      <ul className="mt-1 list-disc pl-5 text-slate-700">
        {items.map((item) => (
          <li key={item.src} className="break-all">
            {item.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useTags } from "./use-tags";

/**
 * Suggestions for the post form's comma-separated tag line: a native datalist (accessible in
 * every browser) whose options are the line so far plus each existing tag it lacks, so the
 * browser's own filtering matches the tag being typed.
 */
export function TagSuggestions({ id, value }: { id: string; value: string }) {
  const { tags } = useTags();
  const parts = value.split(",");
  const done = parts
    .slice(0, -1)
    .map((p) => p.trim())
    .filter(Boolean);
  const prefix = done.length ? `${done.join(", ")}, ` : "";
  const taken = new Set(done.map((d) => d.toLowerCase()));
  return (
    <datalist id={id}>
      {(tags ?? [])
        .filter((t) => !taken.has(t.name.toLowerCase()))
        .map((t) => (
          <option key={t.id} value={prefix + t.name} />
        ))}
    </datalist>
  );
}

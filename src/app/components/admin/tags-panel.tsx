import { TAGS_MESSAGES } from "~/shared/tags";
import { Card } from "~/app/components/ui/card";
import { TagRow } from "./tag-row";
import { useTags } from "./use-tags";

/** The Tags tab (docs/product.md section 2): every tag with its post count; admins rename, merge and delete. */
export function TagsPanel() {
  const { tags, canManage, loading } = useTags();
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{TAGS_MESSAGES.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{TAGS_MESSAGES.intro}</p>
      <div className="mt-4" aria-busy={loading}>
        {tags && tags.length === 0 && <p className="text-slate-600">{TAGS_MESSAGES.empty}</p>}
        {tags && tags.length > 0 && (
          <ul className="divide-y divide-slate-200" aria-label="Tags">
            {tags.map((tag) => (
              <TagRow key={tag.id} tag={tag} others={tags.filter((t) => t.id !== tag.id)} canEdit={canManage} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

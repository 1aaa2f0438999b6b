import { useEffect, useState } from "react";
import { AUTHOR_MESSAGES, listNames, type PublicAuthor } from "~/shared/authors";
import { api } from "~/app/lib/api";
import { ADMIN_MESSAGES } from "./admin-messages";

/**
 * The post's authors (docs/decisions/130-bylines-and-author-pages.md): a checkbox per user, in a
 * fieldset, so a keyboard and a screen reader use it as any form; the byline lists them in the
 * order they were ticked, and the line under the boxes says how it will read.
 */
export function AuthorPicker({
  value,
  onChange,
  error,
}: {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const [users, setUsers] = useState<PublicAuthor[]>();
  useEffect(() => {
    let live = true;
    api
      .get<{ authors: PublicAuthor[] }>("/api/cms/authors")
      .then((answer) => live && setUsers(answer.authors))
      .catch(() => live && setUsers([]));
    return () => {
      live = false;
    };
  }, []);
  const nameOf = (id: number) => users?.find((u) => u.id === id)?.displayName ?? ADMIN_MESSAGES.authorId(id);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby="post-authors-byline">
      <legend className="px-1 text-sm font-medium text-slate-900">{ADMIN_MESSAGES.authorsLabel}</legend>
      {users === undefined ? (
        <p className="text-sm text-slate-600">{ADMIN_MESSAGES.authorsLoading}</p>
      ) : (
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {users.map((user) => (
            <li key={user.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={value.includes(user.id)}
                  onChange={(e) => toggle(user.id, e.currentTarget.checked)}
                  className="h-4 w-4"
                />
                {user.displayName}
                {user.displayName !== user.username && <span className="text-slate-500">({user.username})</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p id="post-authors-byline" className="mt-3 text-sm text-slate-600">
        {value.length ? `${AUTHOR_MESSAGES.by} ${listNames(value.map(nameOf))}` : ADMIN_MESSAGES.authorsDefault}
      </p>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

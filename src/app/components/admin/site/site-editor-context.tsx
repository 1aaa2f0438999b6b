import { createContext, useContext } from "react";
import type { SiteContent } from "~/shared/site-content";
import { getAt, pathKey, setAt, type Path } from "./site-paths";

/** The draft being edited and its field messages, shared by every field of the Site tab. */
type Editor = {
  draft: SiteContent;
  setDraft: (next: SiteContent) => void;
  errors: Record<string, string[]>;
};

export const SiteEditorContext = createContext<Editor | null>(null);

/** One value of the draft by path, its setter and its first message. */
export function useSiteField<T>(path: Path): { value: T; set: (value: T) => void; error?: string } {
  const editor = useContext(SiteEditorContext);
  if (!editor) throw new Error("useSiteField is used outside the Site tab");
  const { draft, setDraft, errors } = editor;
  return {
    value: getAt(draft, path) as T,
    set: (value) => setDraft(setAt(draft, path, value)),
    error: errors[pathKey(path)]?.[0],
  };
}

/** Whether any field under `path` has a message, for a part of the form that may be closed. */
export function useHasErrors(path: Path): boolean {
  const editor = useContext(SiteEditorContext);
  const prefix = `${pathKey(path)}.`;
  return Object.keys(editor?.errors ?? {}).some((key) => key.startsWith(prefix));
}

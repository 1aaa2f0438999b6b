import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api, ApiError } from "~/app/lib/api";
import { isStaleUpdateBody } from "~/shared/post-conflict";
import type { CmsPage } from "~/shared/pages";
import { getAt, pathKey, type Path } from "../site/site-paths";
import { useLocalCopy } from "../use-local-copy";
import { pageErrors, sameValue, valuesOf, type PageValues } from "./page-values";

/** How long after the last edit a draft page saves itself. */
export const PAGE_AUTOSAVE_MS = 2500;

/** The browser's copy of a page's unsaved edits (use-local-copy.ts), one per page. */
export const pageCopyKey = (id: number) => `queuewise:page-draft:${id}`;

type ServerError = { key: string; message: string; value: unknown };
export type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "failed"; message: string };

/**
 * The block editor's page (docs/decisions/272-pages-autosave-as-drafts.md): the values being
 * edited, their field messages (the shared schema's, and the server's for what only it knows,
 * such as a path another page holds, shown while the field still holds what was refused), saves
 * based on the version they started from (a 409 keeps the edits and hands back the page as saved
 * since), autosave while the page is not public, and the browser copy posts have.
 */
export function usePageDraft(page: CmsPage) {
  const [saved, setSaved] = useState(page);
  const [values, setValuesState] = useState(() => valuesOf(page));
  const [savedValues, setSavedValues] = useState(() => valuesOf(page));
  // The values last saved, for work done outside React's render (adopting the page after a publish).
  const lastSaved = useRef(savedValues);
  const base = useRef(page.updatedAt);
  const latest = useRef(values);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const [serverErrors, setServerErrors] = useState<ServerError[]>([]);
  const [conflict, setConflict] = useState<CmsPage | undefined>();
  // The save on its way: another waits for it, so two saves never race on one base version.
  const inflight = useRef<Promise<unknown> | undefined>(undefined);

  const setValues = useCallback((next: PageValues | ((current: PageValues) => PageValues)) => {
    // Worked out from the latest values at once, so a save right after an edit sends the edit.
    const value = typeof next === "function" ? next(latest.current) : next;
    latest.current = value;
    setValuesState(value);
  }, []);

  const dirty = !sameValue(values, savedValues);
  const schemaErrors = useMemo(() => pageErrors(values), [values]);
  const valid = Object.keys(schemaErrors).length === 0;

  const errorOf = useCallback(
    (path: Path) => {
      const key = pathKey(path);
      if (schemaErrors[key]) return schemaErrors[key];
      const refused = serverErrors.find((e) => e.key === key && sameValue(getAt(values, path), e.value));
      return refused?.message;
    },
    [schemaErrors, serverErrors, values],
  );

  const [initial] = useState(() => valuesOf(page));
  const copy = useLocalCopy({
    storageKey: pageCopyKey(page.id),
    initial,
    read: () => latest.current,
    dirty,
    baseUpdatedAt: base.current,
  });
  const { clear: clearCopy } = copy;

  /** The page as the server has it now becomes the form's start (after a save, a restore, a publish). */
  const adopt = useCallback(
    (next: CmsPage, keepEdits = false) => {
      setSaved(next);
      base.current = next.updatedAt;
      const start = valuesOf(next);
      // Edits typed since the last save stay; otherwise the form shows the page as the server keeps it.
      const edited = keepEdits && !sameValue(latest.current, lastSaved.current);
      setSavedValues(start);
      lastSaved.current = start;
      if (!edited) setValues(start);
    },
    [setValues],
  );

  /**
   * Sends the values (every field, so the page becomes what the form shows), based on the
   * version the form started from. Answers the saved page, or undefined when it was refused.
   */
  const send = useCallback(async (): Promise<CmsPage | undefined> => {
    const sent = latest.current;
    setState({ kind: "saving" });
    try {
      const result = await api.put<CmsPage>(`/api/cms/pages/${page.id}`, { ...sent, updatedAt: base.current });
      setConflict(undefined);
      setServerErrors([]);
      clearCopy();
      setSaved(result);
      base.current = result.updatedAt;
      // Edits made while the save was on its way stay edits.
      setSavedValues(sent);
      lastSaved.current = sent;
      setState({ kind: "idle" });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isStaleUpdateBody(error.body) && error.body.theirs) {
        setConflict(error.body.theirs as unknown as CmsPage);
        setState({ kind: "idle" });
        return undefined;
      }
      const message = (error as Error).message;
      if (error instanceof ApiError && error.errors) {
        setServerErrors(
          Object.entries(error.errors).map(([key, messages]) => ({
            key,
            message: messages[0] ?? message,
            value: getAt(
              sent,
              key.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
            ),
          })),
        );
      }
      setState({ kind: "failed", message });
      return undefined;
    }
  }, [page.id, clearCopy]);

  const save = useCallback(async (): Promise<CmsPage | undefined> => {
    while (inflight.current) await inflight.current;
    const run = send();
    inflight.current = run;
    try {
      return await run;
    } finally {
      inflight.current = undefined;
    }
  }, [send]);

  // A page visitors cannot see saves itself shortly after each edit; a public one waits for Save.
  useEffect(() => {
    if (saved.published || !dirty || !valid || conflict || state.kind === "saving") return;
    if (state.kind === "failed") return;
    const timer = window.setTimeout(() => void save(), PAGE_AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [values, saved.published, dirty, valid, conflict, state.kind, save]);

  // A failed save is tried again by the next edit, not by the timer over and over.
  const edit = useCallback(
    (next: PageValues | ((current: PageValues) => PageValues)) => {
      setValues(next);
      setState((s) => (s.kind === "failed" ? { kind: "idle" } : s));
    },
    [setValues],
  );

  /** The restored copy of unsaved edits becomes the form's values, based on the version it began from. */
  const restoreCopy = () => {
    const found = copy.accept();
    if (!found) return;
    if (found.baseUpdatedAt) base.current = found.baseUpdatedAt;
    edit({ ...valuesOf(saved), ...found.values });
  };

  /** After a refused save: the chosen values, based on their version now, saved at once. */
  const resolve = async (chosen: PageValues) => {
    if (!conflict) return;
    setSaved(conflict);
    base.current = conflict.updatedAt;
    setSavedValues(valuesOf(conflict));
    lastSaved.current = valuesOf(conflict);
    setValues(chosen);
    await save();
  };

  return {
    saved,
    values,
    edit,
    errorOf,
    schemaErrors,
    valid,
    dirty,
    state,
    save,
    adopt,
    conflict,
    resolve,
    copy,
    restoreCopy,
    base,
  };
}

export type PageDraft = ReturnType<typeof usePageDraft>;

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { localDraftKey, readLocalDraft, removeLocalDraft, writeLocalDraft } from "~/app/components/admin/local-draft";
import { isSaveShortcut } from "~/app/components/admin/post-form-values";

/** The browser copy of unsaved edits (docs/decisions/021-no-lost-work.md) survives bad storage. */
function fakeStorage(overrides: Partial<Storage> = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
    ...overrides,
  };
}

const draft = {
  values: { title: "Half a post" },
  savedAt: "2030-01-01T00:00:00.000Z",
  baseUpdatedAt: "2029-12-31T00:00:00.000Z",
};

describe("local drafts", () => {
  let storage: Storage;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal("window", { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("one key per post and one for a new post", () => {
    expect(localDraftKey(7)).not.toBe(localDraftKey(8));
    expect(localDraftKey()).not.toBe(localDraftKey(7));
  });

  it("writes, reads back and removes a copy", () => {
    expect(writeLocalDraft(localDraftKey(7), draft)).toBe(true);
    expect(readLocalDraft(localDraftKey(7))).toEqual(draft);
    expect(readLocalDraft(localDraftKey(8))).toBeUndefined();
    removeLocalDraft(localDraftKey(7));
    expect(readLocalDraft(localDraftKey(7))).toBeUndefined();
  });

  it.each([["not json {"], ["null"], ['"a string"'], ['{"values": 1, "savedAt": "x"}'], ['{"values": {}}']])(
    "ignores junk in storage: %s",
    (raw) => {
      storage.setItem(localDraftKey(1), raw);
      expect(readLocalDraft(localDraftKey(1))).toBeUndefined();
    },
  );

  it("a full storage answers false instead of throwing", () => {
    vi.stubGlobal("window", {
      localStorage: fakeStorage({
        setItem: () => {
          throw new DOMException("quota", "QuotaExceededError");
        },
      }),
    });
    expect(writeLocalDraft(localDraftKey(1), draft)).toBe(false);
  });

  it("storage the browser refuses to open reads as none", () => {
    vi.stubGlobal("window", {
      get localStorage(): Storage {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(readLocalDraft(localDraftKey(1))).toBeUndefined();
    expect(writeLocalDraft(localDraftKey(1), draft)).toBe(false);
    expect(() => removeLocalDraft(localDraftKey(1))).not.toThrow();
  });
});

describe("the save shortcut", () => {
  const key = (init: KeyboardEventInit) =>
    ({ key: "s", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;
  it("is Ctrl+S or Cmd+S, in either case, and nothing else", () => {
    expect(isSaveShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSaveShortcut(key({ ctrlKey: true, key: "S" }))).toBe(true);
    expect(isSaveShortcut(key({}))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveShortcut(key({ ctrlKey: true, key: "d" }))).toBe(false);
  });
});

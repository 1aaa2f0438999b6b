/**
 * The post editor of docs/product.md sections 5 and 9: Quill 2 through react-quill-new (docs/architecture.md section 2).
 *
 * Quill touches `document` when it loads, so it is loaded only in the browser and only when this
 * component mounts: the server and the first client render show a placeholder of the editor's
 * height, then React.lazy imports react-quill-new and its snow theme CSS as their own chunk. Only
 * the admin route imports this file, so no public route's bundle holds Quill.
 *
 * Saving: the editor reports `quill.root.innerHTML`, never getSemanticHTML(), which turns video
 * iframes into links (docs/architecture.md section 2). The form runs prepareContentForSave (editor-content.ts)
 * before it submits.
 */
import { lazy, Suspense, useEffect, useState } from "react";

export type PostEditorProps = {
  id: string;
  value: string;
  onChange: (html: string) => void;
  labelledBy?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The src of every video the writer deleted since the content was loaded (an undo brings one
   * back off the list). Hand it to prepareContentForSave so a deliberate deletion is not undone. */
  onRemovedVideosChange?: (removed: string[]) => void;
  /** Content with videos was loaded: the form decides whether to say so ("Embedded videos found",
   * once per post). Without it, the editor says so at every load. */
  onVideosLoaded?: () => void;
};

export const EDITOR_LOADING_TEXT = "Loading editor...";

const LazyQuillEditor = lazy(() => import("./quill-editor"));

function EditorPlaceholder({ id }: { id: string }) {
  return (
    <div
      id={id}
      className="flex min-h-[300px] items-center justify-center rounded-md border border-slate-300 bg-white text-slate-600"
    >
      {EDITOR_LOADING_TEXT}
    </div>
  );
}

/** The rich-text editor for post content; renders a placeholder on the server. */
export function PostEditor(props: PostEditorProps) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return <EditorPlaceholder id={props.id} />;
  return (
    <Suspense fallback={<EditorPlaceholder id={props.id} />}>
      <LazyQuillEditor {...props} />
    </Suspense>
  );
}

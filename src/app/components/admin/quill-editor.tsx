/**
 * The loaded editor: react-quill-new with our set-up. Only post-editor.tsx imports this module,
 * lazily, so Quill and its theme are one chunk that only the admin pages ever load.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent } from "react";
import ReactQuill, { Quill as QuillClass } from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
// After the theme, so its rules win the ties; only the admin's editor chunk carries them.
import "./post-editor.css";
import type { Delta, EmitterSource } from "quill";
import {
  EMBED_CODE_NOTICE,
  EMBED_CODE_REFUSED_NOTICE,
  VIDEOS_FOUND_NOTICE,
  VIMEO_URL_NOTICE,
  YOUTUBE_URL_NOTICE,
  embedFromUrl,
  embedSrc,
  embedsFromCode,
  isEmbedCode,
  isForeignEmbedCode,
} from "~/shared/embeds";
import { MEDIA_MESSAGES } from "~/shared/media";
import { extractIframes, iframeSrc, videoKey } from "~/app/lib/editor-content";
import { cn } from "~/app/lib/cn";
import { toast } from "~/app/lib/toast";
import type { PostEditorProps } from "./post-editor";
import { FORMATS, insertEmbeds, setupQuill } from "./quill-setup";
import { onUploadProgress, type UploadProgress } from "./quill-uploads";
import { labelToolbar } from "./toolbar-labels";

type ReactQuillProps = ReactQuill.ReactQuillProps;
/** The videos a change deleted from, and inserted into, the document. */
function videoChanges(delta: Delta, before: Delta): { deleted: string[]; inserted: string[] } {
  const deleted: string[] = [];
  const inserted: string[] = [];
  const videoOf = (insert: unknown) =>
    insert && typeof insert === "object" && typeof (insert as { video?: unknown }).video === "string"
      ? (insert as { video: string }).video
      : undefined;
  let index = 0;
  for (const op of delta.ops) {
    if (op.retain !== undefined) index += typeof op.retain === "number" ? op.retain : 1;
    else if (op.delete !== undefined) {
      for (const old of before.slice(index, index + op.delete).ops) {
        const video = videoOf(old.insert);
        if (video) deleted.push(videoKey(video));
      }
      index += op.delete;
    } else {
      const video = videoOf(op.insert);
      if (video) inserted.push(videoKey(video));
    }
  }
  return { deleted, inserted };
}

function QuillEditor({
  id,
  value,
  onChange,
  labelledBy,
  invalid,
  describedBy,
  onRemovedVideosChange,
  onVideosLoaded,
}: PostEditorProps) {
  const quillRef = useRef<ReactQuill>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // The HTML the editor holds: what was last loaded into it or last reported by it. A `value`
  // that differs is a new post (or a reset) loaded from outside.
  const current = useRef<string | null>(null);
  const removed = useRef<string[]>([]);
  const callbacks = useRef({ onChange, onRemovedVideosChange, onVideosLoaded });
  // Uncontrolled on purpose: react-quill-new's controlled mode reloads the editor while React
  // renders and reports the change from there. `value` is loaded by the effect below instead.
  const [initialValue] = useState(value);

  useEffect(() => {
    callbacks.current = { onChange, onRemovedVideosChange, onVideosLoaded };
  });

  const setRemoved = (next: string[]) => {
    removed.current = next;
    callbacks.current.onRemovedVideosChange?.([...next]);
  };

  useEffect(() => {
    const quill = quillRef.current?.getEditor();
    if (!quill || value === current.current) return;
    // The first value went in through defaultValue when Quill was created.
    if (current.current !== null) quill.setContents(quill.clipboard.convert({ html: value }), "silent");
    current.current = value;
    quill.history.clear();
    if (removed.current.length) setRemoved([]);
    // docs/product.md section 8 "Editor notices": once per post loaded with videos (the form remembers it).
    if (extractIframes(value).length) (callbacks.current.onVideosLoaded ?? (() => toast(VIDEOS_FOUND_NOTICE)))();
  }, [value]);

  useEffect(() => {
    const quill = quillRef.current?.getEditor();
    if (!quill) return;
    const onTextChange = (delta: Delta, before: Delta, source: EmitterSource) => {
      if (source !== "user") return;
      const { deleted, inserted } = videoChanges(delta, before);
      if (!deleted.length && !inserted.length) return;
      const next = [...removed.current, ...deleted];
      for (const key of inserted) {
        const at = next.indexOf(key);
        if (at !== -1) next.splice(at, 1);
      }
      setRemoved(next);
    };
    quill.on("text-change", onTextChange);
    return () => void quill.off("text-change", onTextChange);
  }, []);

  // In the commit that creates the toolbar (ReactQuill's componentDidMount), so no screen reader
  // or checker ever meets it unnamed; a passive effect would run only after the browser paints.
  useLayoutEffect(() => {
    if (wrapperRef.current) labelToolbar(wrapperRef.current);
  }, []);

  // Images going up from the image button, a paste or a drop (quill-uploads.ts).
  const [upload, setUpload] = useState<UploadProgress>(null);
  useEffect(() => {
    const quill = quillRef.current?.getEditor();
    return quill ? onUploadProgress(quill, setUpload) : undefined;
  }, []);

  // The editing area is the control the form's label names (docs/architecture.md section 8).
  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) return;
    const set = (name: string, v: string | undefined) => (v ? root.setAttribute(name, v) : root.removeAttribute(name));
    root.id = id;
    // The public post page's typography (post-content.css), so writers see what readers will.
    root.classList.add("post-content");
    set("role", "textbox");
    set("aria-multiline", "true");
    set("aria-labelledby", labelledBy);
    set("aria-describedby", describedBy);
    set("aria-invalid", invalid ? "true" : undefined);
  }, [id, labelledBy, describedBy, invalid]);

  const handleChange: NonNullable<ReactQuillProps["onChange"]> = (_html, _delta, source, editor) => {
    // Only the writer's edits: Quill's own load normalises the HTML, which is no edit, so a post
    // saved without touching its content keeps it byte for byte.
    if (source !== "user") return;
    // root.innerHTML, not getSemanticHTML(), which turns video iframes into links.
    const html = editor.getHTML();
    current.current = html;
    callbacks.current.onChange(html);
  };

  // docs/product.md section 5 "Editor paste rules". Runs in the capture phase, before Quill's own paste
  // handler, which skips an event whose default was prevented.
  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const quill = quillRef.current?.getEditor();
    if (!quill?.isEnabled() || !(event.target instanceof Node) || !quill.root.contains(event.target)) return;
    const range = quill.getSelection(true);
    if (quill.getFormat(range.index, range.length)["code-block"]) return; // code stays text
    const data = event.clipboardData;
    const text = (data.getData("text/plain") || data.getData("text/uri-list")).trim();
    const html = data.getData("text/html");
    const fromUrl = embedFromUrl(text);
    if (fromUrl) {
      event.preventDefault();
      insertEmbeds(quill, setup.Delta, [fromUrl]);
      toast(fromUrl.provider === "youtube" ? YOUTUBE_URL_NOTICE : VIMEO_URL_NOTICE);
    } else if (isEmbedCode(text)) {
      event.preventDefault();
      insertEmbeds(quill, setup.Delta, embedsFromCode(text));
      toast(EMBED_CODE_NOTICE);
    } else if (isForeignEmbedCode(text)) {
      event.preventDefault();
      toast(EMBED_CODE_REFUSED_NOTICE);
    } else if (html) {
      // Quill converts the HTML; the iframe matcher keeps players and drops other frames.
      const frames = extractIframes(html);
      if (frames.length) {
        toast(frames.some((f) => embedSrc(iframeSrc(f) ?? "")) ? EMBED_CODE_NOTICE : EMBED_CODE_REFUSED_NOTICE);
      }
    }
  };

  // docs/product.md section 9: an embedded video is at least 300 px tall in the editor, whatever
  // height its HTML asks for, so a frame stays a frame the writer can see and select.
  return (
    <div
      ref={wrapperRef}
      onPasteCapture={handlePaste}
      className={cn(
        "post-editor rounded-md bg-white text-slate-900",
        "[&_.ql-toolbar]:rounded-t-md [&_.ql-container]:rounded-b-md",
        "[&_.ql-editor]:min-h-[300px] [&_.ql-editor_iframe]:max-w-full [&_.ql-editor_iframe]:min-h-[300px] [&_.ql-editor_img]:h-auto [&_.ql-editor_img]:max-w-full",
        invalid && "[&_.ql-container]:border-red-600 [&_.ql-toolbar]:border-red-600",
      )}
    >
      <ReactQuill
        ref={quillRef}
        theme="snow"
        defaultValue={initialValue}
        onChange={handleChange}
        modules={setup.modules}
        formats={FORMATS}
        useSemanticHTML={false}
        placeholder="Write your post..."
      />
      <UploadStatus progress={upload} />
    </div>
  );
}

/** Announced to screen readers too; the bar is the file's upload progress. */
function UploadStatus({ progress }: { progress: UploadProgress }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        progress ? "flex items-center gap-3 border-t border-slate-200 px-3 py-2 text-sm text-slate-700" : "sr-only"
      }
    >
      {progress && (
        <>
          <span>
            {MEDIA_MESSAGES.uploading} {progress.name} ({progress.percent}%)
          </span>
          <progress value={progress.percent} max={100} className="h-2 flex-1" aria-label={MEDIA_MESSAGES.uploading} />
        </>
      )}
    </div>
  );
}

const setup = setupQuill(QuillClass);

export default QuillEditor;

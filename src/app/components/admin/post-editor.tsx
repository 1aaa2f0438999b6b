/**
 * The post editor of SPEC sections 5 and 9: Quill 2 through react-quill-new (DESIGN.md section 2).
 *
 * Quill touches `document` when it loads, so it is loaded only in the browser and only when this
 * component mounts: the server and the first client render show a placeholder of the editor's
 * height, then React.lazy imports react-quill-new and its snow theme CSS as their own chunk. Only
 * the admin route imports this file, so no public route's bundle holds Quill (issue 4 item 5).
 *
 * Saving: the editor reports `quill.root.innerHTML`, never getSemanticHTML(), which turns video
 * iframes into links (DESIGN.md section 2). The form runs prepareContentForSave (editor-content.ts)
 * before it submits.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent } from "react";
import type ReactQuillComponent from "react-quill-new";
import type Quill from "quill";
import type { Delta, EmitterSource } from "quill";
import {
  EMBED_CODE_NOTICE, EMBED_CODE_REFUSED_NOTICE, VIDEOS_FOUND_NOTICE, VIMEO_URL_NOTICE, YOUTUBE_URL_NOTICE, embedFromUrl,
  embedSize, embedSrc, embedsFromCode, isEmbedCode, isForeignEmbedCode, videoTitle, type Embed,
} from "../../../shared/embeds";
import { extractIframes, iframeSrc, isImageAddress, videoKey } from "../../lib/editor-content";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";

type ReactQuillProps = ReactQuillComponent.ReactQuillProps;

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
};

export const EDITOR_LOADING_TEXT = "Loading editor...";

// SPEC section 5 "Image uploads in the editor accept png, gif, jpeg, bmp and x-icon files". Post
// images are stored as addresses (the sanitizer keeps only http(s) img src, and a base64 image
// would bloat every post), so a dropped or pasted file of these types is not embedded: the writer
// is told to add it by address with the image button, which asks for one.
export const IMAGE_TYPES = ["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon"];
export const IMAGE_UPLOAD_NOTICE = {
  title: "Add images by address",
  description: "Image files are not uploaded into posts. Use the image button and paste the image's https:// address.",
};
export const IMAGE_ADDRESS_NOTICE = {
  title: "Invalid image address",
  description: "An image address must start with https:// or http://.",
};
export const VIDEO_PROMPT = "Paste a YouTube or Vimeo link, or its embed code:";
export const IMAGE_PROMPT = "Image address (https://...):";

// SPEC section 5 "Editor formats allowed" (Quill 2 names: "list" covers ordered and bullet,
// "video" is the iframe). "image" is allowed so images already in a post survive editing.
const FORMATS = [
  "header", "bold", "italic", "underline", "strike", "list", "indent", "link", "blockquote", "code-block",
  "align", "color", "background", "font", "size", "video", "image",
];
// SPEC sections 5 and 9: headings 1-6, fonts serif and monospace, sizes small/large/huge, the
// 35-colour palette (Quill's own, filled in by the snow theme for an empty list), indent -1/+1.
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }, { font: [false, "serif", "monospace"] }, { size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }, { align: [] }],
  ["blockquote", "code-block", "link", "image", "video"],
  ["clean"],
];
// SPEC section 5: links only http, https, mailto and tel; any other becomes a blank address.
const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"];

type QuillStatics = typeof Quill;
type DeltaClass = typeof Delta;
type Setup = { Delta: DeltaClass; modules: NonNullable<ReactQuillProps["modules"]> };

/** A width or height as the sanitizer and Quill keep it: digits, optionally a percentage. */
function dimension(value: string | null, fallback: number): string {
  return value && /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : String(fallback);
}

/** Replaces the selection with the videos, as block embeds of their size, as the writer's edit. */
function insertEmbeds(quill: Quill, DeltaCtor: DeltaClass, embeds: Embed[]) {
  const range = quill.getSelection(true);
  let delta = new DeltaCtor().retain(range.index).delete(range.length);
  let at = range.index;
  // Quill 2 applies a block embed's attributes one position early when it is inserted in the
  // middle of a line (editor.applyDelta's implicit newline), so the size would be lost: end the
  // line first, so the video starts a line of its own.
  if (quill.getLine(range.index)[1] > 0) {
    delta = delta.insert("\n");
    at += 1;
  }
  for (const embed of embeds) {
    delta = delta.insert({ video: embed.src }, { width: String(embed.width), height: String(embed.height) });
  }
  quill.updateContents(delta, "user");
  quill.setSelection(at + embeds.length, 0, "silent");
}

type VideoBlot = {
  sanitize: (url: string) => string;
  create: (value: string) => HTMLElement;
  formats: (node: Element) => Record<string, string>;
  prototype: { format: (this: { domNode: HTMLElement }, name: string, value: unknown) => void };
};

/**
 * Quill's video blot, adjusted: every video gets the canonical player address of shared/embeds.ts
 * (anything else a blank frame, which the server's sanitizer drops), and keeps a `title`, which
 * Quill's own blot loses, so the frame has an accessible name in the editor and on the blog.
 */
function patchVideo(Video: VideoBlot) {
  const { create, formats } = Video;
  const { format } = Video.prototype;
  Video.sanitize = (url) => embedSrc(url) ?? embedFromUrl(url)?.src ?? "about:blank";
  Video.create = function (this: VideoBlot, value) {
    const node = create.call(this, value);
    node.setAttribute("title", videoTitle(node.getAttribute("src") ?? ""));
    return node;
  };
  Video.formats = function (this: VideoBlot, node) {
    const title = node.getAttribute("title");
    return { ...formats.call(this, node), ...(title && { title }) };
  };
  Video.prototype.format = function (name, value) {
    if (name !== "title") return format.call(this, name, value);
    if (typeof value === "string" && value.trim()) this.domNode.setAttribute("title", value.trim().slice(0, 200));
  };
}

/** One-time Quill set-up, run when the lazy chunk loads: link protocols, video src policy and the
 * module options (kept as one object, since react-quill-new rebuilds the editor when they change). */
function setupQuill(QuillClass: QuillStatics): Setup {
  const DeltaCtor = QuillClass.import("delta");
  const Link = QuillClass.import("formats/link") as { PROTOCOL_WHITELIST: string[]; SANITIZED_URL: string };
  Link.PROTOCOL_WHITELIST = LINK_PROTOCOLS;
  Link.SANITIZED_URL = "about:blank";
  patchVideo(QuillClass.import("formats/video") as VideoBlot);

  const modules: Setup["modules"] = {
    toolbar: {
      container: TOOLBAR,
      handlers: {
        // Snow's own video tooltip accepts any address; this one takes YouTube or Vimeo only.
        video(this: { quill: Quill }) {
          const answer = window.prompt(VIDEO_PROMPT);
          if (!answer?.trim()) return;
          const embeds = embedFromUrl(answer) ? [embedFromUrl(answer)!] : embedsFromCode(answer);
          if (!embeds.length) return void toast(EMBED_CODE_REFUSED_NOTICE);
          insertEmbeds(this.quill, DeltaCtor, embeds);
        },
        // Snow's own image button reads a file into a base64 data: URL; see IMAGE_TYPES.
        image(this: { quill: Quill }) {
          const answer = window.prompt(IMAGE_PROMPT);
          if (!answer?.trim()) return;
          if (!isImageAddress(answer)) return void toast(IMAGE_ADDRESS_NOTICE);
          const range = this.quill.getSelection(true);
          this.quill.updateContents(new DeltaCtor().retain(range.index).delete(range.length).insert({ image: answer.trim() }), "user");
          this.quill.setSelection(range.index + 1, 0, "silent");
        },
      },
    },
    // SPEC section 9: edits within 1000 ms merge, at most 100 steps. userOnly: loading a post is
    // not a step the writer can undo into an empty editor.
    history: { delay: 1000, maxStack: 100, userOnly: true },
    clipboard: {
      matchers: [
        // Pasted HTML and loaded posts: a YouTube/Vimeo iframe stays a video with its canonical
        // src and its size (default 560x315 or 640x360); any other iframe is left out.
        [
          "iframe",
          (node: Node) => {
            const element = node as Element;
            const src = embedSrc(element.getAttribute("src") ?? "");
            if (!src) return new DeltaCtor();
            const size = embedSize(src);
            return new DeltaCtor().insert(
              { video: src },
              {
                width: dimension(element.getAttribute("width"), size.width),
                height: dimension(element.getAttribute("height"), size.height),
                title: element.getAttribute("title")?.trim() || videoTitle(src),
              },
            );
          },
        ],
        // An image only by address (a data: image would be dropped by the server's sanitizer).
        ["img", (node: Node, delta: Delta) => (isImageAddress((node as Element).getAttribute("src") ?? "") ? delta : new DeltaCtor())],
      ],
    },
    uploader: {
      mimetypes: IMAGE_TYPES,
      handler() {
        toast(IMAGE_UPLOAD_NOTICE);
      },
    },
    keyboard: {
      // Tab leaves the editor (DESIGN.md section 8: no keyboard trap) instead of typing a tab
      // character; Tab at the start of a list item or indented line still indents it.
      bindings: { tab: { key: "Tab", handler: () => true } },
    },
  };
  return { Delta: DeltaCtor, modules };
}

// Accessible names for the toolbar (Quill's own are "bold", "list: ordered", none on pickers).
const BUTTON_LABELS: Record<string, string> = {
  bold: "Bold", italic: "Italic", underline: "Underline", strike: "Strikethrough", "list:ordered": "Numbered list",
  "list:bullet": "Bulleted list", "indent:-1": "Decrease indent", "indent:+1": "Increase indent", link: "Link",
  blockquote: "Quote", "code-block": "Code block", image: "Insert image by address", video: "Embed YouTube or Vimeo video",
  clean: "Clear formatting",
};
const PICKER_LABELS: Record<string, string> = {
  header: "Heading", font: "Font", size: "Text size", color: "Text colour", background: "Highlight colour", align: "Alignment",
};
const ITEM_LABELS: Record<string, (value: string | null) => string> = {
  header: (v) => (v ? `Heading ${v}` : "Normal text"),
  font: (v) => (v === "serif" ? "Serif" : v === "monospace" ? "Monospace" : "Sans serif"),
  size: (v) => (v ? v[0]!.toUpperCase() + v.slice(1) : "Normal size"),
  align: (v) => (v ? `Align ${v}` : "Align left"),
  color: (v) => v ?? "Default colour",
  background: (v) => v ?? "No highlight",
};

function labelToolbar(container: HTMLElement) {
  const toolbar = container.querySelector(".ql-toolbar");
  if (!toolbar) return;
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", "Formatting");
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>("button")) {
    const format = [...button.classList].find((c) => c.startsWith("ql-"))?.slice(3) ?? "";
    const label = BUTTON_LABELS[button.value ? `${format}:${button.value}` : format] ?? BUTTON_LABELS[format];
    if (label) button.setAttribute("aria-label", label);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>(".ql-picker")) {
    const format = [...picker.classList].find((c) => c.startsWith("ql-") && c !== "ql-picker" && !c.endsWith("-picker"))?.slice(3) ?? "";
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", PICKER_LABELS[format] ?? format);
    for (const item of picker.querySelectorAll<HTMLElement>(".ql-picker-item")) {
      item.setAttribute("aria-label", ITEM_LABELS[format]?.(item.getAttribute("data-value")) ?? item.getAttribute("data-value") ?? format);
    }
  }
  container.querySelector(".ql-tooltip input[type=text]")?.setAttribute("aria-label", "Link address");
}

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

type LoadedProps = PostEditorProps & { ReactQuill: typeof ReactQuillComponent; setup: Setup };

function QuillEditor({ ReactQuill, setup, id, value, onChange, labelledBy, invalid, describedBy, onRemovedVideosChange }: LoadedProps) {
  const quillRef = useRef<ReactQuillComponent>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // The HTML the editor holds: what was last loaded into it or last reported by it. A `value`
  // that differs is a new post (or a reset) loaded from outside.
  const current = useRef<string | null>(null);
  const removed = useRef<string[]>([]);
  const callbacks = useRef({ onChange, onRemovedVideosChange });
  // Uncontrolled on purpose: react-quill-new's controlled mode reloads the editor while React
  // renders and reports the change from there. `value` is loaded by the effect below instead.
  const [initialValue] = useState(value);

  useEffect(() => {
    callbacks.current = { onChange, onRemovedVideosChange };
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
    // SPEC section 8 "Editor notices": once per post loaded with videos.
    if (extractIframes(value).length) toast(VIDEOS_FOUND_NOTICE);
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

  useEffect(() => {
    if (wrapperRef.current) labelToolbar(wrapperRef.current);
  }, []);

  // The editing area is the control the form's label names (DESIGN.md section 8).
  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) return;
    const set = (name: string, v: string | undefined) => (v ? root.setAttribute(name, v) : root.removeAttribute(name));
    root.id = id;
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

  // SPEC section 5 "Editor paste rules". Runs in the capture phase, before Quill's own paste
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

  return (
    <div
      ref={wrapperRef}
      onPasteCapture={handlePaste}
      className={cn(
        "rounded-md bg-white text-slate-900",
        "[&_.ql-toolbar]:rounded-t-md [&_.ql-container]:rounded-b-md [&_.ql-container]:text-base",
        "[&_.ql-editor]:min-h-[300px] [&_.ql-editor_iframe]:max-w-full",
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
    </div>
  );
}

const LazyQuillEditor = lazy(async () => {
  const [{ default: ReactQuill, Quill: QuillClass }] = await Promise.all([
    import("react-quill-new"),
    import("react-quill-new/dist/quill.snow.css"),
  ]);
  const setup = setupQuill(QuillClass);
  return { default: (props: PostEditorProps) => <QuillEditor {...props} ReactQuill={ReactQuill} setup={setup} /> };
});

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

/** One-time Quill set-up for the post editor: formats, toolbar, link protocols, video and image rules. */
import type ReactQuillComponent from "react-quill-new";
import type Quill from "quill";
import type { Delta, Range } from "quill";
import {
  EMBED_CODE_REFUSED_NOTICE,
  embedFromUrl,
  embedSize,
  embedSrc,
  embedsFromCode,
  videoTitle,
  type Embed,
} from "~/shared/embeds";
import { isImageAddress } from "~/app/lib/editor-content";
import { toast } from "~/app/lib/toast";
import { IMAGE_TYPES, VIDEO_PROMPT } from "./editor-notices";
import { registerFigure } from "./quill-figure";
import { uploadIntoEditor } from "./quill-uploads";

type ReactQuillProps = ReactQuillComponent.ReactQuillProps;
// docs/product.md section 5 "Editor formats allowed" (Quill 2 names: "list" covers ordered and bullet,
// "video" is the iframe). "image" is allowed so images already in a post survive editing, and
// "figure" is an image with its alt text and caption (quill-figure.ts).
export const FORMATS = [
  "header",
  "bold",
  "italic",
  "underline",
  "strike",
  "list",
  "indent",
  "link",
  "blockquote",
  "code-block",
  "align",
  "color",
  "background",
  "font",
  "size",
  "video",
  "image",
  "figure",
];
// docs/product.md sections 5 and 9: headings 1-6, sizes small/large/huge, the 35-colour palette (Quill's
// own, filled in by the snow theme for an empty list), indent -1/+1. No font picker: the editor writes
// in the post page's own typeface (docs/decisions/171-the-editor-in-the-post-typography.md); a post that
// carries a font keeps it, since `font` stays among the formats.
const TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }, { size: ["small", false, "large", "huge"] }],
  ["bold", "italic", "underline", "strike"],
  [{ color: [] }, { background: [] }],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }, { align: [] }],
  ["blockquote", "code-block", "link", "image", "video"],
  ["clean"],
];
// docs/product.md section 5: links only http, https, mailto and tel; any other becomes a blank address.
const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"];

type QuillStatics = typeof Quill;
export type DeltaClass = typeof Delta;
export type Setup = { Delta: DeltaClass; modules: NonNullable<ReactQuillProps["modules"]> };

/** A width or height as the sanitizer and Quill keep it: digits, optionally a percentage. */
function dimension(value: string | null, fallback: number): string {
  return value && /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : String(fallback);
}

/** Replaces the selection with the videos, as block embeds of their size, as the writer's edit. */
export function insertEmbeds(quill: Quill, DeltaCtor: DeltaClass, embeds: Embed[]) {
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
export function setupQuill(QuillClass: QuillStatics): Setup {
  const DeltaCtor = QuillClass.import("delta");
  const Link = QuillClass.import("formats/link") as { PROTOCOL_WHITELIST: string[]; SANITIZED_URL: string };
  Link.PROTOCOL_WHITELIST = LINK_PROTOCOLS;
  Link.SANITIZED_URL = "about:blank";
  patchVideo(QuillClass.import("formats/video") as VideoBlot);
  registerFigure(QuillClass);

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
      },
    },
    // docs/product.md section 9: edits within 1000 ms merge, at most 100 steps. userOnly: loading a post is
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
        [
          "img",
          (node: Node, delta: Delta) =>
            isImageAddress((node as Element).getAttribute("src") ?? "") ? delta : new DeltaCtor(),
        ],
      ],
    },
    // The image button (snow's own file picker), paste and drop: the files are uploaded
    // (docs/architecture.md section 4) and inserted by address, never as base64 data.
    uploader: {
      mimetypes: IMAGE_TYPES,
      handler(this: { quill: Quill }, range: Range, files: File[]) {
        void uploadIntoEditor(this.quill, DeltaCtor, range, files);
      },
    },
    keyboard: {
      // Tab leaves the editor (docs/architecture.md section 8: no keyboard trap) instead of typing a tab
      // character; Tab at the start of a list item or indented line still indents it.
      bindings: { tab: { key: "Tab", handler: () => true } },
    },
  };
  return { Delta: DeltaCtor, modules };
}

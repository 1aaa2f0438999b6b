/**
 * A post's content as the blocks the editor writes it in: paragraphs, headings, list items, figures
 * (an image with its caption), embedded videos, quotes and code. Both the editor's own HTML
 * (Quill 2's `root.innerHTML`) and stored content (written by src/server/posts/content.ts) are read
 * here, so each block carries a key that is the same whichever of the two wrote it: what a reader
 * would see, not how the attributes were spelled. The merge of a refused save compares blocks by
 * that key (docs/decisions/200-conflicts-merged-by-block.md). Browser only: it parses with
 * DOMParser, like editor-content.ts (docs/decisions/036-editor-html-through-domparser.md).
 */
import { embedSrc } from "~/shared/embeds";
import { parseEditorHtml } from "./editor-content";

export type BlockKind = "paragraph" | "heading" | "list-item" | "figure" | "embed" | "quote" | "code" | "other";

export type ContentBlock = {
  kind: BlockKind;
  /** The block's HTML as it is saved; a list item's without its list. */
  html: string;
  /** A list item's list, as its opening tag (`<ol>`): neighbours in the same list are written in one. */
  list?: string;
  /** A list item's marker: "bullet", "ordered", "checked" or "unchecked". */
  marker?: string;
  /** What makes two blocks the same, whichever of the editor or the sanitizer wrote them. */
  key: string;
  /** The block's words, with its images and videos named, for the conflict view. */
  text: string;
  hasImage: boolean;
  hasVideo: boolean;
};

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const BLOCK_TAGS = new Set([
  ...HEADINGS,
  "p",
  "ol",
  "ul",
  "li",
  "figure",
  "iframe",
  "blockquote",
  "pre",
  "div",
  "table",
  "hr",
]);
// Attributes the editor adds for itself and the sanitizer drops: not part of what a block says.
const EDITOR_ATTRIBUTES = new Set(["contenteditable", "spellcheck", "data-editor-only"]);
// The sanitizer keeps both spellings; Quill writes the second.
const SAME_TAG: Record<string, string> = { b: "strong", i: "em" };

/** A node as a key: tags (one spelling), attributes sorted without the editor's own, and text. */
function canonical(node: Node, skip: ReadonlySet<string> = EDITOR_ATTRIBUTES): string {
  if (node.nodeType === 3) return (node as Text).data.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  if (node.nodeType !== 1) return "";
  const element = node as Element;
  const tag = SAME_TAG[element.localName] ?? element.localName;
  const attributes = [...element.attributes]
    .filter(({ name }) => !skip.has(name))
    .map(({ name, value }) => ` ${name}="${value.replace(/"/g, "&quot;")}"`)
    .sort()
    .join("");
  return `<${tag}${attributes}>${[...element.childNodes].map((child) => canonical(child)).join("")}</${tag}>`;
}

const wordsOf = (node: Node) => (node.textContent ?? "").replace(/\s+/g, " ").trim();

function block(kind: BlockKind, nodes: Node[], key: string, extra: Partial<ContentBlock> = {}): ContentBlock {
  const holder = nodes[0]!.ownerDocument!.createElement("div");
  holder.append(...nodes.map((node) => node.cloneNode(true)));
  return {
    kind,
    html: holder.innerHTML,
    key,
    text: wordsOf(holder),
    hasImage: holder.querySelector("img") !== null,
    hasVideo: holder.querySelector("iframe") !== null,
    ...extra,
  };
}

/** A video as its player and size: the editor and the sanitizer spell the rest of the frame apart. */
function embedKey(frame: Element | null): string {
  const src = frame?.getAttribute("src") ?? "";
  return `embed ${embedSrc(src) ?? src.trim()} ${frame?.getAttribute("width") ?? ""}x${frame?.getAttribute("height") ?? ""}`;
}

function figureKey(figure: Element): string {
  const image = figure.querySelector("img");
  const caption = figure.querySelector("figcaption");
  return `figure ${image?.getAttribute("src") ?? ""} ${image?.getAttribute("alt") ?? ""} ${caption ? wordsOf(caption) : ""}`;
}

function listItems(list: Element): ContentBlock[] {
  const opening = canonical(list.cloneNode(false)).replace(/<\/\w+>$/, "");
  const items: ContentBlock[] = [];
  for (const child of list.childNodes) {
    if (child.nodeType === 3 && !wordsOf(child)) continue;
    const item = child as Element;
    // Quill 2 writes every list as <ol> and says on each item what it is; older content says it by the list.
    const marker = item.getAttribute?.("data-list") ?? (list.localName === "ul" ? "bullet" : "ordered");
    const key = `li ${marker} ${canonical(item, new Set([...EDITOR_ATTRIBUTES, "data-list"]))}`;
    items.push(block("list-item", [child], key, { list: opening, marker }));
  }
  return items;
}

function elementBlocks(element: Element): ContentBlock[] {
  const tag = element.localName;
  if (tag === "ol" || tag === "ul") return listItems(element);
  if (tag === "figure") return [block("figure", [element], figureKey(element))];
  if (tag === "iframe") return [block("embed", [element], embedKey(element))];
  if (tag === "div" && element.classList.contains("video-container")) {
    return [block("embed", [element], embedKey(element.querySelector("iframe")))];
  }
  const kind: BlockKind =
    tag === "p"
      ? "paragraph"
      : HEADINGS.has(tag)
        ? "heading"
        : tag === "blockquote"
          ? "quote"
          : tag === "pre" || element.classList.contains("ql-code-block-container")
            ? "code"
            : "other";
  return [block(kind, [element], canonical(element))];
}

/**
 * The blocks of `html`, in order. Text and inline elements between blocks (stored content written
 * by hand, or an image on its own) are one paragraph together, keyed as the `<p>` the editor would
 * make of them.
 */
export function contentBlocks(html: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let run: Node[] = [];
  const endRun = () => {
    if (run.some((node) => node.nodeType === 1 || wordsOf(node))) {
      blocks.push(block("paragraph", run, `<p>${run.map((node) => canonical(node)).join("")}</p>`));
    }
    run = [];
  };
  for (const node of parseEditorHtml(html).childNodes) {
    if (node.nodeType === 1 && BLOCK_TAGS.has((node as Element).localName)) {
      endRun();
      blocks.push(...elementBlocks(node as Element));
    } else if (node.nodeType === 1 || node.nodeType === 3) {
      run.push(node);
    }
  }
  endRun();
  return blocks;
}

/** Blocks back into content: neighbouring items of one list go in one list again. */
export function blocksHtml(blocks: readonly ContentBlock[]): string {
  let html = "";
  let openList: string | undefined;
  for (const { html: blockHtml, list } of blocks) {
    if (openList !== list) {
      if (openList) html += `</${/^<(\w+)/.exec(openList)![1]}>`;
      if (list) html += list;
      openList = list;
    }
    html += blockHtml;
  }
  if (openList) html += `</${/^<(\w+)/.exec(openList)![1]}>`;
  return html;
}

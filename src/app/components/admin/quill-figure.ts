import type Quill from "quill";
import type { BlockEmbed as BlockEmbedBlot } from "quill/blots/block";
import { isImageAddress } from "~/app/lib/editor-content";

/** What the editor keeps of an image with its alt text and caption. */
type FigureValue = { src: string; alt: string; caption: string };

/**
 * An image with its alt text and an optional caption, as the block `<figure><img><figcaption>`
 * (docs/decisions/117-images-with-alt-text-and-captions.md). The caption is text the writer edits
 * beside the editor (image-text-panel.tsx), so the figure is not editable in place, like a video.
 * A figure whose image has no address the content policy keeps is read as its parts instead.
 */
export function registerFigure(QuillClass: typeof Quill): void {
  const BlockEmbed = QuillClass.import("blots/block/embed") as typeof BlockEmbedBlot;

  class Figure extends BlockEmbed {
    static blotName = "figure";
    static tagName = "FIGURE";

    static create(input: unknown): Node {
      const value = input as FigureValue;
      const node = super.create(value) as HTMLElement;
      node.setAttribute("contenteditable", "false");
      const image = document.createElement("img");
      image.setAttribute("src", value.src);
      image.setAttribute("alt", value.alt);
      node.append(image);
      if (value.caption) {
        const caption = document.createElement("figcaption");
        caption.textContent = value.caption;
        node.append(caption);
      }
      return node;
    }

    static value(node: HTMLElement): FigureValue | undefined {
      const image = node.querySelector("img");
      const src = image?.getAttribute("src") ?? "";
      // Quill's clipboard reads a figure without a value as its parts (its image and its caption's text).
      if (!isImageAddress(src)) return undefined;
      const caption = node.querySelector("figcaption")?.textContent?.trim() ?? "";
      return { src, alt: image?.getAttribute("alt") ?? "", caption };
    }
  }

  QuillClass.register(Figure, true);
}

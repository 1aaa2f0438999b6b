/**
 * The alt text and caption of the images in a post's HTML (docs/decisions/117-images-with-alt-text-and-captions.md).
 * Like editor-content.ts it runs in the browser only and parses with DOMParser, which builds an
 * inert document (docs/decisions/036-editor-html-through-domparser.md). An image with a caption is
 * a `<figure>` holding the `<img>` and a `<figcaption>`, the markup the sanitizer keeps and the
 * editor's figure blot (quill-figure.ts) writes.
 */

/** One image of the post, in document order. */
export type ImageText = { src: string; alt: string; caption: string };

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(html ?? "", "text/html").body;
}

const captionOf = (image: Element) =>
  image.parentElement?.localName === "figure"
    ? (image.parentElement.querySelector(":scope > figcaption")?.textContent ?? "")
    : "";

/** Every image in the HTML with its alt text and caption. */
export function imagesIn(html: string): ImageText[] {
  return [...parse(html).querySelectorAll("img")].map((image) => ({
    src: image.getAttribute("src") ?? "",
    alt: image.getAttribute("alt") ?? "",
    caption: captionOf(image),
  }));
}

/** The images a reader of a screen reader would learn nothing from: no alt text, or only spaces. */
export function imagesWithoutAlt(html: string): (ImageText & { index: number })[] {
  return imagesIn(html)
    .map((image, index) => ({ ...image, index }))
    .filter((image) => !image.alt.trim());
}

/**
 * The HTML with the `index`th image given this alt text and caption. The image becomes a figure
 * of its own (a block, where the editor can hold it), in place of the paragraph that held only it,
 * or after the paragraph it shared with text; an empty caption leaves the figure without one.
 * Any other HTML is left as the browser wrote it.
 */
export function withImageText(html: string, index: number, text: { alt: string; caption: string }): string {
  const root = parse(html);
  const image = root.querySelectorAll("img")[index];
  if (!image) return html;
  image.setAttribute("alt", text.alt.trim());
  const figure = image.parentElement?.localName === "figure" ? image.parentElement : figureFor(image, root);
  figure.querySelectorAll(":scope > figcaption").forEach((old) => old.remove());
  const caption = text.caption.trim();
  if (caption) {
    const element = root.ownerDocument.createElement("figcaption");
    element.textContent = caption;
    figure.append(element);
  }
  return root.innerHTML;
}

/** Moves the image into a new top-level figure, where its paragraph was or right after it. */
function figureFor(image: HTMLImageElement, root: HTMLElement): HTMLElement {
  const figure = root.ownerDocument.createElement("figure");
  let block: Element = image;
  while (block.parentElement && block.parentElement !== root) block = block.parentElement;
  if (block === image) {
    image.replaceWith(figure);
  } else {
    block.after(figure);
    // A paragraph left with nothing but a line break was the image's own line.
    if (!(block.textContent ?? "").trim() && block.querySelectorAll("img, iframe").length === 1) block.remove();
  }
  figure.append(image);
  return figure;
}

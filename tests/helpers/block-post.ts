/**
 * A post's content with every kind of block the editor writes: a paragraph, a figure (an image with
 * its caption), a heading, a bullet list, an embedded video and a closing paragraph, in the HTML
 * the editor saves. `editor: true` writes it as Quill's root.innerHTML holds it, list markers and
 * all. The merge tests change one block or another through the options.
 */
export const BLOCK_POST_VIDEO = "https://www.youtube.com/embed/dQw4w9WgXcQ";

export type BlockPostOptions = {
  intro?: string;
  image?: string;
  caption?: string;
  items?: string[];
  outro?: string;
  editor?: boolean;
};

export const BLOCK_POST_ITEMS = ["Scan tickets early", "Open more gates", "Tell people the wait"];

export function blockPost({
  intro = "Crowds come in waves.",
  image = "/media/gate.jpg",
  caption = "Gate 3 at noon",
  items = BLOCK_POST_ITEMS,
  outro = "That is all.",
  editor = false,
}: BlockPostOptions = {}): string {
  const marker = editor ? '<span class="ql-ui" contenteditable="false"></span>' : "";
  const figure =
    `<figure${editor ? ' contenteditable="false"' : ""}><img src="${image}" alt="Gate 3 at noon">` +
    `<figcaption>${caption}</figcaption></figure>`;
  const video =
    `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${BLOCK_POST_VIDEO}" ` +
    `title="YouTube video player" width="560" height="315"></iframe>`;
  const list = items.map((item) => `<li data-list="bullet">${marker}${item}</li>`).join("");
  return `<p>${intro}</p>${figure}<h2>What helps</h2><ol>${list}</ol>${video}<p>${outro}</p>`;
}

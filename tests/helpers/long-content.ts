/**
 * Post content as a writer's long article holds it: paragraphs with bold, italics, underlines and
 * links (some opening a new tab, which sanitizing gives a `rel`), images, headings and lists, about
 * `length` characters long and never nested more than a few levels.
 */
export function longArticle(length: number): string {
  const parts: string[] = [];
  let total = 0;
  for (let n = 1; total < length; n += 1) {
    let part =
      `<p>Paragraph ${n}: visitors <strong>wait where they like</strong> and <em>arrive just in time</em>; ` +
      `<a href="https://example.com/guide/${n}" target="_blank">the guide, part ${n}</a> explains ` +
      `<u>how</u> and <s>why not</s>.</p>`;
    if (n % 5 === 0) part += `<p><img src="/media/picture-${n}.png" alt="Queue number ${n}"></p>`;
    if (n % 7 === 0) {
      part +=
        `<h2>Section ${n}</h2><ol><li data-list="bullet">Fewer <em>lines</em></li>` +
        `<li data-list="ordered">Shorter waits</li></ol>`;
    }
    parts.push(part);
    total += part.length;
  }
  return parts.join("");
}

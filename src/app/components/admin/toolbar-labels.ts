// Accessible names for the toolbar (Quill's own are "bold", "list: ordered", none on pickers).
const BUTTON_LABELS: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strike: "Strikethrough",
  "list:ordered": "Numbered list",
  "list:bullet": "Bulleted list",
  "indent:-1": "Decrease indent",
  "indent:+1": "Increase indent",
  link: "Link",
  blockquote: "Quote",
  "code-block": "Code block",
  image: "Insert image by address",
  video: "Embed YouTube or Vimeo video",
  clean: "Clear formatting",
};
const PICKER_LABELS: Record<string, string> = {
  header: "Heading",
  font: "Font",
  size: "Text size",
  color: "Text colour",
  background: "Highlight colour",
  align: "Alignment",
};
const ITEM_LABELS: Record<string, (value: string | null) => string> = {
  header: (v) => (v ? `Heading ${v}` : "Normal text"),
  font: (v) => (v === "serif" ? "Serif" : v === "monospace" ? "Monospace" : "Sans serif"),
  size: (v) => (v ? v[0]!.toUpperCase() + v.slice(1) : "Normal size"),
  align: (v) => (v ? `Align ${v}` : "Align left"),
  color: (v) => v ?? "Default colour",
  background: (v) => v ?? "No highlight",
};

export function labelToolbar(container: HTMLElement) {
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
    const format =
      [...picker.classList].find((c) => c.startsWith("ql-") && c !== "ql-picker" && !c.endsWith("-picker"))?.slice(3) ??
      "";
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", PICKER_LABELS[format] ?? format);
    for (const item of picker.querySelectorAll<HTMLElement>(".ql-picker-item")) {
      item.setAttribute(
        "aria-label",
        ITEM_LABELS[format]?.(item.getAttribute("data-value")) ?? item.getAttribute("data-value") ?? format,
      );
    }
  }
  container.querySelector(".ql-tooltip input[type=text]")?.setAttribute("aria-label", "Link address");
}

import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { BlockData } from "~/app/components/blocks/block-data";
import { PageBlocks } from "~/app/components/blocks/page-blocks";
import { Button } from "~/app/components/ui/button";
import type { Block } from "~/shared/blocks";
import { PAGE_EDITOR_MESSAGES as M } from "~/shared/page-editor";

export const PREVIEW_WIDTHS = { desktop: 1280, phone: 390 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

/**
 * The page as visitors will see it, beside the form, updated as the team types
 * (docs/decisions/271-live-preview-in-a-frame.md): the public page's own PageBlocks, rendered by
 * this React tree through a portal into an empty same-origin frame that carries the site's
 * stylesheet. The frame has its own viewport, so the blocks' phone and desktop layouts (their
 * media queries) apply at the chosen width, and its ids and h1 stay out of the admin's document.
 * Links and forms in it do nothing: the preview never leaves the editor or sends a message.
 */
export function PagePreview({
  title,
  blocks,
  data,
  selected,
}: {
  title: string;
  blocks: readonly Block[];
  data: BlockData;
  /** The block whose form is open: the preview scrolls to it. */
  selected?: string;
}) {
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [room, setRoom] = useState({ width: 640, height: 640 });

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const setUp = () => {
      const doc = iframe.contentDocument;
      if (!doc) return;
      doc.documentElement.lang = document.documentElement.lang || "en";
      doc.head.replaceChildren(
        ...[...document.querySelectorAll('style, link[rel="stylesheet"]')].map((node) => node.cloneNode(true)),
      );
      doc.body.className = document.body.className;
      const main = doc.createElement("main");
      doc.body.replaceChildren(main);
      setMount(main);
    };
    // A frame without a src has its empty document at once; a browser that loads it later says so.
    setUp();
    iframe.addEventListener("load", setUp);
    return () => iframe.removeEventListener("load", setUp);
  }, []);

  // Nothing in the preview navigates or posts: a section link scrolls within it, the rest is still.
  useEffect(() => {
    const doc = mount?.ownerDocument;
    if (!doc) return;
    const stayOnClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      const href = link.getAttribute("href") ?? "";
      if (href.startsWith("#")) doc.getElementById(href.slice(1))?.scrollIntoView({ block: "start" });
    };
    const staySubmit = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    doc.addEventListener("click", stayOnClick, true);
    doc.addEventListener("submit", staySubmit, true);
    return () => {
      doc.removeEventListener("click", stayOnClick, true);
      doc.removeEventListener("submit", staySubmit, true);
    };
  }, [mount]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      setRoom({
        width: element.clientWidth,
        height: Math.max(480, window.innerHeight - element.getBoundingClientRect().top - 24),
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The open block's section in view: the shown blocks are the frame's sections, in order.
  const shown = blocks.filter((block) => !block.hidden);
  const index = shown.findIndex((block) => block.id === selected);
  useEffect(() => {
    if (!mount || index < 0) return;
    const sections = [...mount.children].filter((child) => child.tagName !== "H1");
    sections[index]?.scrollIntoView({ block: "start" });
  }, [mount, index]);

  const width = PREVIEW_WIDTHS[device];
  const scale = Math.min(1, room.width / width);
  const height = Math.round(room.height / scale);
  return (
    <section aria-labelledby="page-preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="page-preview-heading" className="font-semibold text-slate-900">
          {M.preview}
        </h3>
        <div className="flex gap-2" role="group" aria-label={M.width}>
          {(Object.keys(PREVIEW_WIDTHS) as PreviewDevice[]).map((d) => (
            <Button
              key={d}
              type="button"
              size="sm"
              variant={d === device ? "default" : "outline"}
              aria-pressed={d === device}
              onClick={() => setDevice(d)}
            >
              {d === "desktop" ? M.desktop : M.phone}
            </Button>
          ))}
        </div>
      </div>
      <div ref={box} className="w-full">
        <div
          className="mx-auto overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm"
          style={{ width: width * scale, height: height * scale }}
        >
          <iframe
            ref={frame}
            title={M.previewFrame(width)}
            data-device={device}
            width={width}
            height={height}
            style={{ transform: `scale(${scale})`, transformOrigin: "0 0" }}
            className="block border-0 bg-white"
          />
        </div>
      </div>
      {mount && createPortal(<PageBlocks title={title} blocks={blocks} data={data} />, mount)}
    </section>
  );
}

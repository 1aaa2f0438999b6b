import { lazy, memo, Suspense, useEffect, useMemo, useState, type ComponentType } from "react";
import { useNavigate } from "react-router";
import type { Block, BlockType } from "~/shared/blocks";
import { BLOCKS_WITH_BROWSER_CODE } from "~/shared/blocks/browser-code";
import { BlockDataProvider, EMPTY_BLOCK_DATA, type BlockData } from "./block-data";
import { scrollToSection } from "../scroll-link";
import { PageTitle } from "./page-title";

type View<T extends BlockType> = ComponentType<{ block: Extract<Block, { type: T }> }>;

/** Each block type's component, in a file of its own, so a page loads only the types it shows. */
const LOADERS: { [T in BlockType]: () => Promise<View<T>> } = {
  hero: () => import("./hero-block").then((m) => m.HeroBlock),
  richText: () => import("./rich-text-block").then((m) => m.RichTextBlock),
  featureGrid: () => import("./feature-grid-block").then((m) => m.FeatureGridBlock),
  steps: () => import("./steps-block").then((m) => m.StepsBlock),
  callToAction: () => import("./call-to-action-block").then((m) => m.CallToActionBlock),
  faq: () => import("./faq-block").then((m) => m.FaqBlock),
  testimonial: () => import("./testimonial-block").then((m) => m.TestimonialBlock),
  logoStrip: () => import("./logo-strip-block").then((m) => m.LogoStripBlock),
  figures: () => import("./figures-block").then((m) => m.FiguresBlock),
  image: () => import("./image-block").then((m) => m.ImageBlock),
  video: () => import("./video-block").then((m) => m.VideoBlock),
  industryCards: () => import("./industry-cards-block").then((m) => m.IndustryCardsBlock),
  latestPosts: () => import("./latest-posts-block").then((m) => m.LatestPostsBlock),
  contactForm: () => import("./contact-form-block").then((m) => m.ContactFormBlock),
  subscribe: () => import("./subscribe-block").then((m) => m.SubscribeBlock),
  pricingTable: () => import("./pricing-table-block").then((m) => m.PricingTableBlock),
};

const VIEWS = Object.fromEntries(
  Object.entries(LOADERS).map(([type, load]) => [type, lazy(() => load().then((view) => ({ default: view })))]),
) as unknown as Record<BlockType, ComponentType<{ block: Block }>>;

/**
 * Whether this render is the server's or React hydrating the page as served: root.tsx marks the
 * document once it has hydrated, so any later render (a page reached by a link inside the site)
 * is the browser's own.
 */
const asServed = () => typeof document === "undefined" || !document.documentElement.hasAttribute("data-hydrated");

/** An element's content React leaves as the server sent it: hydrating it reads none of it. */
const SERVER_HTML = { __html: "" };

/**
 * The mark of a block's box, served or rendered (useServedBlockLinks): the server writes it with
 * the block, and hydration keeps the server's attributes.
 */
const BOX = { "data-block": "" };

/**
 * A served block's links are the server's HTML, which React does not handle. A click on one its
 * component renders as the router's link (React Router marks those `data-discover`) navigates in
 * the app as that link would, and one to a section of the page scrolls there as a ScrollLink
 * does, instead of loading the next page from the server. A click with a modifier key or another
 * button, or on a link to a new tab or a download, stays the browser's.
 */
function useServedBlockLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !link.closest("[data-block]")) return;
      if (link.target || link.hasAttribute("download")) return;
      const href = link.getAttribute("href")!;
      if (href.startsWith("#")) {
        if (scrollToSection(href.slice(1))) event.preventDefault();
      } else if (link.hasAttribute("data-discover")) {
        event.preventDefault();
        void navigate(href);
      }
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}

/**
 * One block:
 * - a type that runs in the browser (a form) loads its code and, while the page hydrates, comes
 *   alive in a Suspense boundary of its own when the code arrives;
 * - a type that is HTML alone is, on a page as served, the server's HTML in a box that takes no
 *   room (`display: contents`); React hydrates the box and never reads or loads what is in it.
 *   It stays so while the block is the one served: other content under the same id (the next
 *   page's block, reached by a link) renders anew, in a new box;
 * - rendered in the browser (a page reached by a link inside the site), a block loads its code
 *   and renders; no boundary of its own, so the navigation waits for it and the page appears
 *   whole, its anchors in place.
 * Memoised by content, so a revalidation (after a form is sent) that brings equal blocks leaves
 * them as they are.
 */
const PublicBlock = memo(
  function PublicBlock({ block }: { block: Block }) {
    const content = JSON.stringify(block);
    const [served] = useState(() => (asServed() ? content : undefined));
    const View = VIEWS[block.type];
    if (BLOCKS_WITH_BROWSER_CODE.has(block.type)) {
      return served !== undefined ? (
        <Suspense>
          <View block={block} />
        </Suspense>
      ) : (
        <View block={block} />
      );
    }
    if (served === content && typeof document !== "undefined") {
      return (
        <div
          key="served"
          className="contents"
          {...BOX}
          suppressHydrationWarning
          dangerouslySetInnerHTML={SERVER_HTML}
        />
      );
    }
    return (
      <div key="rendered" className="contents" {...BOX}>
        <View block={block} />
      </div>
    );
  },
  (before, after) => JSON.stringify(before.block) === JSON.stringify(after.block),
);

/**
 * A page of blocks as visitors see it, the home page and every other
 * (docs/decisions/281-blocks-load-only-their-own-code.md): its title rule and its shown blocks,
 * each type's code loaded only when the browser has to render or run it, so a public page
 * carries no code for blocks it does not show or that are HTML alone.
 */
export function PublicBlocks({
  title,
  blocks,
  data = EMPTY_BLOCK_DATA,
}: {
  title: string;
  blocks: readonly Block[];
  data?: BlockData;
}) {
  // Equal data after a revalidation is the same object, so the context wakes no kept block.
  const json = JSON.stringify(data);
  const stable = useMemo(() => JSON.parse(json) as BlockData, [json]);
  useServedBlockLinks();
  return (
    <>
      <PageTitle title={title} blocks={blocks} />
      <BlockDataProvider data={stable}>
        {blocks.map((block) => (block.hidden ? null : <PublicBlock key={block.id} block={block} />))}
      </BlockDataProvider>
    </>
  );
}

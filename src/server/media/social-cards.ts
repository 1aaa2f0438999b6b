import { createHash } from "node:crypto";
import type { Resvg as ResvgClass } from "@resvg/resvg-wasm";
import type Satori from "satori";
import { readFile } from "node:fs/promises";
import { Router } from "express";
import { BLOG_MESSAGES } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { findIndustry, INDUSTRIES } from "~/shared/industries";
import { SOCIAL_CARD } from "~/shared/media";
import { SITE } from "~/shared/site";
import { ByteLru } from "~/server/page-cache/byte-lru";
import type { Store } from "~/server/store/types";
import { cardLayout, type CardText } from "./card-layout";
import type { MediaLibrary } from "./media-library";
import { mediaHashesIn } from "./media-refs";
import { PACKAGE_FILES, readPackageFile } from "./package-files";

/**
 * Social cards: 1200x630 PNGs for `og:image` and `twitter:image` (SVG is not shown by Facebook,
 * X or LinkedIn). Laid out by satori and drawn by resvg compiled to WebAssembly, so they are made
 * the same way inside the single executable (docs/decisions/025-images-in-pure-javascript-and-webassembly.md).
 * Each card is made once and kept in memory; a change to the posts drops the posts' cards.
 */
const KEEP_BYTES = 32 * 1024 * 1024;
/** Covers resvg can draw (it reads PNG, JPEG and GIF). */
const DRAWABLE = new Set(["jpg", "png", "gif"]);

type Renderer = {
  satori: typeof Satori;
  Resvg: typeof ResvgClass;
  fonts: { name: string; data: Buffer; weight: 400 | 800; style: "normal" }[];
};
let renderer: Promise<Renderer> | undefined;

/** Loaded on the first card (the command line never needs it); resvg's WebAssembly is set up once per process. */
function setUp(): Promise<Renderer> {
  renderer ??= (async () => {
    const [{ default: satori }, { initWasm, Resvg }] = await Promise.all([
      import("satori"),
      import("@resvg/resvg-wasm"),
    ]);
    await initWasm(readPackageFile(PACKAGE_FILES.resvgWasm));
    return {
      satori,
      Resvg,
      fonts: [
        {
          name: "Inter",
          data: readPackageFile(PACKAGE_FILES.interRegular),
          weight: 400 as const,
          style: "normal" as const,
        },
        {
          name: "Inter",
          data: readPackageFile(PACKAGE_FILES.interBold),
          weight: 800 as const,
          style: "normal" as const,
        },
      ],
    };
  })();
  return renderer;
}

export async function renderCard(text: CardText): Promise<Buffer> {
  const { satori, Resvg, fonts } = await setUp();
  const svg = await satori(cardLayout(text) as Parameters<typeof satori>[0], { ...SOCIAL_CARD, fonts });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "width", value: SOCIAL_CARD.width } }).render().asPng());
}

export function createSocialCards({ store, media }: { store: Store; media: MediaLibrary }) {
  type Card = { png: Buffer; etag: string };
  const pages = new ByteLru<Card>(KEEP_BYTES / 4);
  const posts = new ByteLru<Card>(KEEP_BYTES);
  const making = new Map<string, Promise<Card | undefined>>();
  /** Bumped on every change of the posts: a card begun before it is not kept after it. */
  let generation = 0;
  store.onChange((kind) => {
    if (kind !== "posts" && kind !== "tags") return;
    generation++;
    posts.clear();
    making.clear();
  });

  /** The cover as a data URL when it is one of our raster images; other addresses are never fetched. */
  async function coverOf(url: string | undefined): Promise<string | undefined> {
    const [hash] = mediaHashesIn(url);
    const image = hash ? await media.byHash(hash) : undefined;
    if (!image || !DRAWABLE.has(image.ext)) return undefined;
    const best = (await media.locate(`/media/${image.hash}-1600w.${image.ext}`)) ?? (await media.locate(image.url));
    if (!best) return undefined;
    return `data:${best.type};base64,${(await readFile(best.file)).toString("base64")}`;
  }

  async function textFor(key: string): Promise<CardText | undefined> {
    if (key === "home")
      return { kicker: SITE.tagline, title: SITE.name, footer: SITE.description.split(". ")[0] ?? "" };
    if (key === "blog") return { kicker: SITE.name, title: BLOG_MESSAGES.title, footer: BLOG_MESSAGES.intro };
    if (key === "industries")
      return { kicker: SITE.name, title: INDUSTRIES.map((i) => i.title).join(" · "), footer: SITE.tagline };
    const industry = /^industries\/([a-z0-9-]+)$/.exec(key);
    if (industry) {
      const found = findIndustry(industry[1]!);
      return found && { kicker: "Industries", title: found.title, footer: found.description };
    }
    const post = /^posts\/(\d+)-[0-9a-z]+$/.exec(key);
    if (post) {
      const found = await store.getPostById(Number(post[1]));
      if (!found?.published) return undefined;
      const cover = await coverOf(found.coverImage);
      return {
        kicker: `${SITE.name} ${BLOG_MESSAGES.title}`,
        title: found.title || BLOG_MESSAGES.untitled,
        footer: formatDate(found.createdAt, BLOG_MESSAGES.dateUnavailable),
        ...(cover && { cover }),
      };
    }
    return undefined;
  }

  /** The card for `/social/<key>.png`, made on first request; undefined for a key that names nothing. */
  async function card(key: string) {
    const cacheKey = key.replace(/^(posts\/\d+)-[0-9a-z]+$/, "$1");
    const kept = cacheKey.startsWith("posts/") ? posts : pages;
    const hit = kept.get(cacheKey);
    if (hit) return hit;
    let pending = making.get(cacheKey);
    const started = generation;
    pending ??= (async () => {
      const text = await textFor(key);
      if (!text) return undefined;
      const png = await renderCard(text);
      const made = { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
      if (started === generation) kept.set(cacheKey, made, png.length);
      return made;
    })().finally(() => {
      if (making.get(cacheKey) === pending) making.delete(cacheKey);
    });
    making.set(cacheKey, pending);
    return pending;
  }

  const router = Router();
  router.get(/^\/social\/([a-z0-9/-]+)\.png$/, async (req, res) => {
    const key = (req.params as Record<string, string>)[0]!;
    const found = await card(key);
    if (!found) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.set({ "Cache-Control": "public, max-age=3600", ETag: found.etag, "X-Content-Type-Options": "nosniff" });
    res.type("png").send(found.png);
  });

  return { card, router };
}

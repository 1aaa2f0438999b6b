import { createHash } from "node:crypto";
import { SOCIAL_CARDS_FOLDER } from "./media-names";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { Router } from "express";
import { BLOG_MESSAGES } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { shownIndustries } from "~/shared/site-content";
import { SITE } from "~/shared/site";
import type { Block } from "~/shared/blocks";
import { pageLead } from "~/shared/page-appearance";
import { ByteLru } from "~/server/page-cache/byte-lru";
import { cardLayout, type CardText } from "./card-layout";
import { drawCard } from "./card-worker";
import { AUTHOR_MESSAGES, displayNameOf } from "~/shared/authors";
import { authorsOf } from "~/server/posts/post-authors";
import { writeFileDurably } from "~/server/store/durable-file-adapter";
import { makeFolder } from "~/server/store/make-folder";
import type { MediaFile, MediaLibrary } from "./media-library";
import { mediaHashesIn } from "./media-refs";
import type { Store } from "~/server/records/store";

/**
 * Social cards: 1200x630 PNGs for `og:image` and `twitter:image` (SVG is not shown by Facebook,
 * X or LinkedIn). Laid out by satori and drawn by resvg compiled to WebAssembly in a worker
 * thread (card-worker.ts), so they are made the same way inside the single executable (docs/decisions/025-images-in-pure-javascript-and-webassembly.md).
 * Each card is drawn once and kept in the media cache under a hash of what it shows, so a change
 * to a post's title, date or cover draws a new one and anything else reuses the kept file.
 */
const KEEP_BYTES = 32 * 1024 * 1024;
/** Part of every card's hash: bump it when card-layout.ts changes, so kept cards are drawn again. */
const CARD_DESIGN = 1;
/** Covers resvg can draw (it reads PNG, JPEG and GIF). */
const DRAWABLE = new Set(["jpg", "png", "gif"]);

/** Cards drawn by this process since it started; tests read it to see a kept card used. */
let drawn = 0;
export const cardsDrawn = () => drawn;

export function renderCard(text: CardText): Promise<Buffer> {
  drawn++;
  return drawCard(cardLayout(text));
}

/** What a card shows, with its cover as a file of ours that is read only when the card is drawn. */
type CardInputs = { text: CardText; cover?: MediaFile };

/** A bio is a line or two on a card: past this many characters it is cut at a word. */
const CARD_FOOTER = 110;
const cardFooter = (text: string) =>
  text.length <= CARD_FOOTER ? text : `${text.slice(0, CARD_FOOTER).replace(/\s+\S*$/, "")}…`;

/** A kept card's file name: its page, then a hash of everything it shows, so a change makes a new file. */
const CARD_FILE = /^(.+)-([0-9a-f]{64})\.png$/;

export function createSocialCards({ store, media }: { store: Store; media: MediaLibrary }) {
  type Card = { png: Buffer; etag: string };
  /**
   * Drawn cards live on disk in the media cache (docs/architecture.md section 4: what can always be
   * made again), so each is drawn once, also across restarts; the most used stay in memory too.
   */
  const folder = path.join(media.cacheDir, SOCIAL_CARDS_FOLDER);
  const kept = new ByteLru<Card>(KEEP_BYTES);
  const making = new Map<string, Promise<Card | undefined>>();

  /** The cover when it is one of our raster images; other addresses are never fetched. */
  async function coverOf(url: string | undefined): Promise<MediaFile | undefined> {
    const [hash] = mediaHashesIn(url);
    const image = hash ? await media.byHash(hash) : undefined;
    if (!image || !DRAWABLE.has(image.ext)) return undefined;
    return (await media.locate(`/media/${image.hash}-1600w.${image.ext}`)) ?? (await media.locate(image.url));
  }

  async function inputsFor(key: string): Promise<CardInputs | undefined> {
    if (key === "home")
      return { text: { kicker: SITE.tagline, title: SITE.name, footer: SITE.description.split(". ")[0] ?? "" } };
    if (key === "blog") return { text: { kicker: SITE.name, title: BLOG_MESSAGES.title, footer: BLOG_MESSAGES.intro } };
    // The published site content's industries (docs/product.md section 10).
    const industries = shownIndustries((await store.getSite()).published);
    if (key === "industries")
      return { text: { kicker: SITE.name, title: industries.map((i) => i.title).join(" · "), footer: SITE.tagline } };
    const industry = /^industries\/([a-z0-9-]+)$/.exec(key);
    if (industry) {
      const found = industries.find((i) => i.id === industry[1]);
      return found && { text: { kicker: "Industries", title: found.title, footer: found.description } };
    }
    const post = /^posts\/(\d+)-[0-9a-z]+$/.exec(key);
    if (post) {
      const found = await store.getPostById(Number(post[1]));
      if (!found?.published) return undefined;
      const cover = await coverOf(found.coverImage);
      const text = {
        kicker: `${SITE.name} ${BLOG_MESSAGES.title}`,
        title: found.title || BLOG_MESSAGES.untitled,
        footer: formatDate(found.publishedAt ?? found.createdAt, BLOG_MESSAGES.dateUnavailable),
      };
      return { text, ...(cover && { cover }) };
    }
    const page = /^pages\/(\d+)-[0-9a-z]+$/.exec(key);
    if (page) {
      const found = await store.getPageById(Number(page[1]));
      if (!found?.published) return undefined;
      const text = {
        kicker: SITE.name,
        title: found.title,
        footer: cardFooter(pageLead(found.blocks as unknown as Block[])),
      };
      const cover = await coverOf(found.socialImage);
      return { text, ...(cover && { cover }) };
    }
    const author = /^authors\/(\d+)$/.exec(key);
    if (author) return authorCard(Number(author[1]));
    return undefined;
  }

  /** An author page's card: their name and bio, only while the page exists (an author with a published post). */
  async function authorCard(id: number): Promise<CardInputs | undefined> {
    const user = await store.getUserById(id);
    if (!user || !(await store.publishedPosts()).some((post) => authorsOf(post).includes(id))) return undefined;
    const name = displayNameOf(user);
    return {
      text: {
        kicker: AUTHOR_MESSAGES.kicker,
        title: name,
        footer: cardFooter(user.bio ?? AUTHOR_MESSAGES.pageTitle(name)),
      },
    };
  }

  /** Draws the card and keeps it on disk under `name`, removing the page's older cards. */
  async function draw(page: string, name: string, { text, cover }: CardInputs): Promise<Buffer> {
    const withCover = cover
      ? { ...text, cover: `data:${cover.type};base64,${(await readFile(cover.file)).toString("base64")}` }
      : text;
    const png = await renderCard(withCover);
    await makeFolder(folder);
    await writeFileDurably(path.join(folder, name), png);
    const older = (await readdir(folder)).filter((file) => file !== name && CARD_FILE.exec(file)?.[1] === page);
    await Promise.all(older.map((file) => rm(path.join(folder, file), { force: true })));
    return png;
  }

  /** The card for `/social/<key>.png`, drawn on first request; undefined for a key that names nothing. */
  async function card(key: string): Promise<Card | undefined> {
    const inputs = await inputsFor(key);
    if (!inputs) return undefined;
    const page = key.replace(/^((?:posts|pages)\/\d+)-[0-9a-z]+$/, "$1").replaceAll("/", "-");
    const hash = createHash("sha256")
      .update(JSON.stringify([CARD_DESIGN, inputs.text, inputs.cover?.etag]))
      .digest("hex");
    const name = `${page}-${hash}.png`;
    const hit = kept.get(name);
    if (hit) return hit;
    let pending = making.get(name);
    pending ??= (async () => {
      const png = (await readFile(path.join(folder, name)).catch(() => undefined)) ?? (await draw(page, name, inputs));
      const made = { png, etag: `"${hash.slice(0, 27)}"` };
      kept.set(name, made, png.length);
      return made;
    })().finally(() => making.delete(name));
    making.set(name, pending);
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

import { readFileSync } from "node:fs";

export type StockPost = { slug: string; title: string; summary: string; createdAt: string; content: string };

/**
 * The one post, read once at start from the JSON file the bench writes (STOCK_POST_FILE): the bench
 * sizes its content so the page weighs what the site's post page weighs.
 */
const post = JSON.parse(readFileSync(process.env.STOCK_POST_FILE!, "utf8")) as StockPost;

export const findPost = (slug: string): StockPost | undefined => (slug === post.slug ? post : undefined);

import { createReadStream } from "node:fs";
import { SaxesParser } from "saxes";
import { IMPORT_MESSAGES } from "~/shared/import";
import { ImportFileError } from "./import-errors";

/**
 * WordPress's export (WXR 1.1 and 1.2) read as a stream with saxes: never a DOM of the whole
 * document, so a file of 10,000 posts takes the memory of one item at a time
 * (docs/decisions/250-imports-in-journalled-batches.md). Each element of the channel and of an item
 * is kept by its name (`wp:post_id`, `content:encoded`); categories and postmeta as lists.
 */
export type WxrItem = {
  fields: Record<string, string>;
  /** `<category domain="category|post_tag" nicename="slug">Name</category>`. */
  terms: { domain: string; slug: string; name: string }[];
  meta: Record<string, string>;
};
export type WxrChannel = {
  fields: Record<string, string>;
  authors: Record<string, string>[];
  categories: Record<string, string>[];
  tags: Record<string, string>[];
};
export type WxrEvent = { kind: "channel"; channel: WxrChannel } | { kind: "item"; item: WxrItem };

const WP_NAMESPACE = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/?$/;

/**
 * The channel (once its first item starts, or at the end when there is none), then each item.
 * Throws ImportFileError for a file that is not WXR (before any event) and for XML cut off or
 * damaged (after the events read so far).
 */
export async function* readWxr(file: string, label = file): AsyncGenerator<WxrEvent> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const ready: WxrEvent[] = [];
  const channel: WxrChannel = { fields: {}, authors: [], categories: [], tags: [] };
  let channelSent = false;
  let root: string | undefined;
  const stack: string[] = [];
  let text = "";
  let item: WxrItem | undefined;
  let term: { domain: string; slug: string } | undefined;
  let group: Record<string, string> | undefined;
  let metaKey: string | undefined;
  let metaValue: string | undefined;
  let failure: Error | undefined;

  const sendChannel = () => {
    if (channelSent) return;
    channelSent = true;
    ready.push({ kind: "channel", channel });
  };

  parser.on("error", (error) => {
    failure ??= root === undefined ? new ImportFileError(IMPORT_MESSAGES.notWordPress(label)) : error;
  });
  parser.on("opentag", (tag) => {
    if (root === undefined) {
      root = tag.name;
      const namespaced = Object.entries(tag.attributes).some(
        ([name, value]) => name.startsWith("xmlns:") && WP_NAMESPACE.test(String(value)),
      );
      if (tag.name !== "rss" || !namespaced) failure ??= new ImportFileError(IMPORT_MESSAGES.notWordPress(label));
    }
    stack.push(tag.name);
    text = "";
    const attrs = tag.attributes as Record<string, string>;
    if (tag.name === "item" && stack.length === 3) {
      sendChannel();
      item = { fields: {}, terms: [], meta: {} };
    } else if (item && tag.name === "category")
      term = { domain: attrs.domain ?? "category", slug: attrs.nicename ?? "" };
    else if (!item && ["wp:author", "wp:category", "wp:tag", "wp:term"].includes(tag.name)) group = {};
    else if (item && tag.name === "wp:postmeta") {
      metaKey = undefined;
      metaValue = undefined;
    }
  });
  const addText = (t: string) => {
    text += t;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    stack.pop();
    const name = tag.name;
    if (item) {
      if (name === "item") {
        ready.push({ kind: "item", item });
        item = undefined;
      } else if (name === "category" && term) {
        item.terms.push({ ...term, name: text.trim() });
        term = undefined;
      } else if (name === "wp:meta_key") metaKey = text;
      else if (name === "wp:meta_value") metaValue = text;
      else if (name === "wp:postmeta") {
        if (metaKey !== undefined) item.meta[metaKey] = metaValue ?? "";
      } else if (stack.length === 3) item.fields[name] = text;
    } else if (group) {
      if (name === "wp:author") channel.authors.push(group);
      else if (name === "wp:category") channel.categories.push(group);
      else if (name === "wp:tag" || name === "wp:term") channel.tags.push(group);
      else group[name] = text;
      if (["wp:author", "wp:category", "wp:tag", "wp:term"].includes(name)) group = undefined;
    } else if (stack.length === 2) channel.fields[name] = text;
    text = "";
  });

  const stream = createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      if (failure) break;
      yield* ready.splice(0);
    }
    if (!failure) parser.close();
  } finally {
    stream.destroy();
  }
  if (root === undefined && !failure) failure = new ImportFileError(IMPORT_MESSAGES.notWordPress(label));
  if (failure instanceof ImportFileError) throw failure;
  if (failure) throw new ImportFileError(IMPORT_MESSAGES.badXml(label, failure.message.split("\n")[0]!), 1);
  sendChannel();
  yield* ready.splice(0);
}

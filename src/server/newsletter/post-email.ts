import { escapeHtml } from "~/shared/escape-html";
import { NEWSLETTER_MESSAGES as M } from "~/shared/newsletter";
import { SITE } from "~/shared/site";
import { textOfHtml } from "~/server/search/snippet";

/**
 * A post as an email (docs/decisions/247-newsletter-sends-through-the-outbox.md): HTML that common
 * mail clients render (inline styles, no stylesheet, no script, images by absolute URL, videos as
 * a linked thumbnail or a link, since no client plays an iframe) and a plain-text part. Links go
 * straight to where they point: no tracking pixel, no rewritten link.
 */
export type PostEmail = { subject: string; html: string; text: string };

const STYLE: Record<string, string> = {
  p: "margin:0 0 16px;font-size:16px;line-height:1.6;color:#1e293b",
  h1: "margin:24px 0 12px;font-size:26px;line-height:1.3;color:#0f172a",
  h2: "margin:24px 0 12px;font-size:22px;line-height:1.3;color:#0f172a",
  h3: "margin:20px 0 10px;font-size:18px;line-height:1.3;color:#0f172a",
  ul: "margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.6;color:#1e293b",
  ol: "margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.6;color:#1e293b",
  blockquote: "margin:0 0 16px;padding-left:16px;border-left:4px solid #cbd5e1;color:#475569",
  pre: "margin:0 0 16px;padding:12px;background:#f1f5f9;font-size:14px;white-space:pre-wrap",
  a: "color:#2563eb;text-decoration:underline",
  img: "display:block;max-width:100%;height:auto;border:0",
};

/** An address of the site made absolute: mail clients have no page to resolve `/media/...` against. */
const absolute = (url: string, base: string) => {
  try {
    return new URL(url, `${base}/`).href;
  } catch {
    return url;
  }
};

/** An embedded video's iframe as a link a reader can follow: YouTube's with its thumbnail. */
function videoLink(src: string): string {
  const youtube = /youtube(?:-nocookie)?\.com\/embed\/([\w-]{11})/.exec(src)?.[1];
  if (youtube) {
    const watch = `https://www.youtube.com/watch?v=${youtube}`;
    const thumb = `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg`;
    return (
      `<p style="${STYLE.p}"><a href="${watch}" style="${STYLE.a}"><img src="${thumb}" alt="${escapeHtml(M.watchVideo)}" ` +
      `width="480" style="${STYLE.img};width:480px"></a><br><a href="${watch}" style="${STYLE.a}">${escapeHtml(M.watchVideo)}</a></p>`
    );
  }
  const vimeo = /player\.vimeo\.com\/video\/(\d+)/.exec(src)?.[1];
  const href = vimeo ? `https://vimeo.com/${vimeo}` : src;
  return `<p style="${STYLE.p}"><a href="${escapeHtml(href)}" style="${STYLE.a}">${escapeHtml(M.watchVideo)}</a></p>`;
}

/**
 * The post's sanitized content (src/server/posts/content.ts: an allowlist, so attributes are
 * quoted and iframes are only YouTube's and Vimeo's) made fit for mail.
 */
export function emailHtmlOf(content: string, base: string): string {
  return (
    content
      .replace(/<iframe\b[^>]*\bsrc="([^"]*)"[^>]*>\s*<\/iframe>/gi, (_, src: string) =>
        videoLink(src.replace(/&amp;/g, "&")),
      )
      .replace(
        /\b(src|href)="(\/[^"]*)"/g,
        (_, attr: string, url: string) => `${attr}="${escapeHtml(absolute(url, base))}"`,
      )
      // Each element its inline style (a mail client drops a <style> block or a class's rules).
      .replace(/<(p|h1|h2|h3|ul|ol|blockquote|pre|a|img)\b(?![^>]*\bstyle=)/gi, (tag, name: string) => {
        const style = STYLE[name.toLowerCase()];
        return style ? `${tag} style="${style}"` : tag;
      })
  );
}

/** The plain-text part: the words, a line per block, each link's address after its text. */
export function emailTextOf(content: string, base: string): string {
  const withLinks = content
    .replace(/<iframe\b[^>]*\bsrc="([^"]*)"[^>]*>\s*<\/iframe>/gi, (_, src: string) => `\n${M.watchVideo}: ${src}\n`)
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const url = absolute(href.replace(/&amp;/g, "&"), base);
      const words = textOfHtml(inner);
      return words && words !== url ? `${inner} (${url})` : url;
    })
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, "\n");
  return withLinks
    .split("\n")
    .map((line) => textOfHtml(line))
    .filter((line, i, all) => line !== "" || (i > 0 && all[i - 1] !== ""))
    .join("\n")
    .trim();
}

/** What the email shows of a post: its content sanitized as pages show it, and its shown cover. */
export type EmailedPost = { title: string; slug: string; content: string; cover?: string };

export function postEmail(
  post: EmailedPost,
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl: string },
): PostEmail {
  const postUrl = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  const cover = post.cover
    ? `<img src="${escapeHtml(absolute(post.cover, publicUrl))}" alt="" width="600" style="${STYLE.img};width:100%;margin:0 0 20px">`
    : "";
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(post.title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f8fafc">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px">` +
    `<tr><td style="padding:32px;font-family:Helvetica,Arial,sans-serif">` +
    `<p style="margin:0 0 16px;font-size:14px;color:#64748b">${escapeHtml(SITE.name)}</p>` +
    cover +
    `<h1 style="${STYLE.h1};margin-top:0"><a href="${escapeHtml(postUrl)}" style="color:#0f172a;text-decoration:none">${escapeHtml(post.title)}</a></h1>` +
    emailHtmlOf(post.content, publicUrl) +
    `<p style="margin:24px 0"><a href="${escapeHtml(postUrl)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;` +
    `border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(M.readOnSite)}</a></p>` +
    `<p style="margin:32px 0 0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(M.footer(SITE.name))} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#64748b;text-decoration:underline">${escapeHtml(M.unsubscribeLink)}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;
  const text = [
    post.title,
    "",
    emailTextOf(post.content, publicUrl),
    "",
    `${M.readOnSite}: ${postUrl}`,
    "",
    "--",
    M.footer(SITE.name),
    `${M.unsubscribeLink}: ${unsubscribeUrl}`,
  ].join("\n");
  return { subject: post.title, html, text };
}

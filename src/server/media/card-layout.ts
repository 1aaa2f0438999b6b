import { SOCIAL_CARD } from "~/shared/media";
import { SITE } from "~/shared/site";

/**
 * The picture of a social card, as the element tree satori lays out (its flexbox subset; see
 * satori's documentation): brand colours and logo, a kicker, the title, and a date line; with
 * a cover, the cover fills the card under a dark veil so the title stays readable.
 */
type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };

const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  props: Record<string, unknown> = {},
): Node => ({
  type,
  props: { ...props, style, ...(children !== undefined && { children }) },
});

// The logo of public/logo.svg, drawn inline so the card needs no file.
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4338ca"/>' +
    '<circle cx="16" cy="32" r="6" fill="#c7d2fe"/><circle cx="32" cy="32" r="6" fill="#a5b4fc"/>' +
    '<circle cx="48" cy="32" r="7" fill="#fff"/><path d="M12 46h40" stroke="#c7d2fe" stroke-width="3" stroke-linecap="round"/></svg>',
).toString("base64")}`;

export type CardText = { kicker: string; title: string; footer: string; cover?: string };

export function cardLayout({ kicker, title, footer, cover }: CardText): Node {
  const size = title.length > 90 ? 48 : title.length > 50 ? 58 : 68;
  const layers: Node[] = [];
  if (cover) {
    layers.push(
      el(
        "img",
        {
          position: "absolute",
          top: 0,
          left: 0,
          width: SOCIAL_CARD.width,
          height: SOCIAL_CARD.height,
          objectFit: "cover",
        },
        undefined,
        {
          src: cover,
          width: SOCIAL_CARD.width,
          height: SOCIAL_CARD.height,
        },
      ),
      el("div", {
        position: "absolute",
        top: 0,
        left: 0,
        width: SOCIAL_CARD.width,
        height: SOCIAL_CARD.height,
        backgroundImage: "linear-gradient(180deg, rgba(30,27,75,0.35) 0%, rgba(30,27,75,0.9) 100%)",
      }),
    );
  }
  return el(
    "div",
    {
      display: "flex",
      position: "relative",
      width: SOCIAL_CARD.width,
      height: SOCIAL_CARD.height,
      backgroundImage: "linear-gradient(135deg, #1e1b4b 0%, #312e81 45%, #4f46e5 100%)",
      fontFamily: "Inter",
      color: "#ffffff",
    },
    [
      ...layers,
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          position: "relative",
          // Margins rather than padding: satori sizes boxes without their padding.
          width: SOCIAL_CARD.width - 144,
          height: SOCIAL_CARD.height - 128,
          margin: "64px 72px",
        },
        [
          el("div", { display: "flex", alignItems: "center" }, [
            el("img", { width: 72, height: 72, borderRadius: 16 }, undefined, { src: LOGO, width: 72, height: 72 }),
            el("div", { marginLeft: 24, fontSize: 40, fontWeight: 800 }, SITE.name),
          ]),
          el("div", { display: "flex", flexDirection: "column" }, [
            el(
              "div",
              { fontSize: 28, color: "#c7d2fe", textTransform: "uppercase", letterSpacing: 3, marginBottom: 18 },
              kicker,
            ),
            el("div", { display: "block", fontSize: size, fontWeight: 800, lineHeight: 1.1, lineClamp: 3 }, title),
          ]),
          el("div", { display: "flex", fontSize: 26, color: "#e0e7ff" }, footer),
        ],
      ),
    ],
  );
}

import type { Block } from "./blocks";
import { escapeHtml } from "./escape-html";
import type { BlockIconName } from "./blocks/block-icons";
import type { SiteHome } from "./site-content";

/** The home page's title: its hero's headline is its h1, the title names it in the Pages list. */
export const HOME_PAGE_TITLE = "Home";

const withIcons = <T extends { title: string; text: string }>(cards: readonly T[], icons: readonly BlockIconName[]) =>
  cards.map((card, i) => ({ icon: icons[i] ?? "sparkles", title: card.title, text: card.text }));

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * The home page as blocks, made once from the site content's published home part on the first
 * start of the release that made the home a page of blocks
 * (docs/decisions/280-the-home-page-is-a-page-of-blocks.md): the same sections in the same order,
 * words and anchors (/#about, /#core-tech, /#industries, /#contact) and the looks decision 275
 * gave them. The home's rules hold by these blocks: the hero's buttons scroll to the industries
 * and the contact form, the industry cards show three features each, the contact form comes last.
 */
export function homePageBlocks(home: SiteHome): Block[] {
  const { hero, about, howItWorks, coreTech, facts, industriesSection, cta, contact } = home;
  const panels = coreTech.blocks
    .map(
      (panel) =>
        `<h3>${escapeHtml(panel.title)}</h3>${paragraph(panel.text)}` +
        `<ul>${panel.points.map((point) => `<li>${escapeHtml(point)}</li>`).join("")}</ul>`,
    )
    .join("");
  return [
    {
      id: "hero",
      type: "hero",
      badge: hero.eyebrow,
      headline: hero.headline,
      lead: hero.subheadline,
      buttons: [
        { label: hero.primaryButton, href: "#industries" },
        { label: hero.secondaryButton, href: "#contact" },
      ],
      visual: { kind: "mock" },
    },
    {
      id: "highlights",
      type: "featureGrid",
      columns: 3,
      items: withIcons(hero.cards, ["clock", "shield-check", "sparkles"]),
    },
    {
      id: "about",
      anchor: "about",
      type: "richText",
      variant: "plain",
      html: `<h2>${escapeHtml(about.title)}</h2>${about.paragraphs.map(paragraph).join("")}`,
    },
    {
      id: "about-cards",
      type: "featureGrid",
      variant: "plain",
      columns: 3,
      items: withIcons(about.cards, ["lightbulb", "code-xml", "puzzle"]),
      buttons: [{ label: about.productButton.label, href: about.productButton.url }],
    },
    {
      id: "how-it-works",
      type: "steps",
      variant: "dark",
      title: howItWorks.title,
      intro: howItWorks.intro,
      items: withIcons(howItWorks.steps, ["qr-code", "coffee", "bell-ring", "user-check"]),
    },
    {
      id: "core-tech",
      anchor: "core-tech",
      type: "richText",
      variant: "tinted",
      html: `<h2>${escapeHtml(coreTech.title)}</h2>${paragraph(coreTech.intro)}${panels}`,
    },
    {
      id: "benefits",
      type: "featureGrid",
      variant: "tinted",
      title: coreTech.benefits.title,
      columns: 3,
      items: withIcons(coreTech.benefits.items, ["timer", "layers", "chart-column"]),
    },
    { id: "figures", type: "figures", variant: "dark", title: facts.title, items: facts.items },
    {
      id: "industries",
      anchor: "industries",
      type: "industryCards",
      variant: "tinted",
      title: industriesSection.title,
      intro: industriesSection.intro,
      industries: [],
      featureCount: 3,
      linkLabel: industriesSection.learnMoreLabel,
      exploreAllLabel: industriesSection.exploreAllLabel,
    },
    {
      id: "call-to-action",
      type: "callToAction",
      variant: "dark",
      headline: cta.headline,
      text: cta.text,
      button: { label: cta.button, href: "#contact" },
    },
    {
      id: "contact",
      anchor: "contact",
      type: "contactForm",
      variant: "plain",
      title: contact.title,
      intro: contact.intro,
    },
  ] as Block[];
}

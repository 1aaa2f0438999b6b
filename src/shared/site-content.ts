import "./zod-jitless";
import { z } from "zod";
import { can } from "./permissions";
import {
  INDUSTRY_ICON_NAMES,
  INDUSTRY_SCENE_NAMES,
  type IndustryIconName,
  type IndustrySceneName,
} from "./industry-art";

/**
 * The site's own copy as data (docs/product.md section 10): the home page, the industries and the
 * site's links, in one document the admin's Site tab edits as a draft and publishes together.
 * The same schemas check the Site tab's form and every server write, so the limits and their
 * messages are the same on both sides. Every field is plain text: pages render it as text, never
 * as HTML. Isomorphic: no DOM and no Node APIs.
 */

export const SITE_CONTENT_MESSAGES = {
  required: "Required.",
  tooLong: (max: number) => `At most ${max} characters.`,
  headlineRequired: "The site needs a headline.",
  link: "Use an http:// or https:// address, or a path on this site that starts with /.",
  url: "Use an http:// or https:// address.",
  industryId: "Use lower-case letters, digits and single hyphens, such as theme-parks.",
  duplicateId: "Another industry already has this id.",
  duplicateKey: "Two industries share one internal key.",
  tooFew: (min: number) => `Keep at least ${min}.`,
  tooMany: (max: number) => `At most ${max}.`,
  icon: "Choose one of the pictures.",
  pageMissing: "No page has this id: choose one of the site's pages.",
  invalid: "The site content has errors: fix the highlighted fields and try again.",
  saved: "Draft saved.",
  published: "Published: the site shows the draft now.",
  restored: "Revision restored and published.",
  nothingToPublish: "The draft is the same as the published site.",
  revisionNotFound: "No such revision.",
  editorsOnly: "Only admins and editors may edit the site.",
} as const;

export { INDUSTRY_ICON_NAMES, INDUSTRY_SCENE_NAMES, type IndustryIconName, type IndustrySceneName };

/** Field lengths, shown as counters in the Site tab. */
export const SITE_LIMITS = {
  label: 40,
  title: 80,
  headline: 120,
  line: 160,
  text: 400,
  paragraph: 1500,
  id: 60,
  url: 2000,
  industries: 30,
  listItems: 8,
} as const;

const M = SITE_CONTENT_MESSAGES;

/** Trimmed plain text of at most `max` characters; required unless `optional`. */
export const siteText = (
  max: number,
  { optional = false, required = M.required }: { optional?: boolean; required?: string } = {},
) =>
  optional
    ? z.string({ error: M.required }).trim().max(max, M.tooLong(max))
    : z.string({ error: required }).trim().min(1, required).max(max, M.tooLong(max));

const list = <T extends z.ZodType>(item: T, min: number, max: number) =>
  z.array(item).min(min, M.tooFew(min)).max(max, M.tooMany(max));

/** http(s) addresses only: a `javascript:` or `data:` link can never reach a page. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname !== "";
}

/** A path on this site ("/blog", "/#about"), never one a browser reads as another host ("//x", "/\x"). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value);
}

const httpUrl = z
  .string({ error: M.url })
  .trim()
  .max(SITE_LIMITS.url, M.tooLong(SITE_LIMITS.url))
  .refine(isHttpUrl, M.url);
const siteLink = z
  .string({ error: M.link })
  .trim()
  .max(SITE_LIMITS.url, M.tooLong(SITE_LIMITS.url))
  .refine((v) => isHttpUrl(v) || isSitePath(v), M.link);

const card = z.object({ title: siteText(SITE_LIMITS.title), text: siteText(SITE_LIMITS.text) });
const cards3 = z.tuple([card, card, card]);
const block = z.object({
  title: siteText(SITE_LIMITS.title),
  text: siteText(SITE_LIMITS.text),
  points: list(siteText(SITE_LIMITS.line), 1, SITE_LIMITS.listItems),
});
const heading = { title: siteText(SITE_LIMITS.title), intro: siteText(SITE_LIMITS.text) };

export const siteHomeSchema = z.object({
  hero: z.object({
    /** The short line above the headline. */
    eyebrow: siteText(SITE_LIMITS.title),
    headline: siteText(SITE_LIMITS.headline, { required: M.headlineRequired }),
    subheadline: siteText(SITE_LIMITS.text),
    primaryButton: siteText(SITE_LIMITS.label),
    secondaryButton: siteText(SITE_LIMITS.label),
    /** Time-Saving, Reliable, Innovative. */
    cards: cards3,
  }),
  about: z.object({
    title: siteText(SITE_LIMITS.title),
    paragraphs: list(siteText(SITE_LIMITS.paragraph), 1, 4),
    /** Innovative Approach, API-Driven, Industry Adaptability. */
    cards: cards3,
    /** The button that opens the sister product in a new tab. */
    productButton: z.object({ label: siteText(SITE_LIMITS.label), url: httpUrl }),
  }),
  /** The visitor's path through a queue, in four steps. */
  howItWorks: z.object({ ...heading, steps: z.tuple([card, card, card, card]) }),
  coreTech: z.object({
    ...heading,
    /** Intelligent Queue Management, API-First Architecture. */
    blocks: z.tuple([block, block]),
    benefits: z.object({ title: siteText(SITE_LIMITS.title), items: cards3 }),
  }),
  /** What the product does, in figures: facts about the product, never claims about customers. */
  facts: z.object({
    title: siteText(SITE_LIMITS.title),
    items: list(z.object({ figure: siteText(12), label: siteText(SITE_LIMITS.title) }), 1, 6),
  }),
  industriesSection: z.object({
    ...heading,
    exploreAllLabel: siteText(SITE_LIMITS.title),
    learnMoreLabel: siteText(SITE_LIMITS.label),
  }),
  cta: z.object({
    headline: siteText(SITE_LIMITS.headline),
    text: siteText(SITE_LIMITS.text),
    button: siteText(SITE_LIMITS.label),
  }),
  contact: z.object(heading),
});

export const INDUSTRY_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const siteIndustrySchema = z.object({
  /**
   * Stays the same when the id changes, so a publish can tell a renamed industry (its old address
   * answers 301) from one deleted and another added.
   */
  key: z.string().min(1).max(SITE_LIMITS.id),
  id: siteText(SITE_LIMITS.id).regex(INDUSTRY_ID_PATTERN, M.industryId),
  title: siteText(SITE_LIMITS.title),
  /** One or two sentences for cards. */
  description: siteText(SITE_LIMITS.text),
  /** The paragraphs of the industry's own page; the first is its lead. */
  pageDescription: list(siteText(SITE_LIMITS.paragraph), 1, 5),
  features: list(siteText(SITE_LIMITS.line), 1, 6),
  icon: z.enum(INDUSTRY_ICON_NAMES, M.icon),
  scene: z.enum(INDUSTRY_SCENE_NAMES, M.icon),
  shown: z.boolean(),
});

/**
 * A link of the header or footer: its label and address, and optionally the page of blocks it
 * leads to (src/shared/pages.ts) by id, so a change of the page's path moves the link with it;
 * `href` is then the path as it was when the link was saved, used while the page is not published.
 */
const namedLink = z.object({
  label: siteText(SITE_LIMITS.label),
  href: siteLink,
  page: z.number({ error: M.link }).int(M.link).positive(M.link).optional(),
});

export const siteLinksSchema = z.object({
  /** The header's links, in order; the one to /industries opens the industries menu. */
  header: list(namedLink, 1, SITE_LIMITS.listItems),
  footer: z.object({
    industriesTitle: siteText(SITE_LIMITS.label),
    companyTitle: siteText(SITE_LIMITS.label),
    companyLinks: list(namedLink, 0, SITE_LIMITS.listItems),
    communityTitle: siteText(SITE_LIMITS.label),
  }),
  sisterProduct: z.object({ name: siteText(SITE_LIMITS.label), url: httpUrl }),
  community: list(z.object({ name: siteText(SITE_LIMITS.label), url: httpUrl }), 0, SITE_LIMITS.listItems),
  copyrightHolder: siteText(SITE_LIMITS.title),
  /**
   * The call to action at the end of every post: a line and a link to the home page's contact form
   * (docs/decisions/190-leads-credited-to-the-visit.md). Absent in content saved before it
   * existed, which reads it as the default (src/server/site/site-changes.ts).
   */
  postCallToAction: z.object({ text: siteText(SITE_LIMITS.text), button: siteText(SITE_LIMITS.label) }).optional(),
  /**
   * The page of blocks that is the privacy policy, by id: while it is published, every contact
   * form says that sending it agrees to the policy, with a link to it. Absent: no such line.
   */
  privacyPolicyPage: z.number({ error: M.link }).int(M.link).positive(M.link).optional(),
});

export const siteContentSchema = z
  .object({
    home: siteHomeSchema,
    industries: list(siteIndustrySchema, 0, SITE_LIMITS.industries),
    links: siteLinksSchema,
  })
  .superRefine(({ industries }, ctx) => {
    const ids = new Set<string>();
    const keys = new Set<string>();
    industries.forEach((industry, i) => {
      if (ids.has(industry.id)) ctx.addIssue({ code: "custom", path: ["industries", i, "id"], message: M.duplicateId });
      if (keys.has(industry.key))
        ctx.addIssue({ code: "custom", path: ["industries", i, "key"], message: M.duplicateKey });
      ids.add(industry.id);
      keys.add(industry.key);
    });
  });

export type SiteHome = z.infer<typeof siteHomeSchema>;
export type SiteIndustry = z.infer<typeof siteIndustrySchema>;
export type SiteLinks = z.infer<typeof siteLinksSchema>;
export type SiteContent = z.infer<typeof siteContentSchema>;

/** The sections of the content, as the Site tab and a revision's list of changes name them. */
export const SITE_SECTIONS = ["home", "industries", "links"] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

/** Who may edit and publish the site's content: the permission table's rule (src/shared/permissions.ts). */
export function canEditSite(role: string | undefined): boolean {
  return can(role, "site.edit");
}

/** The industries visitors see, in order. */
export const shownIndustries = (content: SiteContent) => content.industries.filter((i) => i.shown);

/** A published revision as the Site tab lists it; `content` only when one is asked for. */
export type SiteRevisionSummary = {
  id: number;
  createdAt: string;
  createdBy: string;
  sections: SiteSection[];
  /** Set when the revision brought back an older one. */
  restoredFrom?: number;
};

/** What GET /api/admin/site answers. */
export type SiteAdminView = {
  draft: SiteContent;
  published: SiteContent;
  /** The draft differs from the published content. */
  unpublished: boolean;
  publishedAt: string | null;
  publishedBy: string | null;
};

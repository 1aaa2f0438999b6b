import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The small modules that two or more public pages share (site data, cards, the contact form and
 * the newsletter's subscribe form, helpers): one chunk instead of a file each, so a page loads about eight scripts rather than
 * twenty (docs/decisions/033-fewer-public-chunks.md). Modules only one page uses stay in that
 * page's route chunk; lazily loaded ones (zod, Radix's toast) and the admin's stay out. The home
 * page's and an industry's pictures stay out too: pages of blocks share them with those two pages,
 * and every other page would carry them.
 */
const PUBLIC_SHARED =
  /[\\/]src[\\/](app[\\/]components[\\/](?!hero-illustration|industry-scenes|blog-post-body|tones|feature-items|step-items|figure-list|hero-layout)[\w-]+\.tsx?|app[\\/]components[\\/]ui[\\/](button|card|field)\.tsx|app[\\/]components[\\/]newsletter[\\/]subscribe-form\.tsx|app[\\/]lib[\\/](cn|meta|stagger|toast|use-toast-once)\.ts|shared[\\/](site|blog|dates|field-errors|media|newsletter-form|page-cache|preview|reading-time|search-link)\.ts)$|vite[\\/]preload-helper/;

/**
 * What the home page and every other page of blocks load and no other page does
 * (docs/decisions/281-blocks-load-only-their-own-code.md): the list that loads each block type's
 * code on demand, the parts of the section bands (docs/decisions/275-block-variants-and-rhythm.md)
 * and the two form blocks (contact and subscribe), whose forms are in the site chunk: one chunk,
 * so a page of blocks with either form loads eight scripts. The other block types stay in files
 * of their own, loaded only by a page that has to render them in the browser. It goes last, so
 * the libraries and icons these import stay in the site chunk.
 */
const SECTIONS_SHARED =
  /[\\/]src[\\/](app[\\/]components[\\/](tones|blocks[\\/](block-parts|block-data|page-title|public-blocks|contact-form-block|subscribe-block))\.tsx?|shared[\\/]blocks[\\/](media-placeholder|browser-code)\.ts)$/;

/**
 * What the blog's pages share and the others never show (a post's body, the list's error
 * handling): a chunk of its own, so the home page does not load it. The site group goes first, so the
 * libraries these import stay in the site chunk, not here.
 */
const BLOG_SHARED =
  /[\\/]src[\\/](app[\\/]components[\\/]blog-post-body\.tsx|app[\\/]lib[\\/]use-blog-list-error\.ts)$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `~/app`, `~/server` and `~/shared` come from tsconfig.json's paths, the one list of aliases.
  resolve: { tsconfigPaths: true },
  // The font file is imported for its URL (src/app/lib/site-font.ts): bundled on the server too,
  // so both builds name the same fingerprinted /assets file instead of a path into node_modules.
  ssr: { noExternal: ["@fontsource-variable/inter"] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "blog", test: BLOG_SHARED, minShareCount: 2, priority: 1 },
                { name: "site", test: PUBLIC_SHARED, minShareCount: 2, priority: 2 },
                { name: "sections", test: SECTIONS_SHARED, minShareCount: 2, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});

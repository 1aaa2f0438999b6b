import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The small modules that two or more public pages share (site data, cards, the contact form,
 * helpers): one chunk instead of a file each, so a page loads about eight scripts rather than
 * twenty (docs/decisions/033-fewer-public-chunks.md). Modules only one page uses stay in that
 * page's route chunk; lazily loaded ones (zod, Radix's toast) and the admin's stay out.
 */
const PUBLIC_SHARED =
  /[\\/]src[\\/](app[\\/]components[\\/][\w-]+\.tsx?|app[\\/]components[\\/]ui[\\/](button|card|field)\.tsx|app[\\/]lib[\\/](cn|meta|stagger|toast|use-toast-once)\.ts|shared[\\/](site|blog|dates|field-errors|media|preview|reading-time|search-link)\.ts)$|vite[\\/]preload-helper/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `~/app`, `~/server` and `~/shared` come from tsconfig.json's paths, the one list of aliases.
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "site", test: PUBLIC_SHARED, minShareCount: 2 }] } },
        },
      },
    },
  },
});

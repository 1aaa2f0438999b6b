import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `~/app`, `~/server` and `~/shared` come from tsconfig.json's paths, the one list of aliases.
  resolve: { tsconfigPaths: true },
});

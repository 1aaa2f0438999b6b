import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The template's Vite config without Tailwind: the page's bytes are matched by its content instead.
export default defineConfig({ plugins: [reactRouter()], logLevel: "warn" });

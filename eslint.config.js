// ESLint, flat config: typescript-eslint with type information, React hooks, jsx-a11y, and the import
// boundaries of docs/architecture.md section 3. Formatting is Prettier's job, so its rules are off here.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "dist/", "data/", ".react-router/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "import-x": importX },
    // The import rules resolve `~/` and extensionless paths as TypeScript does (tsconfig.json).
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // React Router's AppLoadContext is widened by declaration merging, which takes an interface.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // Express 5 and React event handlers take async functions by design.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      // React Router's loaders throw `data(...)` answers (404s) for the error boundary to render.
      "@typescript-eslint/only-throw-error": [
        "error",
        { allow: [{ from: "package", package: "react-router", name: "DataWithResponseInit" }] },
      ],
      "import-x/no-duplicates": "error",
      // No import circles (docs/architecture.md section 3); `import type` is erased, so it makes none.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./src/shared",
              from: ["./src/app", "./src/server"],
              message: "src/shared runs in the browser and on the server: it imports neither.",
            },
            {
              // Route modules and components reach the server through the load context; only
              // *.server.ts files (left out of the browser bundle) may name server modules.
              target: ["./src/app/**/!(*.server).ts", "./src/app/**/*.tsx"],
              from: "./src/server",
              message: "src/app reaches src/server only through *.server.ts files and the load context.",
            },
            {
              // The store is the bottom layer: the features are written on it (src/server/records/store.ts).
              target: "./src/server/store",
              from: [
                "./src/server/activity",
                "./src/server/analytics",
                "./src/server/auth",
                "./src/server/backups",
                "./src/server/contact",
                "./src/server/media",
                "./src/server/operations",
                "./src/server/page-cache",
                "./src/server/posts",
                "./src/server/records",
                "./src/server/revisions",
                "./src/server/site",
                "./src/server/tags",
                "./src/server/users",
              ],
              message: "src/server/store imports no feature: features build on it (docs/architecture.md section 3).",
            },
          ],
        },
      ],
    },
  },
  {
    // The rules of hooks; the React Compiler's own rules stay off, as the app does not use the compiler.
    files: ["**/*.tsx", "src/app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // supertest types a response body as `any`; tests read it to assert on its shape with expect,
    // which checks it at run time. Everywhere else these rules stay on.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);

// The project's lint: TypeScript's recommended rules, the rules of hooks, accessibility, and the layers of
// docs/architecture.md ("The layers of the app") as import boundaries. `npm run lint` runs it (inside `npm test`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import boundaries from "eslint-plugin-boundaries";
import comments from "@eslint-community/eslint-plugin-eslint-comments";
import globals from "globals";

// The layering, by the path from the repository's root: folders are elements (a file belongs to the closest one),
// the single files around them are file categories.
const elements = [
  { type: "contract-core", pattern: "app/contract/core", partialMatch: false },
  { type: "contract", pattern: "app/contract", partialMatch: false },
  { type: "feature", pattern: "app/features/*", capture: ["feature"], partialMatch: false },
  { type: "screen", pattern: "app/routes", partialMatch: false },
  { type: "shell", pattern: "app/components", partialMatch: false },
  { type: "shared", pattern: "app/lib", partialMatch: false },
  { type: "styles", pattern: "app/styles", partialMatch: false },
  { type: "exchange", pattern: "server/exchange", partialMatch: false },
  { type: "tests", pattern: "tests", partialMatch: false },
  { type: "scripts", pattern: "scripts", partialMatch: false },
];
const files = [
  { category: "test", pattern: ["**/*.test.ts", "**/*.test.tsx", "tests/**"] },
  // The document and the render and hydration entries: screens too.
  { category: "screen", pattern: "app/{root,entry.client,entry.server}.tsx" },
  // The languages and the loaders' context: outside the layers, usable from every layer of the app.
  { category: "app-base", pattern: "app/{i18n,load-context}.ts" },
  // The process host: the Node server around the app and the exchange.
  { category: "host", pattern: "server/*.ts" },
];

const ofTypes = (...types) => ({ element: { types: { anyOf: types } } });
const to = (...types) => ({ to: ofTypes(...types) });
const toFiles = (...categories) => ({ to: { file: { categories: { anyOf: categories } } } });
const from = ofTypes;
const APP = ["screen", "feature", "shell", "shared", "styles", "contract", "contract-core"];
const BELOW_CONTRACT = APP.filter((t) => t !== "contract" && t !== "contract-core");

const policies = [
  // A feature uses the layers below it and its own files; never a screen, never another feature.
  { from: from("feature"), disallow: to("screen", "feature") },
  {
    from: from("feature"),
    allow: { to: { element: { type: "feature", captured: { feature: "{{ from.element.captured.feature }}" } } } },
  },
  // The shell, the shared library and the styles sit under every feature and screen.
  { from: from("feature", "shell", "shared", "styles", "contract", "contract-core"), disallow: toFiles("screen") },
  { from: from("shell"), disallow: to("screen", "feature") },
  { from: from("shared"), disallow: to("screen", "feature", "shell") },
  { from: from("styles"), disallow: to("screen", "feature", "shell", "shared") },
  // The contract is the bottom: zod schemas over a core that imports nothing of ours.
  { from: from("contract"), disallow: to(...BELOW_CONTRACT) },
  { from: from("contract", "contract-core"), disallow: toFiles("app-base") },
  { from: from("contract-core"), disallow: to(...APP.filter((t) => t !== "contract-core")) },
  // The app never imports the server (its tests may: see the end).
  { from: from(...APP), disallow: to("exchange", "tests", "scripts") },
  { from: from(...APP), disallow: toFiles("host") },
  { from: { file: { categories: "screen" } }, disallow: to("exchange", "tests", "scripts") },
  { from: { file: { categories: "screen" } }, disallow: toFiles("host") },
  // The exchange sees only the contract of the app; the process host also uses the app's shared library.
  { from: from("exchange"), disallow: to(...BELOW_CONTRACT) },
  { from: from("exchange"), disallow: toFiles("host", "app-base", "screen") },
  { from: { file: { categories: "host" } }, disallow: to("screen", "feature", "shell", "styles") },
  { from: { file: { categories: "host" } }, disallow: toFiles("screen") },
  { from: from("exchange"), disallow: to("tests", "scripts") },
  { from: { file: { categories: "host" } }, disallow: to("tests", "scripts") },
  // The operator's command line starts the standalone exchange's server (`serve`).
  { from: { file: { path: "server/exchange/cli.ts" } }, allow: toFiles("host") },
  // Tests drive the real thing: an app test may start an exchange, any test uses the helpers and the host's parts.
  { from: { file: { categories: "test" } }, allow: to("exchange", "tests", "scripts") },
  { from: { file: { categories: "test" } }, allow: toFiles("host") },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      ".e2e-*/**",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "@eslint-community/eslint-comments": comments },
    rules: {
      // A disable names its rule and says why (`-- reason`), and ends where it should.
      "@eslint-community/eslint-comments/no-unlimited-disable": "error",
      "@eslint-community/eslint-comments/require-description": ["error", { ignore: ["eslint-enable"] }],
      "@eslint-community/eslint-comments/disable-enable-pair": ["error", { allowWholeFile: false }],
      // The type checker already reports undefined names, with the types' knowledge of globals.
      "no-undef": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `cond && run()` and `a ? f() : g()` as statements are the code's idiom for a conditional call.
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      // Cases that share a body may have a comment between them.
      "no-fallthrough": ["error", { allowEmptyCase: true }],
    },
  },
  {
    // Tests reach into internals and fake what they drive; Playwright's fixtures take `({}, use)`.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A wide table or list that scrolls inside a labelled region or group takes the keyboard focus, so it can
      // be scrolled by keys on a phone.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region", "group"] }],
    },
  },
  {
    // The form controls carry the one refusal-focus mechanism: the server's answer to a POST without JavaScript
    // puts `autofocus` on the first refused field (docs/architecture.md, the conventions).
    files: ["app/components/form/**"],
    rules: { "jsx-a11y/no-autofocus": "off" },
  },
  {
    // A style file never re-exports another style file's classes: vanilla-extract names a file's styles by their
    // order, and a re-export in the middle of one once gave two different styles the same class (the assets
    // screens lost their total and chart). Import each class from the file that defines it.
    files: ["app/**/*.css.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportNamedDeclaration[source]",
          message: "Import styles from the file that defines them; a style file does not re-export.",
        },
        { selector: "ExportAllDeclaration", message: "Import styles from the file that defines them; a style file does not re-export." },
      ],
    },
  },
  {
    files: ["app/**", "server/**", "tests/**", "scripts/**"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: true },
      "boundaries/elements": elements,
      "boundaries/files": files,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      "boundaries/legacy-templates": false,
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "allow", policies }],
    },
  },
);

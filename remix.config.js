/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A screen's *.form.tsx is a part of its route module that hydrates later (app/lib/hydrate-later.tsx), not a route.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css.ts", "**/*.form.tsx"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-utils/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};

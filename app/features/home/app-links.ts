/** The app download links of the home page: the `app_download_url` setting, when it is an http(s) address, per platform. */
export const APP_PLATFORMS = ["android", "ios"] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export function appDownloadLinks(setting: unknown): { platform: AppPlatform; url: string }[] {
  const base = typeof setting === "string" && /^https?:\/\//i.test(setting) ? setting : "";
  if (!base) return [];
  if (!URL.canParse(base)) return [];
  return APP_PLATFORMS.map((platform) => {
    const url = new URL(base);
    url.searchParams.set("platform", platform);
    return { platform, url: url.toString() };
  });
}

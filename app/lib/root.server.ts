/**
 * What the root loader uses, in one server module: each `.server` module a route imports becomes an empty module in
 * the browser's bundle, and one shared with other routes becomes a chunk of its own that every screen's first load
 * fetches with root (about 0.1 KB gz each). Through here root's imports stay inside root's own chunk.
 */
export { data } from "@remix-run/node";
export { usdText } from "./amount.server";
export { api } from "./api.server";
export { getLang } from "./i18next.server";
export { linkUser } from "./link-user.server";
export { qrImageUrl, qrVersion } from "./qr-image.server";
export { qrSvg } from "./qr.server";
export { commitSession, getSession } from "./session.server";
export { getTheme } from "./theme.server";

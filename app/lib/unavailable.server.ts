/**
 * How soon a page that could not load its data says to try again (Retry-After on its 503). Shared by the loaders'
 * `loaded()` (app/lib/api.server.ts) and the server entry, which puts the header on the error page Remix renders.
 */
export const UNAVAILABLE_RETRY_S = 5;

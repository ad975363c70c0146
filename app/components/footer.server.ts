/**
 * The footer for the server's render. Root takes it from here (and the browser's copy lazily, app/root.tsx): the
 * footer lies below the fold on every screen, so its code need not be in any screen's first-load JavaScript.
 */
export { Footer, serviceLink } from "./footer";

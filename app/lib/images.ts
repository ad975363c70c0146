/**
 * What the exchange accepts as an image upload (it checks again by content): JPEG, PNG, WebP of at most 5 MB.
 * A plain module, so the forms' `accept` attribute is the same in the server's render and the browser's.
 */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

import { api, type ApiArgs } from "~/lib/api.server";
import { IMAGE_MAX_BYTES } from "./images";

export type UploadOutcome = { kind: "none" } | { kind: "ok"; url: string } | { kind: "error"; message: string };

/**
 * Sends one file field of a multipart form to common/image_upload. An empty file input (nothing chosen) is "none",
 * so a form can keep the image it already has.
 */
export async function uploadImage(args: ApiArgs, value: FormDataEntryValue | null, tooLarge: string): Promise<UploadOutcome> {
  if (!(value instanceof Blob) || value.size === 0) return { kind: "none" };
  if (value.size > IMAGE_MAX_BYTES) return { kind: "error", message: tooLarge };
  const r = await api(args, "imageUpload", { file: value });
  return r.ok ? { kind: "ok", url: r.data.url } : { kind: "error", message: r.msg };
}

/** An upload URL the exchange gave us (`/uploads/<name>`), or '' for anything else a form posts back. */
export function uploadUrl(value: FormDataEntryValue | null): string {
  const v = typeof value === "string" ? value : "";
  return /^\/uploads\/[0-9a-f]{32}\.(jpg|png|webp)$/.test(v) ? v : "";
}

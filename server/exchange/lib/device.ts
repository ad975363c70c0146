import { createHash } from "node:crypto";
import UAParser from "ua-parser-js";

/**
 * What makes two sign-ins the same device (`deviceName` in app/contract/core/device.ts is what a person recognises): the browser's
 * name, the system's name and the device's vendor and model, without versions, so a browser or system update is not a
 * new device; a User-Agent nothing can be read from is keyed by its own text.
 */
export function deviceKey(userAgent: string): string {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const parts = [browser.name, os.name, device.vendor, device.model].map((p) => p ?? "");
  const readable = parts.some(Boolean);
  return createHash("sha256")
    .update(readable ? parts.join("|") : `raw|${userAgent.trim()}`)
    .digest("hex")
    .slice(0, 32);
}

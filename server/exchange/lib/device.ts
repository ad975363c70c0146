import { createHash } from "node:crypto";
import UAParser from "ua-parser-js";

/**
 * A sign-in's device, from its User-Agent. `deviceName` is what a person recognises ('Chrome 120 · Windows 10',
 * 'Mobile Safari 17 · iOS 17.2 · Apple iPhone'; product names need no translation). `deviceKey` is what makes two
 * sign-ins the same device: the browser's name, the system's name and the device's vendor and model, without
 * versions, so a browser or system update is not a new device; a User-Agent nothing can be read from is keyed by
 * its own text.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return "";
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const parts = [
    [browser.name, browser.major].filter(Boolean).join(" "),
    [os.name, os.version].filter(Boolean).join(" "),
    [device.vendor, device.model].filter(Boolean).join(" "),
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : userAgent.slice(0, 60);
}

export function deviceKey(userAgent: string): string {
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const parts = [browser.name, os.name, device.vendor, device.model].map((p) => p ?? "");
  const readable = parts.some(Boolean);
  return createHash("sha256")
    .update(readable ? parts.join("|") : `raw|${userAgent.trim()}`)
    .digest("hex")
    .slice(0, 32);
}

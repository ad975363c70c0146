import UAParser from "ua-parser-js";

/**
 * A session's or sign-in's device as a person recognises it, from the browser's User-Agent: 'Chrome 120 · Windows 10',
 * 'Mobile Safari 17 · iOS 17.2 · Apple iPhone'. Names of products need no translation; an unreadable one is ''. The app's
 * session list and the exchange's new-device notice name a device the same way.
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

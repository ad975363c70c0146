import { useLiveStatus } from "~/lib/live-status";
import { useTranslation } from "~/lib/translate";
import * as s from "./shell.css";

/**
 * Says so on the page when the live feed is paused (/events refused or unreachable; app/lib/use-live.ts retries
 * by itself): prices and orders shown may then be out of date. A polite live region that exists from the first
 * render, so the notice is announced once when it appears; in the page's flow under the header, so it covers nothing.
 */
export function LiveNotice() {
  const { t } = useTranslation();
  const paused = useLiveStatus() === "paused";
  return (
    <div role="status" className={paused ? s.liveNotice : s.toastIdle} data-testid="live-notice">
      {paused ? t("live.paused") : null}
    </div>
  );
}

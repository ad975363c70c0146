import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./copy-button.css";

/** Copies `text` (JavaScript only: without it the text stays selectable and the button is not drawn). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ ok: true, text: t("actions.copySuccess") });
    } catch {
      setMessage({ ok: false, text: t("actions.copyFailed") });
    }
  };
  return (
    <span className={s.actions}>
      <button type="button" className={`${button.secondary} ${s.small}`} onClick={copy} aria-label={label}>
        {t("actions.copy")}
      </button>
      <span role="status" className={message && !message.ok ? `${s.status} ${s.statusError}` : s.status}>
        {message?.text ?? ""}
      </span>
    </span>
  );
}

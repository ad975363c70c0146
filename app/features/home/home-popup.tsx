import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./home.css";

export type PopupContent = { title: string; text: string; href: string | null };

/**
 * Rendered open by the server, so it shows and closes (form method="dialog") without JavaScript.
 * With JavaScript it is reopened as a modal: the page behind is inert and Escape closes it.
 */
export function HomePopup({ popup }: { popup: PopupContent }) {
  const { t } = useTranslation("home");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !dialog.open || typeof dialog.showModal !== "function") return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} open className={s.dialog} aria-labelledby="home-popup-title" aria-describedby="home-popup-text">
      <p className="sr-only">{t("popup.label")}</p>
      <h2 id="home-popup-title" className={s.dialogTitle}>
        {popup.title}
      </h2>
      <p id="home-popup-text" className={s.dialogText}>
        {popup.text}
      </p>
      <form method="dialog" className={s.dialogActions}>
        {popup.href ? (
          <Link to={popup.href} className={button.secondary} onClick={() => ref.current?.close()}>
            {t("popup.readMore")}
          </Link>
        ) : null}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's own close button takes focus when it opens */}
        <button type="submit" className={button.primary} autoFocus>
          {t("popup.close")}
        </button>
      </form>
    </dialog>
  );
}

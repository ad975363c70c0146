import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as k from "./kyc.css";

type Session = { id: number; device: string; ip: string; since: string; seen: string; current: boolean };

/** My signed-in devices: 'sign out' for each other one, and 'sign out everywhere else' when there is another. */
export function SessionList({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation("kyc");
  const others = sessions.filter((x) => !x.current).length;
  return (
    <>
      <ul className={k.feedbackList}>
        {sessions.map((x) => (
          <li key={x.id} className={k.feedbackItem}>
            <p className={k.feedbackHead}>
              <strong>{x.device || t("sessions.unknownDevice")}</strong>
              <span className={k.hint}>{t("sessions.where", { ip: x.ip || "—", since: x.since, seen: x.seen })}</span>
            </p>
            {x.current ? (
              <p className={k.hint}>{t("sessions.thisDevice")}</p>
            ) : (
              <Form method="post">
                <input type="hidden" name="id" value={x.id} />
                <button
                  type="submit"
                  className={button.secondary}
                  aria-label={t("sessions.signOutNamed", { device: x.device || t("sessions.unknownDevice"), since: x.since })}
                >
                  {t("sessions.signOut")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className={k.afterList}>
          <input type="hidden" name="all" value="1" />
          <button type="submit" className={`${button.primary} ${k.submit}`}>
            {t("sessions.signOutOthers")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

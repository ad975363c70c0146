import { Form, Link, useLocation } from "@remix-run/react";
import { BCP47, LANGUAGES, LANGUAGE_NAMES, type Lang } from "~/i18n";
import { useTranslation } from "~/lib/translate";
import * as s from "./shell.css";
import { ServiceButton } from "./service-button";
import { LineIcon } from "./line-icon";
import { container } from "~/styles/ui.css";

type FooterData = {
  columns: { id: number; articles: { id: number; title: string }[] }[];
  contactMobile: string;
  contactEmail: string;
  serviceUrl: string;
  /** The service link's QR code: an image URL (routes/resources.qr.$code), made on the server. */
  serviceQrSrc: string;
};

/** The service link carries who is asking, so support sees the account (docs/product.md, "The shell"). */
export function serviceLink(url: string, user: { uid: string; account: string } | null): string {
  if (!url || !user) return url;
  try {
    const u = new URL(url);
    u.searchParams.set("uid", String(user.uid));
    u.searchParams.set("account", user.account);
    return u.toString();
  } catch {
    return url;
  }
}

export function Footer({ footer, user, lang }: { footer: FooterData; user: { uid: string; account: string } | null; lang: Lang }) {
  const { t } = useTranslation();
  const location = useLocation();
  const service = serviceLink(footer.serviceUrl, user);
  const year = new Date().getFullYear();
  return (
    <>
      <footer className={s.footer}>
        <div className={`${container} ${s.footerGrid}`}>
          {footer.columns.map((c) => (
            <section key={c.id} aria-labelledby={`footer-col-${c.id}`}>
              <h2 id={`footer-col-${c.id}`} style={{ fontSize: "15px" }}>
                {t(`footer.category${c.id}`)}
              </h2>
              <ul className={s.footerList}>
                {c.articles.map((a) => (
                  <li key={a.id}>
                    <Link to={`/notice?id=${a.id}&category_id=${c.id}`}>{a.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" style={{ fontSize: "15px" }}>
              {t("footer.contact")}
            </h2>
            <ul className={s.footerList}>
              {footer.contactMobile ? (
                <li>
                  {t("footer.phone")}: <a href={`tel:${footer.contactMobile.replace(/[^+\d]/g, "")}`}>{footer.contactMobile}</a>
                </li>
              ) : null}
              {footer.contactEmail ? (
                <li>
                  {t("footer.email")}: <a href={`mailto:${footer.contactEmail}`}>{footer.contactEmail}</a>
                </li>
              ) : null}
            </ul>
            {footer.serviceQrSrc ? (
              <figure style={{ margin: "12px 0 0" }}>
                {/* Drawn by its own URL, kept by the browser: the page does not carry it (routes/resources.qr.$code). */}
                <img
                  className={s.qr}
                  src={footer.serviceQrSrc}
                  alt={t("footer.serviceQr")}
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption style={{ fontSize: "12px" }}>{t("footer.serviceQr")}</figcaption>
              </figure>
            ) : null}
          </section>
        </div>
        <div className={`${container} ${s.footerBottom}`}>
          {/* Every language the site offers, as in the header's menu (docs/product.md, "Languages, numbers and theme"). */}
          <Form method="post" action="/resources/language" reloadDocument className={s.footerLang}>
            <label htmlFor="footer-lang">{t("lang.all")}</label>
            <select id="footer-lang" name="lang" defaultValue={lang} className={s.footerSelect}>
              {LANGUAGES.map((l) => (
                <option key={l} value={l} lang={BCP47[l]}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button type="submit" className={s.footerSelect}>
              {t("lang.apply")}
            </button>
          </Form>
          <p style={{ margin: "0 0 4px" }}>{t("footer.brandLine")}</p>
          <p style={{ margin: 0 }}>{t("footer.copyright", { year })}</p>
        </div>
      </footer>
      {service ? (
        <ServiceButton href={service}>
          <ChatIcon />
          <span className={s.floatingLabel}>{t("footer.onlineService")}</span>
          <span className="sr-only"> ({t("footer.newWindow")})</span>
        </ServiceButton>
      ) : null}
    </>
  );
}

function ChatIcon() {
  return (
    <LineIcon className={s.floatingIcon} join="round">
      <path d="M4 5h16v11H9l-5 4z" />
    </LineIcon>
  );
}

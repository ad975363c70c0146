import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "./home.css";

export type NoticeItem = { id: number; title: string };

/** Latest notices (category 3), one line each. */
export function NoticeStrip({ notices }: { notices: NoticeItem[] }) {
  const { t } = useTranslation("home");
  if (notices.length === 0) return null;
  return (
    <section className={s.noticeStrip} aria-labelledby="home-notices">
      <h2 id="home-notices" className={s.noticeLabel}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 11v2a1 1 0 0 0 1 1h3l5 4V6L7 10H4a1 1 0 0 0-1 1z" />
          <path d="M16 8a5 5 0 0 1 0 8" />
        </svg>
        {t("notices.title")}
      </h2>
      <ul className={s.noticeList}>
        {notices.map((n) => (
          <li key={n.id} className={s.noticeItem}>
            <Link to={`/notice?id=${n.id}&category_id=3`} className={s.noticeLink}>
              {n.title}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/notice?category_id=3">{t("notices.more")}</Link>
    </section>
  );
}

const FEATURES = ["security", "liquidity", "support", "global"] as const;

export function SellingPoints() {
  const { t } = useTranslation("home");
  return (
    <section className={s.section} aria-labelledby="home-features">
      <div className={s.sectionHead}>
        <h2 id="home-features" className={s.h2}>
          {t("features.title")}
        </h2>
      </div>
      <ul className={s.features}>
        {FEATURES.map((f) => (
          <li key={f} className={s.feature}>
            <img src={`/images/home/${f}.svg`} alt="" width={40} height={40} />
            <h3 className={s.featureTitle}>{t(`features.${f}.title`)}</h3>
            <p className={s.featureText}>{t(`features.${f}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `qr` is the code's image URL (routes/resources.qr.$code), made on the server. */
export type AppQr = { platform: "android" | "ios"; url: string; qr: string };

/** Each QR code is an image of its own URL (routes/resources.qr.$code), drawn on the server from our own link. */
export function AppDownload({ codes }: { codes: AppQr[] }) {
  const { t } = useTranslation("home");
  if (codes.length === 0) return null;
  return (
    <section className={`${s.section} ${s.app}`} aria-labelledby="home-app">
      <div>
        <h2 id="home-app" className={s.h2}>
          {t("app.title")}
        </h2>
        <p>{t("app.text")}</p>
      </div>
      <ul className={s.qrList}>
        {codes.map((c) => (
          <li key={c.platform}>
            <figure className={s.qrFigure}>
              <img className={s.qr} src={c.qr} alt={t(`app.qr.${c.platform}`)} width={136} height={136} loading="lazy" decoding="async" />
              <figcaption>
                <a href={c.url} rel="noopener noreferrer">
                  {t(`app.${c.platform}`)}
                </a>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

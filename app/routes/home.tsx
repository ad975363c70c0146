import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { BannerCarousel } from "~/features/home/banner-carousel";
import * as hs from "~/features/home/home.css";
import { HomePopup, type PopupContent } from "~/features/home/home-popup";
import { currentNotice, POPUP_COOKIE, popupKind, popupSeenCookie } from "~/features/home/popup-rules";
import { AppDownload, NoticeStrip, SellingPoints, type AppQr } from "~/features/home/home-sections";
import { MarketTiles } from "~/features/home/market-tile";
import { appDownloadLinks } from "~/features/home/app-links";
import { qrImageUrl } from "~/lib/qr-image.server";
import { getT } from "~/lib/i18next.server";
import { getToken } from "~/lib/session.server";
import { api, loaded } from "~/lib/api.server";
import { useLiveQuotations } from "~/lib/use-live";
import { homeTiles } from "~/lib/markets";
import { articleText, safeImageUrl } from "~/lib/sanitize.server";
import { container, formError } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

const BANNER_CATEGORY = 1;
const NOTICE_CATEGORY = 3;
const NOTICE_STRIP_MAX = 5;

function hasCookie(request: Request, name: string): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((c) => c.trim().startsWith(`${name}=`));
}

function byNewest<T extends { created_at: string; id: number }>(a: T, b: T): number {
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const [banners, notices, markets, popupOn, appUrl, t] = await Promise.all([
    api(args, "newsList", { category_id: BANNER_CATEGORY }),
    api(args, "newsList", { category_id: NOTICE_CATEGORY }),
    api(args, "currencyMatches", {}).then(loaded),
    api(args, "setting", { key: "popup_on" }),
    api(args, "setting", { key: "app_download_url" }),
    getT(request, "home"),
  ]);

  const slides = banners.ok ? banners.data.data.map((a) => ({ id: a.id, title: a.title, banner: safeImageUrl(a.banner) })) : [];
  const noticeArticles = notices.ok ? notices.data.data.slice().sort(byNewest) : [];

  const codes: AppQr[] = appDownloadLinks(appUrl.ok ? appUrl.data : null).map((l) => ({ ...l, qr: qrImageUrl(l.platform, l.url) }));

  let popup: PopupContent | null = null;
  const headers = new Headers();
  // Only a current notice pops up (popup-rules.ts: the last 7 days); an old one stays in the strip.
  const latest = currentNotice(noticeArticles, Date.now());
  const kind = popupKind({
    on: popupOn.ok && String(popupOn.data ?? "") === "1",
    seen: hasCookie(request, POPUP_COOKIE),
    signedIn: Boolean(await getToken(request)),
    notice: latest !== null,
  });
  if (kind) {
    popup =
      kind === "notice" && latest
        ? { title: latest.title, text: articleText(latest.content, 240), href: `/notice?id=${latest.id}&category_id=${NOTICE_CATEGORY}` }
        : { title: t("popup.welcomeTitle"), text: t("popup.welcomeText"), href: null };
    headers.append("Set-Cookie", popupSeenCookie());
  }

  return data(
    {
      title: t("meta.title"),
      description: t("meta.description"),
      slides,
      notices: noticeArticles.slice(0, NOTICE_STRIP_MAX).map((a) => ({ id: a.id, title: a.title })),
      tiles: markets.ok ? homeTiles(markets.data) : [],
      marketsError: markets.ok ? null : markets.msg || null,
      codes,
      popup,
    },
    { headers },
  );
}

export default function HomeRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  // DAY_MARKET over /events while this screen is open; the tiles start from the loader's quotations.
  const live = useLiveQuotations();
  return (
    <main>
      <h1 className="sr-only">{t("heading")}</h1>
      <BannerCarousel slides={data.slides} />
      <NoticeStrip notices={data.notices} />
      <div className={container}>
        <section className={hs.section} aria-labelledby="home-markets">
          <div className={hs.sectionHead}>
            <h2 id="home-markets" className={hs.h2}>
              {t("markets.title")}
            </h2>
            <Link to="/markets">{t("markets.all")}</Link>
          </div>
          {data.marketsError ? (
            <p className={formError} role="alert">
              {data.marketsError}
            </p>
          ) : data.tiles.length === 0 ? (
            <p>{t("markets.empty")}</p>
          ) : (
            <MarketTiles rows={data.tiles} live={live} />
          )}
        </section>
        <SellingPoints />
        <AppDownload codes={data.codes} />
      </div>
      {data.popup ? <HomePopup popup={data.popup} /> : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Exchange");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { api, commitSession, data, getLang, getSession, getTheme, linkUser, qrImageUrl, usdText } from "~/lib/root.server";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { Footer, serviceLink } from "~/components/footer";
import { Header } from "~/components/header";
import { ToastRegion } from "~/components/toast";
import { LiveNotice } from "~/components/live-notice";
import { KeepScrollOnReload } from "~/components/keep-scroll";
import { CONTENT_ID, SkipLinks } from "~/components/skip-links";
import { RefusalFocusScope, useRefusalFocus } from "~/components/form/refusal-focus";
import { BCP47, type Lang } from "~/i18n";
import { I18nDataScript } from "~/lib/i18n-payload";
import { useNonce } from "~/lib/nonce";
import "~/styles/global.css";
import { darkTheme, lightTheme, systemTheme } from "~/styles/theme.css";
import type { ThemeSetting } from "~/lib/theme";
import { contentWrap } from "~/components/shell.css";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

const FOOTER_CATEGORIES = [4, 5, 6] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lang, theme, session] = await Promise.all([getLang(request), getTheme(request), getSession(request)]);
  const token = session.get("token");
  const toast = session.get("toast") ?? null;
  const args = { request, context };
  const [columns, mobile, email, service] = await Promise.all([
    Promise.all(FOOTER_CATEGORIES.map((category_id) => api(args, "newsList", { category_id }))),
    api(args, "setting", { key: "contact_mobile" }),
    api(args, "setting", { key: "contact_email" }),
    api(args, "setting", { key: "service_url" }),
  ]);
  const serviceUrl = service.ok && service.data ? String(service.data) : "";
  // Every page confirms the token: a revoked or expired one (999) goes to login with this page as the return path.
  const info = token ? await api(args, "userInfo", {}, { token }) : null;
  const who = linkUser(session, info);
  const user = who
    ? {
        ...who,
        is_seller: info?.ok ? info.data.is_seller : session.get("is_seller") === true,
        // The header's badge and the account menu's total, from the same call (correct on every load, without JS).
        unread: info?.ok ? info.data.unread_notifications : 0,
        totalUsd: info?.ok && info.data.total_usd ? usdText(info.data.total_usd, lang) : null,
      }
    : null;
  return data(
    {
      lang,
      theme,
      user,
      toast,
      footer: {
        columns: FOOTER_CATEGORIES.map((id, i) => ({
          id,
          articles: columns[i].ok ? columns[i].data.data.slice(0, 3).map((a) => ({ id: a.id, title: a.title })) : [],
        })),
        contactMobile: mobile.ok && mobile.data ? String(mobile.data) : "",
        contactEmail: email.ok && email.data ? String(email.data) : "",
        serviceUrl,
        // The same link as the service button: signed in, it says who is asking (docs/product.md, "The shell").
        serviceQrSrc: serviceUrl ? qrImageUrl("service", serviceLink(serviceUrl, user)) : "",
      },
    },
    toast ? { headers: { "Set-Cookie": await commitSession(request, session) } } : undefined,
  );
}

export type RootData = typeof loader;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

const THEME_CLASS: Record<ThemeSetting, string> = { dark: darkTheme, light: lightTheme, system: systemTheme };

function Document({ lang, theme, children }: { lang: Lang; theme: ThemeSetting; children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang={BCP47[lang]} className={THEME_CLASS[theme]} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "dark light" : theme} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* After the content: the server has then seen every namespace the page uses. */}
        <I18nDataScript />
        <KeepScrollOnReload />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const d = useLoaderData<typeof loader>();
  useRefusalFocus();
  return (
    <Document lang={d.lang} theme={d.theme}>
      <RefusalFocusScope>
        <SkipLinks />
        <Header user={d.user} lang={d.lang} theme={d.theme} />
        <ToastRegion initial={d.toast} />
        <LiveNotice />
        <div id={CONTENT_ID} tabIndex={-1} className={contentWrap}>
          <Outlet />
        </div>
        <Footer footer={d.footer} user={d.user} lang={d.lang} />
      </RefusalFocusScope>
    </Document>
  );
}

export const meta: MetaFunction = () => [{ title: "Exchange" }];

export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <Document lang={root?.lang ?? "en"} theme={root?.theme ?? "system"}>
      <GeneralErrorBoundary />
    </Document>
  );
}

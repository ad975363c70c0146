import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { emptyPage } from "~/styles/pair-screen.css";

/**
 * A pair screen (/trade, /lever, /second) with no pair to show: the screen's title, why (the markets' refusal, or
 * no pair open for it) and the way to the markets. `ns` is the screen's namespace (its `title`, `noPairs` and
 * `toMarkets`).
 */
export function NoPairPage({ ns, error }: { ns: "trade" | "lever" | "second"; error: string | null }) {
  const { t } = useTranslation(ns);
  return (
    <main className={emptyPage}>
      <h1>{t("title")}</h1>
      <p role="alert">{error ?? t("noPairs")}</p>
      <Link to="/markets">{t("toMarkets")}</Link>
    </main>
  );
}

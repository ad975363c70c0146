import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import {
  formatRate,
  freshQuote,
  inverseRate,
  pagerOf,
  parsePage,
  parseQuote,
  quoteConstraint,
  spreadPercent,
} from "~/features/convert/convert-forms.server";
import { ConvertForm, type ConvertAnswer } from "~/features/convert/convert-form";
import type { ConvertCurrency, Translate } from "~/features/convert/convert-schema";
import { ConvertHistory } from "~/features/convert/history";
import { cleanAmount, CONVERT_PAGE_SIZE, pickPair } from "~/features/convert/convert-ui";
import { displayAmount } from "~/lib/display";
import * as ss from "~/styles/money-pages.css";
import { getT } from "~/lib/i18next.server";
import { api, type ApiArgs, loaded } from "~/lib/api.server";
import { requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";
import { postedForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/translate";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

async function convertT(request: Request): Promise<Translate> {
  const t = await getT(request, "convert");
  return (key, options) => t(key, options) as string;
}

/** Currencies of the spot account (what a convert pays from and into), with the available balance. */
async function spotCurrencies(args: ApiArgs, page = false): Promise<{ currencies: ConvertCurrency[]; error: string | null }> {
  // The page cannot be drawn without the balances (503); an action reports the trouble on its form.
  const r = page ? loaded(await api(args, "accountList", {})) : await api(args, "accountList", {});
  if (!r.ok) return { currencies: [], error: r.kind === "empty" ? null : r.msg };
  const spot = r.data.find((g) => g.account_code === "change_account")?.accounts ?? [];
  return {
    currencies: spot.map((a) => ({ id: a.currency_id, code: a.currency_code, decimals: a.currency.decimals, available: a.balance })),
    error: null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const args = { request, context };
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const [t, spot, history] = await Promise.all([
    convertT(request),
    spotCurrencies(args, true),
    api(args, "convertHistory", { page, limit: CONVERT_PAGE_SIZE }).then(loaded),
  ]);
  const pair = pickPair(spot.currencies, url.searchParams.get("from"), url.searchParams.get("to"));
  return data(
    {
      title: t("meta.title"),
      description: t("meta.description"),
      currencies: spot.currencies,
      initial: { ...pair, amount: cleanAmount(url.searchParams.get("amount") ?? "").slice(0, 40) },
      constraint: quoteConstraint(),
      history: history.ok ? history.data.data.map((c) => ({ ...c, rate_text: formatRate(c.rate) })) : [],
      pager: pagerOf(history.ok ? history.data.total : 0, history.ok ? history.data.current_page : page, CONVERT_PAGE_SIZE),
      error: spot.error ?? (history.ok || history.kind === "empty" ? null : history.msg),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request);
  const args = { request, context };
  const formData = await postedForm(request);
  const t = await convertT(request);
  const intent = String(formData.get("intent") ?? "");
  const values = {
    from: String(formData.get("from") ?? ""),
    to: String(formData.get("to") ?? ""),
    amount: cleanAmount(String(formData.get("amount") ?? "")).slice(0, 40),
  };
  formData.set("amount", values.amount);
  const payload = (a: Partial<ConvertAnswer> & Pick<ConvertAnswer, "intent">): ConvertAnswer => ({
    result: null,
    shown: null,
    notice: null,
    error: null,
    done: null,
    values,
    ...a,
  });
  const answer = (a: Partial<ConvertAnswer> & Pick<ConvertAnswer, "intent">, status = 200) => data<ConvertAnswer>(payload(a), { status });
  const shown = (quote: NonNullable<ReturnType<typeof freshQuote>>) => ({
    quote,
    now: Date.now(),
    // A one-time key per quote shown: the confirm form posts it, so a double submit converts once.
    key: crypto.randomUUID(),
    text: {
      rate: formatRate(quote.rate),
      inverse: inverseRate(quote.rate),
      mid: formatRate(quote.mid_rate),
      spread: spreadPercent(quote.spread),
    },
  });

  if (intent === "swap") {
    // Without JavaScript the swap button posts the form: come back with the two currencies exchanged.
    const q = new URLSearchParams({ from: values.to, to: values.from });
    if (values.amount) q.set("amount", values.amount);
    throw redirect(`/convert?${q}`);
  }

  if (intent === "confirm") {
    const quoteId = String(formData.get("quote_id") ?? "")
      .trim()
      .slice(0, 64);
    if (!quoteId) return answer({ intent, error: t("errors.noQuote") }, 400);
    const key = String(formData.get("idempotency_key") ?? "").slice(0, 64) || undefined;
    const r = await api(args, "convertExecute", { quote_id: quoteId, idempotency_key: key });
    if (r.ok) {
      const c = r.data;
      const message = t("done", {
        amount: displayAmount(c.amount),
        from: c.from_currency.code,
        receive: displayAmount(c.receive),
        to: c.to_currency.code,
      });
      // With JavaScript the page stays (the answer is data); without it, post/redirect/get with a toast.
      const pair = new URLSearchParams({ from: String(c.from_currency.id), to: String(c.to_currency.id) });
      return redirectOrData(request, formData, {
        to: `/convert?${pair}#history-title`,
        toast: { kind: "success", message },
        data: payload({ intent, done: message }),
      });
    }
    // An expired quote comes back with a fresh one: show the new rate and ask again; never execute it unseen.
    const fresh = freshQuote(r.data);
    if (fresh) return answer({ intent, shown: shown(fresh), notice: r.msg || t("errors.expired") });
    return answer({ intent, error: r.msg || t("errors.failed") }, 400);
  }

  // intent === "quote" (also Enter in the amount box)
  const { currencies } = await spotCurrencies(args);
  const submission = parseQuote(formData, t, currencies);
  if (submission.status !== "success") return answer({ intent: "quote", result: submission.reply() }, 400);
  const v = submission.value;
  const q = await api(args, "convertQuote", { from_currency_id: v.from, to_currency_id: v.to, amount: v.amount });
  if (!q.ok) return answer({ intent: "quote", result: submission.reply(), error: q.msg || t("errors.failed") }, 400);
  return answer({ intent: "quote", result: submission.reply(), shown: shown(q.data) });
}

/** A background quote moves no money: the balances and the history need no reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

export default function ConvertRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const { t } = useTranslation("convert");
  return (
    <main className={ss.page}>
      <div className={ss.head}>
        <div>
          <h1 className={ss.title}>{t("title")}</h1>
          <p className={ss.intro}>{t("intro")}</p>
        </div>
      </div>
      {answer?.done ? (
        <p role="status" className={ss.notice}>
          {answer.done}
        </p>
      ) : null}
      {data.error ? (
        <p role="alert" className={ss.errorBox}>
          {data.error}
        </p>
      ) : null}
      {data.currencies.length >= 2 ? (
        <ConvertForm currencies={data.currencies} initial={data.initial} constraint={data.constraint} answer={answer} />
      ) : (
        <p className={ss.empty}>{t("unavailable")}</p>
      )}
      <ConvertHistory items={data.history} pager={data.pager} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Convert");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/convert", labelKey: "nav.convert" }} />;
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoldingsTable } from "~/features/savings/holdings";
import { ConfirmPurchase, ProductTable, type BuyResult } from "~/features/savings/products";
import * as s from "~/styles/money-pages.css";
import { getLang } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { displayAmount } from "~/lib/display";
import { cycleInterest, LOCK_LIST_LIMIT, parseProductId } from "~/features/savings/savings.server";
import { constraintOf, parseForm, refusalReply, replyWith, savingsT } from "~/features/savings/forms.server";
import { getToken, requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";
import { postedForm } from "~/lib/forms.server";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const url = new URL(request.url);
  const token = await getToken(request);
  const [t, list, held, accounts] = await Promise.all([
    savingsT(request),
    api(args, "lockList", { limit: LOCK_LIST_LIMIT }).then(loaded),
    token ? api(args, "currentSetting", { limit: LOCK_LIST_LIMIT }).then(loaded) : null,
    token ? api(args, "accountList", {}).then(loaded) : null,
  ]);
  const products = (list.ok ? list.data.data.slice(0, LOCK_LIST_LIMIT) : []).map((p) => ({
    ...p,
    cycle_interest: cycleInterest(p.daily_dividend, p.limit_days),
  }));
  // Spot (change_account) balances of the products' currencies: what a purchase is paid from.
  const codes = new Set(products.map((p) => p.currency.code));
  const spot = accounts?.ok ? (accounts.data.find((g) => g.account_code === "change_account")?.accounts ?? []) : [];
  const balances: Record<string, string> = {};
  for (const a of spot) if (codes.has(a.currency_code)) balances[a.currency_code] = a.balance;
  const confirmId = token ? parseProductId(url.searchParams.get("confirm")) : null;
  return data(
    {
      title: t("meta.title"),
      description: t("meta.description"),
      loggedIn: Boolean(token),
      products,
      productsError: list.ok || list.kind === "empty" ? null : list.msg,
      holdings: held?.ok ? held.data.data : [],
      holdingsError: held && !held.ok && held.kind !== "empty" ? held.msg : null,
      balances,
      // One-time keys, made per render: a double click or a re-posted form buys once (docs/api.md, idempotency).
      keys: Object.fromEntries(products.map((p) => [String(p.id), crypto.randomUUID()])),
      confirm: confirmId !== null ? (products.find((p) => p.id === confirmId) ?? null) : null,
      constraint: constraintOf("buy"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The exchange's refusals that concern the amount (it may name the field too); any other is the form's. */
const FIELD_MESSAGES = {
  number: ["amount_required", "amount_invalid", "amount_positive", "amount_decimals", "savings_min", "savings_max", "insufficient_balance"],
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await postedForm(request);
  await requireToken(request, { returnTo: "/deposit" });
  const t = await savingsT(request);
  const id = parseProductId(String(formData.get("id") ?? ""));
  const args = { request, context };
  const [list, accounts, lang] =
    formData.get("intent") === "buy" && id !== null
      ? await Promise.all([api(args, "lockList", { limit: LOCK_LIST_LIMIT }), api(args, "accountList", {}), getLang(request)])
      : [null, null, ""];
  const product = list?.ok ? list.data.data.find((p) => p.id === id) : undefined;
  if (id === null || !product) {
    return data<BuyResult>(
      { ok: false, id: id ?? 0, result: replyWith(formData, { formErrors: [t("errors.unknownProduct")] }) },
      { status: 400 },
    );
  }
  // The amount, between the product's minimum and maximum and covered by the spot balance (docs/product.md, "/deposit"):
  // checked here so the answer is a localized message on the amount field, with what was typed kept.
  const spot = accounts?.ok ? (accounts.data.find((g) => g.account_code === "change_account")?.accounts ?? []) : [];
  const available = accounts?.ok ? (spot.find((a) => a.currency_id === product.currency.id)?.balance ?? "0") : null;
  const limits = { limit_number: product.limit_number, max_number: product.max_number, code: product.currency.code, available, lang };
  const submission = parseForm("buy", formData, t, limits);
  if (submission.status !== "success") return data<BuyResult>({ ok: false, id, result: submission.reply() }, { status: 400 });
  const { number, idempotency_key } = submission.value;
  const r = await api(args, "submitLock", { id, number, idempotency_key: idempotency_key || undefined });
  if (!r.ok) {
    const result = refusalReply(submission, { msg: r.msg || t("errors.failed"), reason: r.reason }, FIELD_MESSAGES);
    return data<BuyResult>({ ok: false, id, result }, { status: 400 });
  }
  const message = t("bought", { name: r.data.name, amount: displayAmount(r.data.number, 2, lang), code: r.data.currency.code });
  // Without JavaScript: post/redirect/get back to the list, the toast says what happened.
  return redirectOrData<BuyResult>(request, formData, {
    to: "/deposit#holdings-title",
    toast: { kind: "success", message },
    data: { ok: true, id, message, result: replyWith(formData, { resetForm: true }) },
  });
}

export default function DepositRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? null;
  const { t, i18n } = useTranslation("savings");
  const failed = data.confirm && result && !result.ok && result.id === data.confirm.id ? result : null;
  return (
    <main className={s.page}>
      <div className={s.head}>
        <div>
          <h1 className={s.title}>{t("title")}</h1>
          <p className={s.intro}>{t("intro")}</p>
        </div>
        <Link to="/coinlog">{t("logLink")}</Link>
      </div>

      {result?.ok ? (
        <p role="status" className={s.notice}>
          {result.message}
        </p>
      ) : null}

      {data.confirm ? (
        <section className={s.confirmCard} aria-labelledby="confirm-title">
          <ConfirmPurchase
            product={data.confirm}
            idempotencyKey={data.keys[String(data.confirm.id)] ?? ""}
            available={data.balances[data.confirm.currency.code] ?? null}
            constraint={data.constraint}
            lastResult={failed?.result}
            js={false}
            titleId="confirm-title"
            cancel={{ href: "/deposit" }}
          />
        </section>
      ) : null}

      <section className={s.section} aria-labelledby="products-title">
        <h2 id="products-title" className={s.h2}>
          {t("products.title")}
        </h2>
        {data.loggedIn ? (
          Object.keys(data.balances).length ? (
            <div className={s.balanceLine}>
              <span id="spot-balances">{t("products.spotBalance")}</span>
              <ul className={s.balances} aria-labelledby="spot-balances">
                {Object.entries(data.balances).map(([code, balance]) => (
                  <li key={code}>
                    <span className={s.mono} data-testid={`spot-${code}`}>
                      {displayAmount(balance, 2, i18n.language)}
                    </span>{" "}
                    {code}
                  </li>
                ))}
              </ul>
            </div>
          ) : null
        ) : (
          <p className={s.visitor}>
            <span>{t("products.visitor")}</span>
            <Link to="/login?page=%2Fdeposit">{t("common:user.login")}</Link>
            <Link to="/register">{t("common:user.register")}</Link>
          </p>
        )}
        {data.productsError ? (
          <p role="alert" className={s.errorBox}>
            {data.productsError}
          </p>
        ) : null}
        <ProductTable
          products={data.products}
          loggedIn={data.loggedIn}
          keys={data.keys}
          balances={data.balances}
          constraint={data.constraint}
          result={result}
        />
      </section>

      {data.loggedIn ? (
        <section className={s.section} aria-labelledby="holdings-title">
          <h2 id="holdings-title" className={s.h2} tabIndex={-1}>
            {t("holdings.title")}
          </h2>
          {data.holdingsError ? (
            <p role="alert" className={s.errorBox}>
              {data.holdingsError}
            </p>
          ) : null}
          <HoldingsTable holdings={data.holdings} />
          <p className={s.actions}>
            <Link to="/coinlog" className={button.secondary}>
              {t("logLink")}
            </Link>
          </p>
        </section>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Savings");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/deposit", labelKey: "nav.savings" }} />;
}

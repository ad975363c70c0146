import { Select } from "~/components/form/control";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { REVIEW_STATUS } from "~/contract/core/personal";
import { getLang } from "~/lib/i18next.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { assetsT, constraintOf, readForm, refusalReply, replyWith } from "~/features/assets/forms.server";
import { RecordsTable } from "~/features/assets/records-table";
import { ChainTabs } from "~/features/assets/chain-tabs";
import { CurrencyPicker } from "~/features/assets/pickers";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { addressService, chainContract, signedInUserId } from "~/features/assets/address-service.server";
import { refusalMessage } from "~/lib/refusals.server";
import { api, type ApiArgs, type DataOf, loaded } from "~/lib/api.server";
import { parsePage, RECORDS_PAGE_SIZE } from "~/features/assets/constants";
import { feePercent } from "~/features/assets/rules.server";
import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { formatAmount, formatCoin } from "~/lib/amount";
import { formatTime } from "~/lib/time";
import { lazyValidation } from "~/lib/use-lazy-validate";

/** decimal.js and the preview rule load after hydration (first-load budget); the server does not need them to render. */
const assetsRules = lazyModule(() => import("~/features/assets/rules"));
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useEffect, useState } from "react";
import { moneyPageUrl, moneyRecords, pickCurrencyAndChain } from "~/features/assets/money-page";

const SECRET_FIELDS = ["pay_password"];

/** Exchange messages and the field each belongs to (checks in the order of docs/product.md, "Withdrawals"). */
const FIELD_MESSAGES = {
  address_id: ["draw_address_required", "address_invalid", "bind_address_first", "address_not_bound", "chain_not_found"],
  number: ["draw_amount_required", "amount_invalid", "amount_positive", "amount_decimals", "draw_min", "draw_max", "insufficient_balance"],
  pay_password: ["pay_password_required", "pay_password_locked", "pay_password_not_set", "pay_password_incorrect"],
  google_code: ["google_code_required", "google_code_error", "google_code_used", "google_code_locked"],
};

type Currency = DataOf<"currencyProtocols">[number];

/** The chain asked for, else the currency's first. */
function chainOf(currency: Currency, id: number | undefined) {
  return currency.currency_protocols.find((p) => p.id === id) ?? currency.currency_protocols[0];
}

/** The user's bound addresses for this coin on this chain. */
function addressBook(args: ApiArgs, userId: number, currency: Currency, chain: Currency["currency_protocols"][number]) {
  return addressService(args, "getDrawAddress", {
    user_id: userId,
    coin_name: currency.code,
    contract_address: chainContract(chain.token_address, chain.chain_protocol.code),
  });
}

const pageUrl = (currencyId: number, chainId?: number) => moneyPageUrl("/assets/withdraw", currencyId, chainId);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const args = { request, context };
  const [currenciesR, info, t] = await Promise.all([
    api(args, "currencyProtocols", {}).then(loaded),
    api(args, "userInfo", {}),
    assetsT(request),
  ]);
  const currencies = currenciesR.ok ? currenciesR.data.filter((c) => c.open_draw === 1) : [];
  const { currency, chain } = pickCurrencyAndChain(currencies, url);
  const page = parsePage(url.searchParams.get("page"));
  // The exchange's id for this session (user/info), not the cookie's: the address service trusts the id it is given.
  const uid = info.ok ? info.data.id : null;
  const [addresses, detail, draws, center] = await Promise.all([
    currency && chain && uid ? addressBook(args, uid, currency, chain) : null,
    currency ? api(args, "accountDetail", { currency_id: currency.id, account_type_id: 1 }).then(loaded) : null,
    api(args, "drawList", { page, limit: RECORDS_PAGE_SIZE }).then(loaded),
    api(args, "realNameCenter", {}),
  ]);
  const lang = await getLang(request);
  return data(
    {
      title: t("withdraw.title"),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code })),
      currency: currency
        ? {
            id: currency.id,
            code: currency.code,
            decimals: currency.decimals,
            rate: currency.draw_rate,
            ratePercent: feePercent(currency.draw_rate),
            min: currency.draw_min,
            max: currency.draw_max,
          }
        : null,
      chains: currency?.currency_protocols.map((p) => ({ id: p.id, code: p.chain_protocol.code })) ?? [],
      chain: chain ? { id: chain.id, code: chain.chain_protocol.code } : null,
      addresses: addresses?.ok ? addresses.data.map((a) => ({ id: a.id, address: a.address, memo: a.memo })) : [],
      addressError: addresses && !addresses.ok ? addresses.msg : null,
      available: detail?.ok ? detail.data.balance : null,
      hasPayPassword: info.ok ? info.data.has_pay_password : true,
      googleOn: info.ok ? info.data.google_switch === 1 : false,
      // After a change of the account's security nothing leaves for 24 hours: said before the form is filled.
      heldUntil: info.ok && info.data.withdraw_hold_until ? formatTime(info.data.withdraw_hold_until) : null,
      // The daily limit by identity, in USD value, as the exchange enforces it (docs/product.md, "Withdrawals").
      limit: center.ok
        ? {
            now: formatAmount(center.data.draw_limit_usd, { lang, dp: 0 }),
            verified: formatAmount(center.data.draw_limit_verified_usd, { lang, dp: 0 }),
            isVerified: center.data.review_status === REVIEW_STATUS.APPROVED,
          }
        : null,
      draws: moneyRecords(draws, currencies),
      key: crypto.randomUUID(),
      constraint: constraintOf("withdraw"),
      error: currenciesR.ok ? null : currenciesR.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, t, submission } = await readForm(request, "withdraw");
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const v = submission.value;
  const args = { request, context };
  // The chosen entry of the address book, so the exchange gets its address and memo together.
  const [currencies, userId] = await Promise.all([api(args, "currencyProtocols", {}), signedInUserId(args)]);
  const currency = currencies.ok ? currencies.data.find((c) => c.id === v.currency_id) : undefined;
  const chain = currency ? chainOf(currency, v.currency_protocol_id) : undefined;
  const book = currency && chain && userId ? await addressBook(args, userId, currency, chain) : null;
  const entry = book?.ok ? book.data.find((a) => String(a.id) === v.address_id) : undefined;
  if (!entry) {
    const msg = book && !book.ok ? book.msg : t("errors.addressRequired");
    return data<ActionData>(
      { result: replyWith(formData, { fieldErrors: { address_id: [msg] }, hideFields: SECRET_FIELDS }) },
      { status: 400 },
    );
  }
  const r = await api(args, "draw", {
    currency_id: v.currency_id,
    currency_protocol_id: chain?.id ?? v.currency_protocol_id,
    address: entry.address,
    memo: entry.memo,
    number: v.number,
    pay_password: v.pay_password,
    google_code: v.google_code?.slice(0, 6) || undefined,
    idempotency_key: v.idempotency_key,
  });
  if (!r.ok) {
    const msg = await refusalMessage(request, r, async () => {
      const detail = currency ? await api(args, "accountDetail", { currency_id: currency.id, account_type_id: 1 }) : null;
      return detail?.ok && currency ? { amount: detail.data.balance, code: currency.code } : null;
    });
    return data<ActionData>(
      { result: refusalReply(submission, { msg, reason: r.reason }, FIELD_MESSAGES, SECRET_FIELDS) },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, pageUrl(v.currency_id, v.currency_protocol_id), {
    kind: "success",
    message: t("withdraw.submitted"),
  });
}

export default function WithdrawRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("assets");
  return (
    <main>
      <section className={s.section} aria-labelledby="withdraw-title">
        <h1 id="withdraw-title" className={s.h1}>
          {t("withdraw.title")}
        </h1>
        {data.error ? <p role="alert">{data.error}</p> : null}
        {data.currency ? (
          <>
            <CurrencyPicker currencies={data.currencies} current={data.currency.id} />
            <ChainTabs chains={data.chains} current={data.chain?.id ?? 0} href={(id) => pageUrl(data.currency!.id, id)} />
            {data.limit ? (
              <p className={s.status} data-testid="daily-limit">
                {t("withdraw.dailyLimit")}: {t("withdraw.dailyLimitValue", { amount: data.limit.now })}
                {data.limit.isVerified ? null : (
                  <>
                    {" · "}
                    <Link to="/personal/authentication">{t("withdraw.raiseLimit", { amount: data.limit.verified })}</Link>
                  </>
                )}
              </p>
            ) : null}
            {data.heldUntil ? (
              <p className={s.note} data-testid="withdraw-hold">
                <strong>{t("withdraw.heldTitle")}</strong> {t("withdraw.heldUntil", { time: data.heldUntil })}
              </p>
            ) : null}
            {!data.hasPayPassword ? (
              <p className={s.note}>
                {t("withdraw.noPayPassword")}{" "}
                <Link to={`/tradePassword?page=${encodeURIComponent(pageUrl(data.currency.id, data.chain?.id))}`}>
                  {t("withdraw.setPayPassword")}
                </Link>
              </p>
            ) : null}
            {data.addressError ? <p role="alert">{data.addressError}</p> : null}
            {data.addresses.length === 0 && !data.addressError ? (
              <p className={s.note} role="status">
                {t("withdraw.bindFirst")}{" "}
                <Link to={`/assets/bindAddr?currency_id=${data.currency.id}${data.chain ? `&chain=${data.chain.id}` : ""}`}>
                  {t("withdraw.toBind")}
                </Link>
              </p>
            ) : (
              <WithdrawForm key={`${data.currency.id}-${data.chain?.id}-${data.key}`} />
            )}
          </>
        ) : (
          <p>{t("withdraw.noCurrency")}</p>
        )}
      </section>
      <section className={s.section} aria-labelledby="draws-title">
        <h2 id="draws-title" className={s.h2}>
          {t("withdraw.records")}
        </h2>
        <DrawTable />
      </section>
    </main>
  );
}

function WithdrawForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("assets");
  const lang = i18n.language;
  const navigation = useNavigation();
  const validate = useAssetsValidate("withdraw");
  const currency = data.currency!;
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult: actionData?.result,
    defaultValue: { address_id: data.addresses[0] ? String(data.addresses[0].id) : undefined },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/assets/withdraw");
  const rules = useLazyModule(assetsRules);
  const preview = rules?.withdrawalPreview(String(fields.number.value ?? ""), currency.rate, currency.decimals) ?? null;
  // Until an amount is entered (or while the rule loads) the fee and the amount received are 0, as figures.
  const figure = (v: string | undefined) => `${formatCoin(v ?? "0", currency.decimals, { lang })} ${currency.code}`;
  const typed = String(fields.number.value ?? "");
  const said = useSettled(
    preview && typed ? t("withdraw.previewSaid", { fee: figure(preview.fee), received: figure(preview.received) }) : "",
    PREVIEW_SAID_MS,
  );
  const memo = data.addresses.find((a) => String(a.id) === (fields.address_id.value ?? String(data.addresses[0]?.id)))?.memo ?? "";
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      <input type="hidden" name="currency_id" value={currency.id} />
      {data.chain ? <input type="hidden" name="currency_protocol_id" value={data.chain.id} /> : null}
      <input type="hidden" name="idempotency_key" value={data.key} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className={fieldClass}>
        <label htmlFor={fields.address_id.id} className={labelClass}>
          {t("fields.address")}
        </label>
        <Select {...getSelectProps(fields.address_id)} className={`${input} ${s.select}`} key={fields.address_id.key}>
          {data.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.address}
              {a.memo ? ` (${t("fields.memo")} ${a.memo})` : ""}
            </option>
          ))}
        </Select>
        {memo ? <p className={s.status}>{t("withdraw.memoNote", { memo })}</p> : null}
        <ErrorLine field={fields.address_id} />
      </div>
      <TextField
        label={t("fields.amount", { code: currency.code })}
        inputProps={{
          ...getInputProps(fields.number, { type: "text", ariaDescribedBy: "draw-hint" }),
          inputMode: "decimal",
          autoComplete: "off",
          placeholder: currency.min,
        }}
        field={fields.number}
        hintId="draw-hint"
        hint={
          <>
            {t("withdraw.minimum", { min: formatCoin(currency.min, currency.decimals, { lang }), code: currency.code })}
            {data.available !== null
              ? ` · ${t("withdraw.available", { amount: formatCoin(data.available, currency.decimals, { lang }), code: currency.code })}`
              : ""}
          </>
        }
      />
      <PasswordField
        label={t("fields.payPassword")}
        inputProps={{ ...getInputProps(fields.pay_password, { type: "password" }), autoComplete: "off" }}
        field={fields.pay_password}
      />
      {data.googleOn ? (
        <>
          <input type="hidden" name="google" value="1" />
          <GoogleCodeField
            label={t("withdraw.googleCode")}
            inputProps={getInputProps(fields.google_code, { type: "text" })}
            field={fields.google_code}
          />
        </>
      ) : null}
      <dl className={s.dl}>
        <dt className={s.dt}>{t("withdraw.feeRate")}</dt>
        <dd className={s.dd}>{t("withdraw.percent", { value: currency.ratePercent })}</dd>
        <dt className={s.dt}>{t("withdraw.fee")}</dt>
        <dd className={`${s.dd} ${s.preview}`}>{figure(preview?.fee)}</dd>
        <dt className={s.dt}>{t("withdraw.received")}</dt>
        <dd className={`${s.dd} ${s.preview}`}>{figure(preview?.received)}</dd>
      </dl>
      {/* The figures above, said once typing pauses, in words (not each keystroke's bare number). */}
      <p className="sr-only" role="status" data-testid="withdraw-said">
        {said}
      </p>
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("withdraw.submit")}
      </button>
    </Form>
  );
}

/** How long typing must pause before the fee and amount received are said (once, not at every keystroke). */
const PREVIEW_SAID_MS = 1000;

/** `value` once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

function DrawTable() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assets");
  const amount = (v: string, dp: number) => formatCoin(v, dp, { lang: i18n.language });
  return (
    <RecordsTable
      {...data.draws}
      download={{ href: "/resources/export/withdrawals", label: t("records.csv") }}
      columns={[
        { head: t("records.time"), cell: (w) => w.time },
        { head: t("account.currency"), cell: (w) => w.currency.code },
        { head: t("fields.chain"), cell: (w) => w.chain },
        { head: t("fields.address"), cell: (w) => w.address, address: true },
        { head: t("records.amount"), cell: (w) => amount(w.number, w.decimals), num: true },
        { head: t("withdraw.fee"), cell: (w) => amount(w.fee, w.decimals), num: true },
        { head: t("withdraw.received"), cell: (w) => amount(w.received, w.decimals), num: true },
        { head: t("records.status"), cell: (w) => w.status_name },
      ]}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Withdraw" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}

import { Select } from "~/components/form/control";
import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { useEffect, useState, type ReactNode } from "react";
import * as s from "~/features/assets/assets.css";
import { assetsT, constraintOf, readForm, refusalReply, replyWith } from "~/features/assets/forms.server";
import { CurrencyPicker } from "~/features/assets/pickers";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import type { AccountCode, Currency } from "~/contract/money";
import { api, loaded } from "~/lib/api.server";
import { accountPageOf, isAccountCode, pickOtherSide, TRANSFER_RELOAD_MS } from "~/features/assets/constants";
import { availableIn, transferableCurrencies } from "~/features/assets/rules.server";
import { formatCoin } from "~/lib/amount";
import { getLang } from "~/lib/i18next.server";
import { requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JsFlag } from "~/components/form/js-flag";
import { TableHead } from "~/components/table-head";

const FIELD_MESSAGES = {
  balance: ["transfer_amount_required", "amount_invalid", "amount_positive", "amount_decimals", "insufficient_balance"],
  to: ["transfer_same_account", "transfer_account_not_supported"],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const [list, t, lang] = await Promise.all([
    api({ request, context }, "accountList", {}).then(loaded),
    assetsT(request),
    getLang(request),
  ]);
  const groups = list.ok ? list.data : [];
  const byId = new Map<number, Currency>();
  for (const g of groups) for (const a of g.accounts) if (!byId.has(a.currency_id)) byId.set(a.currency_id, a.currency);
  const currencies = transferableCurrencies([...byId.values()]);
  const wanted = Number.parseInt(url.searchParams.get("currency_id") ?? "", 10);
  const currency = currencies.find((c) => c.id === wanted) ?? currencies[0];
  const allowed = (currency?.account_types.map((a) => a.account_code) ?? []) as AccountCode[];
  const qFrom = url.searchParams.get("from");
  const from: AccountCode =
    isAccountCode(qFrom) && allowed.includes(qFrom)
      ? qFrom
      : allowed.includes("change_account")
        ? "change_account"
        : (allowed[0] ?? "change_account");
  const qTo = url.searchParams.get("to");
  const to = pickOtherSide(from, isAccountCode(qTo) ? qTo : "", allowed);
  return data(
    {
      title: t("transfer.title"),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code })),
      currency: currency ? { id: currency.id, code: currency.code } : null,
      accounts: currency
        ? allowed.map((code) => ({
            code,
            page: accountPageOf(code) ?? "tradeAccount",
            available: formatCoin(availableIn(groups, code, currency.id), currency.decimals, { lang }),
          }))
        : [],
      from,
      to,
      key: crypto.randomUUID(),
      constraint: constraintOf("transfer"),
      error: list.ok ? null : list.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]>; ok: boolean; message?: string; js?: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, t, submission } = await readForm(request, "transfer");
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), ok: false }, { status: 400 });
  const v = submission.value;
  const r = await api({ request, context }, "transfer", {
    currency_id: v.currency_id,
    balance: v.balance,
    from: v.from,
    to: v.to,
    idempotency_key: v.idempotency_key,
  });
  if (!r.ok) return data<ActionData>({ result: refusalReply(submission, r, FIELD_MESSAGES), ok: false }, { status: 400 });
  const message = t("transfer.done", { amount: r.data.balance, code: r.data.currency.code, from: r.data.from_name, to: r.data.to_name });
  // Without JavaScript: back to the page (amount cleared, balances fresh) with the toast.
  return redirectOrData<ActionData>(request, formData, {
    to: `/assets/transfer?currency_id=${v.currency_id}&from=${v.from}&to=${v.to}`,
    toast: { kind: "success", message },
    data: { result: replyWith(formData, { resetForm: true }), ok: true, message, js: true },
  });
}

/** With JavaScript the balances reload 1 s after a transfer, not at once (docs/product.md, "/assets/transfer and /assets/transferLog"). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && (actionResult as ActionData).ok && (actionResult as ActionData).js) return false;
  return defaultShouldRevalidate;
};

export default function TransferRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("assets");
  return (
    <main>
      <section className={s.section} aria-labelledby="transfer-title">
        <div className={s.summary}>
          <h1 id="transfer-title" className={s.h1}>
            {t("transfer.title")}
          </h1>
          {data.currency ? (
            <Link to={`/assets/transferLog?currency_id=${data.currency.id}&currency_code=${encodeURIComponent(data.currency.code)}`}>
              {t("transfer.log")}
            </Link>
          ) : null}
        </div>
        {data.error ? <p role="alert">{data.error}</p> : null}
        {data.currency ? (
          <>
            <CurrencyPicker currencies={data.currencies} current={data.currency.id} id="transfer-currency" />
            <TransferForm key={`${data.currency.id}-${data.from}-${data.to}`} />
          </>
        ) : (
          <p>{t("transfer.noCurrency")}</p>
        )}
      </section>
      {data.currency ? (
        <section className={s.section} aria-labelledby="balances-title">
          <h2 id="balances-title" className={s.h2}>
            {t("transfer.balances", { code: data.currency.code })}
          </h2>
          <table className={s.table}>
            <TableHead
              className={s.th}
              columns={[{ head: t("transfer.account") }, { head: t("account.available"), className: `${s.th} ${s.num}` }]}
            />
            <tbody>
              {data.accounts.map((a) => (
                <tr key={a.code} data-account={a.code}>
                  <th scope="row" className={s.rowHead}>
                    <Link to={`/assets/${a.page}`}>{t(`menu.${a.page}`)}</Link>
                  </th>
                  <td className={`${s.td} ${s.num}`}>{a.available}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </main>
  );
}

function TransferForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("assets");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const validate = useAssetsValidate("transfer");
  const [form, fields] = useForm({
    id: "transfer",
    lastResult: actionData?.result,
    defaultValue: { from: data.from, to: data.to },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const allowed = data.accounts.map((a) => a.code);
  // The last submission's choice wins over the defaults (a failed POST without JavaScript re-renders the page).
  const initial = (v: unknown, fallback: AccountCode) => (isAccountCode(v) && allowed.includes(v) ? v : fallback);
  const [from, setFrom] = useState<AccountCode>(() => initial(fields.from.initialValue, data.from));
  const [to, setTo] = useState<AccountCode | "">(() => initial(fields.to.initialValue, data.to || data.from));
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/assets/transfer");

  // After a success: the amount is cleared (resetForm) and the balances reload after 1 s.
  useEffect(() => {
    if (!actionData?.ok) return;
    const id = setTimeout(() => revalidator.revalidate(), TRANSFER_RELOAD_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one reload per answer (the revalidator changes as it runs)
  }, [actionData]);
  // The message of THIS transfer, kept until the next submit: the reload after 1 s drops the action's answer, which
  // took the message with it (issue 21: it showed about a second), and a later answer replaces it, never an older one.
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (actionData) setDone(actionData.ok && actionData.message ? actionData.message : null);
  }, [actionData]);
  useEffect(() => {
    if (busy) setDone(null);
  }, [busy]);

  const available = data.accounts.find((a) => a.code === from)?.available ?? "0";
  const names = data.accounts.map((a) => ({ code: a.code, name: t(`menu.${a.page}`) }));
  // Choosing one side moves the other off it when they would be the same account.
  const pickFrom = (next: AccountCode) => {
    setFrom(next);
    setTo((cur) => pickOtherSide(next, cur, allowed));
  };
  const pickTo = (next: AccountCode) => {
    setTo(next);
    setFrom((cur) => (pickOtherSide(next, cur, allowed) || cur) as AccountCode);
  };
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      <input type="hidden" name="currency_id" value={data.currency!.id} />
      <input type="hidden" name="idempotency_key" value={data.key} />
      <JsFlag />
      <FormError id={form.errorId} errors={form.errors} />
      <p className={done ? s.success : "sr-only"} role="status">
        {done}
      </p>
      <AccountSelect field={fields.from} label={t("fields.from")} value={from} names={names} onPick={pickFrom}>
        <p className={s.status} id="transfer-available">
          {t("transfer.available", { amount: available, code: data.currency!.code })}
        </p>
      </AccountSelect>
      <AccountSelect field={fields.to} label={t("fields.to")} value={to} names={names} onPick={pickTo} />
      <TextField
        label={t("fields.transferAmount", { code: data.currency!.code })}
        inputProps={{ ...getInputProps(fields.balance, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        field={fields.balance}
      />
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("transfer.submit")}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Transfer" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}

/**
 * One side of the transfer: the accounts that may take part, by their menu names; the choice is held by the form
 * (choosing one side may move the other), so the select is controlled.
 */
function AccountSelect({
  field,
  label,
  value,
  names,
  onPick,
  children,
}: {
  field: FieldMetadata<string>;
  label: string;
  value: AccountCode | "";
  names: Array<{ code: AccountCode; name: string }>;
  onPick: (code: AccountCode) => void;
  children?: ReactNode;
}) {
  const { defaultValue: _default, key: _key, ...props } = getSelectProps(field);
  return (
    <div className={fieldClass}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <Select {...props} value={value} onChange={(e) => onPick(e.currentTarget.value as AccountCode)} className={`${input} ${s.select}`}>
        {names.map((a) => (
          <option key={a.code} value={a.code}>
            {a.name}
          </option>
        ))}
      </Select>
      {children}
      <ErrorLine field={field} />
    </div>
  );
}

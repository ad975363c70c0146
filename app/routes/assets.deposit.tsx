import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { CopyButton } from "~/components/copy-button";
import { assetsT, constraintOf, readForm, refusalReply, replyWith } from "~/features/assets/forms.server";
import { RecordsTable } from "~/features/assets/records-table";
import { ChainTabs } from "~/features/assets/chain-tabs";
import { CurrencyPicker } from "~/features/assets/pickers";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { FormError, TextField } from "~/components/form/field";
import { api, loaded } from "~/lib/api.server";
import { parsePage, RECORDS_PAGE_SIZE } from "~/features/assets/constants";
import { moneyPageUrl, moneyRecords, pickCurrencyAndChain } from "~/features/assets/money-page";
import { qrSvg } from "~/lib/qr.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { formatCoin } from "~/lib/amount";
import { addressFitsChain } from "~/contract/core/addresses";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const FIELD_MESSAGES = {
  chargeNum: ["deposit_amount_required", "amount_invalid", "amount_positive", "amount_decimals", "deposit_min"],
  walletAddress: ["wallet_address_required", "address_invalid", "wallet_address_chain"],
};

const pageUrl = (currencyId: number, chainId?: number) => moneyPageUrl("/assets/deposit", currencyId, chainId);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const args = { request, context };
  const [currenciesR, t] = await Promise.all([api(args, "currencyProtocols", {}).then(loaded), assetsT(request)]);
  const currencies = currenciesR.ok ? currenciesR.data.filter((c) => c.open_recharge === 1) : [];
  const { currency, chain } = pickCurrencyAndChain(currencies, url);
  const page = parsePage(url.searchParams.get("page"));
  const [wallet, detail, deposits] = await Promise.all([
    currency ? api(args, "wallet", { currency_id: currency.id, currency_protocol_id: chain?.id }) : null,
    currency ? api(args, "accountDetail", { currency_id: currency.id, account_type_id: 1 }).then(loaded) : null,
    api(args, "depositList", { page, limit: RECORDS_PAGE_SIZE }).then(loaded),
  ]);
  const address = wallet?.ok ? wallet.data.address : "";
  return data(
    {
      title: t("deposit.title"),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code })),
      currency: currency ? { id: currency.id, code: currency.code, decimals: currency.decimals, min: currency.recharge_min } : null,
      chains: currency?.currency_protocols.map((p) => ({ id: p.id, code: p.chain_protocol.code })) ?? [],
      chain: chain ? { id: chain.id, code: chain.chain_protocol.code } : null,
      wallet: wallet?.ok ? { address, memo: wallet.data.memo, qr: await qrSvg(address, 180) } : null,
      walletError: wallet && !wallet.ok ? wallet.msg : null,
      available: detail?.ok && currency ? detail.data.balance : null,
      deposits: moneyRecords(deposits, currencies),
      key: crypto.randomUUID(),
      constraint: constraintOf("deposit"),
      error: currenciesR.ok ? null : currenciesR.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { formData, t, submission } = await readForm(request, "deposit");
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  // The sending wallet must look like an address of the chosen chain: the rule the withdrawal address book applies.
  const protocols = await api({ request, context }, "currencyProtocols", {});
  const currency = protocols.ok ? protocols.data.find((c) => c.id === v.currency_id) : undefined;
  const chain = currency
    ? (currency.currency_protocols.find((p) => p.id === v.currency_protocol_id) ?? currency.currency_protocols[0])
    : undefined;
  if (chain && !addressFitsChain(chain.chain_protocol.code, v.walletAddress)) {
    const message = t("errors.walletAddressChain", { chain: chain.chain_protocol.code });
    return data<ActionData>({ result: replyWith(formData, { fieldErrors: { walletAddress: [message] } }) }, { status: 400 });
  }
  const r = await api({ request, context }, "createPayOrder", {
    currency_id: v.currency_id,
    currency_protocol_id: v.currency_protocol_id,
    chargeNum: v.chargeNum,
    walletAddress: v.walletAddress,
    in_address: String(formData.get("in_address") ?? "").slice(0, 128),
    idempotency_key: v.idempotency_key,
  });
  if (!r.ok) return data<ActionData>({ result: refusalReply(submission, r, FIELD_MESSAGES) }, { status: 400 });
  throw await redirectWithToast(request, pageUrl(v.currency_id, v.currency_protocol_id), {
    kind: "success",
    message: t("deposit.submitted"),
  });
}

export default function DepositRoute() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assets");
  return (
    <main>
      <section className={s.section} aria-labelledby="deposit-title">
        <h1 id="deposit-title" className={s.h1}>
          {t("deposit.title")}
        </h1>
        {data.error ? <p role="alert">{data.error}</p> : null}
        {data.currency ? (
          <>
            <CurrencyPicker currencies={data.currencies} current={data.currency.id} />
            <ChainTabs chains={data.chains} current={data.chain?.id ?? 0} href={(id) => pageUrl(data.currency!.id, id)} />
            {data.walletError ? <p role="alert">{data.walletError}</p> : null}
            {data.wallet ? (
              <div className={s.depositGrid}>
                <div
                  className={s.qr}
                  role="img"
                  aria-label={t("deposit.qrLabel", { code: data.currency.code, chain: data.chain?.code ?? "" })}
                  dangerouslySetInnerHTML={{ __html: data.wallet.qr }}
                />
                <dl className={s.dl}>
                  <dt className={s.dt}>{t("deposit.address")}</dt>
                  <dd className={s.dd}>
                    <span className={s.address} data-testid="deposit-address">
                      {data.wallet.address}
                    </span>{" "}
                    <CopyButton text={data.wallet.address} label={t("deposit.copyAddress")} />
                    <p className={s.status} data-testid="network-warning">
                      <strong>{t("deposit.networkWarning", { code: data.currency.code, chain: data.chain?.code ?? "" })}</strong>
                    </p>
                  </dd>
                  {data.wallet.memo ? (
                    <>
                      <dt className={s.dt}>{t("fields.memo")}</dt>
                      <dd className={s.dd}>
                        <span className={s.address}>{data.wallet.memo}</span>{" "}
                        <CopyButton text={data.wallet.memo} label={t("deposit.copyMemo")} />
                        <p className={s.status}>{t("deposit.memoWarning")}</p>
                      </dd>
                    </>
                  ) : null}
                  {data.available !== null ? (
                    <>
                      <dt className={s.dt}>{t("deposit.balance")}</dt>
                      <dd className={`${s.dd} ${s.preview}`}>
                        {formatCoin(data.available, data.currency.decimals, { lang: i18n.language })} {data.currency.code}
                      </dd>
                    </>
                  ) : null}
                </dl>
              </div>
            ) : null}
          </>
        ) : (
          <p>{t("deposit.noCurrency")}</p>
        )}
      </section>
      {data.currency ? (
        <section className={s.section} aria-labelledby="review-title">
          <h2 id="review-title" className={s.h2}>
            {t("deposit.reviewTitle")}
          </h2>
          <p className={s.muted}>{t("deposit.reviewIntro")}</p>
          <DepositForm key={`${data.currency.id}-${data.chain?.id}-${data.key}`} />
        </section>
      ) : null}
      <section className={s.section} aria-labelledby="deposits-title">
        <h2 id="deposits-title" className={s.h2}>
          {t("deposit.records")}
        </h2>
        <DepositTable />
      </section>
    </main>
  );
}

function DepositForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("assets");
  const navigation = useNavigation();
  const validate = useAssetsValidate("deposit");
  const [form, fields] = useForm({
    id: "deposit",
    lastResult: actionData?.result,
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/assets/deposit");
  const currency = data.currency!;
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      <input type="hidden" name="currency_id" value={currency.id} />
      {data.chain ? <input type="hidden" name="currency_protocol_id" value={data.chain.id} /> : null}
      <input type="hidden" name="in_address" value={data.wallet?.address ?? ""} />
      <input type="hidden" name="idempotency_key" value={data.key} />
      <FormError id={form.errorId} errors={form.errors} />
      <TextField
        label={t("fields.depositAmount", { code: currency.code })}
        inputProps={{
          ...getInputProps(fields.chargeNum, { type: "text", ariaDescribedBy: currency.min !== "0" ? "deposit-min" : undefined }),
          inputMode: "decimal",
          autoComplete: "off",
          placeholder: currency.min !== "0" ? currency.min : undefined,
        }}
        field={fields.chargeNum}
        hintId={currency.min !== "0" ? "deposit-min" : undefined}
        hint={
          currency.min !== "0"
            ? t("deposit.minimum", { min: formatCoin(currency.min, currency.decimals, { lang: i18n.language }), code: currency.code })
            : undefined
        }
      />
      <TextField
        label={t("fields.walletAddress")}
        inputProps={{ ...getInputProps(fields.walletAddress, { type: "text" }), autoComplete: "off", spellCheck: false }}
        field={fields.walletAddress}
      />
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("deposit.submit")}
      </button>
    </Form>
  );
}

function DepositTable() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assets");
  return (
    <RecordsTable
      {...data.deposits}
      download={{ href: "/resources/export/deposits", label: t("records.csv") }}
      columns={[
        { head: t("records.time"), cell: (x) => x.time },
        { head: t("account.currency"), cell: (x) => x.currency.code },
        { head: t("fields.chain"), cell: (x) => x.chain },
        {
          head: t("records.amount"),
          cell: (x) => formatCoin(x.amount, x.decimals, { lang: i18n.language }),
          num: true,
        },
        { head: t("fields.walletAddress"), cell: (x) => x.wallet_address, address: true },
        { head: t("records.status"), cell: (x) => x.status_name },
      ]}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Deposit" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}

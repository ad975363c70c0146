import { Select } from "~/components/form/control";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { ownCodeWait, rememberOwnCodeSent } from "~/lib/code-wait.server";
import { fieldOfReason } from "~/contract/core/codes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { SentCodeField, useCodeSender, type CodeSendResult } from "~/components/code-button";
import { assetsT, constraintOf, parseForm, replyWith } from "~/features/assets/forms.server";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { addressService, chainContract, signedInUserId } from "~/features/assets/address-service.server";
import { api, type ApiArgs } from "~/lib/api.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { BIND_CODE_COUNTDOWN_S, formatTime } from "~/features/assets/constants";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TableHead } from "~/components/table-head";

const FIELD_MESSAGES = {
  address: ["draw_address_required", "address_invalid", "address_invalid_for_chain", "address_already_bound", "address_book_full"],
  memo: ["memo_not_supported", "memo_invalid"],
  verificationcode: ["code_required", "code_invalid", "code_locked"],
  currency_protocol_id: ["currency_not_found", "chain_not_found"],
};

/** Every (currency, chain) an address can be bound for. */
async function chainOptions(args: ApiArgs) {
  const r = await api(args, "currencyProtocols", {});
  const options = r.ok
    ? r.data.flatMap((c) =>
        c.currency_protocols.map((p) => ({
          id: p.id,
          currencyId: c.id,
          coin: c.code,
          chain: p.chain_protocol.code,
          token: p.token_address,
          needsMemo: p.needs_memo === 1,
        })),
      )
    : [];
  return { options, error: r.ok ? null : r.msg };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const args = { request, context };
  const url = new URL(request.url);
  const [{ options, error }, userId, t, codeWait] = await Promise.all([
    chainOptions(args),
    signedInUserId(args),
    assetsT(request),
    ownCodeWait(request, "bindAddress", BIND_CODE_COUNTDOWN_S),
  ]);
  const list = userId ? await addressService(args, "getDrawAddress", { user_id: userId }) : null;
  const wantedChain = Number.parseInt(url.searchParams.get("chain") ?? "", 10);
  const wantedCurrency = Number.parseInt(url.searchParams.get("currency_id") ?? "", 10);
  const selected = options.find((o) => o.id === wantedChain) ?? options.find((o) => o.currencyId === wantedCurrency) ?? options[0];
  return data(
    {
      title: t("bind.title"),
      options,
      selected: selected?.id ?? null,
      entries: list?.ok
        ? list.data.map((e) => ({
            id: e.id,
            coin: e.coin_name,
            chain: e.chain,
            address: e.address,
            memo: e.memo,
            time: formatTime(e.created_at),
          }))
        : [],
      error: error ?? (list && !list.ok ? list.msg : null) ?? (userId ? null : t("common:errors.server")),
      constraint: constraintOf("bind"),
      codeWait,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]> | null; codeSend: CodeSendResult | null };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request);
  const args = { request, context };
  const formData = await request.formData();
  const t = await assetsT(request);
  const intent = formData.get("intent");
  const userId = await signedInUserId(args);
  if (!userId)
    return data<ActionData>({ result: replyWith(formData, { formErrors: [t("common:errors.server")] }), codeSend: null }, { status: 500 });

  if (intent === "remove") {
    const id = Number.parseInt(String(formData.get("id") ?? ""), 10);
    const r = Number.isInteger(id) && id > 0 ? await addressService(args, "removeDrawAddress", { user_id: userId, id }) : null;
    throw await redirectWithToast(
      request,
      "/assets/bindAddr",
      r?.ok ? { kind: "success", message: t("bind.removed") } : { kind: "error", message: r?.msg || t("errors.invalid") },
    );
  }

  if (intent === "send-code") {
    // The forms' code-sending limit, as on every page that sends a code (the exchange keeps its own as well).
    const limited = await rateLimit("sendCode", context.clientIp, `user:${userId}`);
    if (limited) {
      const codeSend: CodeSendResult = {
        ok: false,
        message: t("common:errors.tooManyRequests", { seconds: limited.retryAfter }),
        wait: limited.retryAfter,
      };
      return data<ActionData>(
        { result: replyWith(formData, {}), codeSend },
        { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
      );
    }
    const r = await addressService(args, "sendVerificationcode", { user_id: userId });
    const codeSend: CodeSendResult = r.ok
      ? { ok: true, message: t("code.sent"), sentAt: Date.now() }
      : { ok: false, message: r.msg, wait: r.reason?.wait };
    return data<ActionData>(
      { result: replyWith(formData, {}), codeSend },
      r.ok ? { headers: await rememberOwnCodeSent(request, "bindAddress") } : { status: 400 },
    );
  }

  const submission = parseForm("bind", formData, t);
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply(), codeSend: null }, { status: 400 });
  const v = submission.value;
  const { options } = await chainOptions(args);
  const option = options.find((o) => o.id === v.currency_protocol_id);
  if (!option)
    return data<ActionData>(
      { result: replyWith(formData, { fieldErrors: { currency_protocol_id: [t("errors.invalid")] } }), codeSend: null },
      { status: 400 },
    );
  const r = await addressService(args, "bindDrawAddress", {
    user_id: userId,
    address: v.address,
    coin_name: option.coin,
    contract_address: chainContract(option.token, option.chain),
    memo: v.memo,
    verificationcode: v.verificationcode,
  });
  if (!r.ok) {
    const field = fieldOfReason(r.reason, FIELD_MESSAGES);
    return data<ActionData>(
      { result: replyWith(formData, field ? { fieldErrors: { [field]: [r.msg] } } : { formErrors: [r.msg] }), codeSend: null },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, `/assets/bindAddr?chain=${option.id}`, { kind: "success", message: t("bind.saved") });
}

type BookEntry = { id: number; coin: string; chain: string; address: string };

/**
 * Removing an address asks first, as a step the server renders (`?confirm=remove&id=`), so it works without
 * JavaScript too: what goes, and 'Keep it' (focused) beside 'Remove'.
 */
function RemoveConfirm({ entries }: { entries: BookEntry[] }) {
  const { t } = useTranslation("assets");
  const [params] = useSearchParams();
  const entry = params.get("confirm") === "remove" ? entries.find((e) => String(e.id) === params.get("id")) : undefined;
  if (!entry) return null;
  return (
    <section
      id="remove-confirm"
      className={s.section}
      role="alertdialog"
      aria-labelledby="remove-confirm-title"
      aria-describedby="remove-confirm-text"
    >
      <h3 id="remove-confirm-title" className={s.h2}>
        {t("bind.removeConfirmTitle")}
      </h3>
      <p id="remove-confirm-text" className={s.address}>
        {t("bind.removeConfirmText", { coin: entry.coin, chain: entry.chain, address: entry.address })}
      </p>
      <div className={s.actions}>
        {/* A plain GET back to the page: the question goes, nothing changes. */}
        <Form method="get" action="/assets/bindAddr">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the question's safe answer takes the focus when it opens */}
          <button type="submit" className={button.secondary} autoFocus>
            {t("bind.removeKeep")}
          </button>
        </Form>
        <Form method="post" action="/assets/bindAddr">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={entry.id} />
          <button type="submit" className={button.primary}>
            {t("bind.remove")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export default function BindAddrRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("assets");
  return (
    <main>
      <section className={s.section} aria-labelledby="bind-title">
        <h1 id="bind-title" className={s.h1}>
          {t("bind.title")}
        </h1>
        {data.error ? <p role="alert">{data.error}</p> : null}
        <BindForm key={data.entries.length} />
      </section>
      <section className={s.section} aria-labelledby="book-title">
        <h2 id="book-title" className={s.h2}>
          {t("bind.list")}
        </h2>
        <RemoveConfirm entries={data.entries} />
        {data.entries.length === 0 ? (
          <p className={s.muted}>{t("bind.empty")}</p>
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table}>
              <TableHead
                className={s.th}
                columns={[
                  { head: t("account.currency") },
                  { head: t("fields.chain") },
                  { head: t("fields.address") },
                  { head: t("fields.memo") },
                  { head: t("records.time") },
                  { head: t("account.actions") },
                ]}
              />
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.id}>
                    <td className={s.td}>{e.coin}</td>
                    <td className={s.td}>{e.chain}</td>
                    <td className={`${s.td} ${s.address}`}>{e.address}</td>
                    <td className={s.td}>{e.memo || "—"}</td>
                    <td className={s.td}>{e.time}</td>
                    <td className={s.td}>
                      <Link
                        to={`?confirm=remove&id=${e.id}`}
                        className={`${button.secondary} ${s.small}`}
                        aria-label={t("bind.removeOf", { address: e.address })}
                      >
                        {t("bind.remove")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

function BindForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("assets");
  const navigation = useNavigation();
  const validate = useAssetsValidate("bind");
  const [form, fields] = useForm({
    id: "bind",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { currency_protocol_id: data.selected ? String(data.selected) : undefined },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const sender = useCodeSender({ seconds: BIND_CODE_COUNTDOWN_S, serverResult: actionData?.codeSend, initialWait: data.codeWait });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bind";
  const current = data.options.find((o) => String(o.id) === String(fields.currency_protocol_id.value ?? data.selected));
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      {/* Enter in a field binds rather than sending a code. */}
      <button type="submit" name="intent" value="bind" tabIndex={-1} aria-hidden="true" className={s.visuallyHidden}>
        {t("bind.submit")}
      </button>
      <FormError id={form.errorId} errors={form.errors} />
      <div className={fieldClass}>
        <label htmlFor={fields.currency_protocol_id.id} className={labelClass}>
          {t("bind.coinChain")}
        </label>
        <Select {...getSelectProps(fields.currency_protocol_id)} className={`${input} ${s.select}`} key={fields.currency_protocol_id.key}>
          {data.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.coin} · {o.chain}
            </option>
          ))}
        </Select>
        <ErrorLine field={fields.currency_protocol_id} />
      </div>
      <TextField
        label={t("fields.address")}
        inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "off", spellCheck: false }}
        field={fields.address}
      />
      <TextField
        label={t("fields.memoOptional")}
        inputProps={{
          ...getInputProps(fields.memo, { type: "text", ariaDescribedBy: "memo-hint" }),
          inputMode: "numeric",
          autoComplete: "off",
        }}
        field={fields.memo}
        hintId="memo-hint"
        hint={current?.needsMemo ? t("bind.memoNeeded") : t("bind.memoHint")}
      />
      <SentCodeField label={t("fields.emailCode")} field={fields.verificationcode} sender={sender} ns="assets" />
      <button type="submit" name="intent" value="bind" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("bind.submit")}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Withdrawal addresses" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}

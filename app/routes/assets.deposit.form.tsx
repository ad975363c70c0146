import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { FormError, TextField } from "~/components/form/field";
import { useTranslation } from "~/lib/translate";
import { formatCoin } from "~/lib/amount";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./assets.deposit";

/** The form of the assets.deposit screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function DepositForm() {
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
        errorId={fields.chargeNum.errorId}
        errors={fields.chargeNum.errors}
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
        errorId={fields.walletAddress.errorId}
        errors={fields.walletAddress.errors}
      />
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("deposit.submit")}
      </button>
    </Form>
  );
}

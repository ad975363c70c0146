import { Input } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import type { PayMethodCode } from "~/contract/core/personal";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { IMAGE_ACCEPT } from "~/lib/images";
import { uploadImage, uploadUrl } from "~/lib/uploads.server";
import { getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";

const CODES: readonly PayMethodCode[] = ["alipay", "wxpay", "bank"];
const FIELDS = {
  alipay: ["real_name", "account"],
  wxpay: ["real_name", "account"],
  bank: ["real_name", "bank_name", "bank_address", "card_no"],
} as const;
type Values = Record<string, string>;
type ActionData = { fieldErrors: Record<string, string>; formError: string | null; values: Values };

function pickCode(v: string | null): PayMethodCode {
  return (CODES as readonly string[]).includes(v ?? "") ? (v as PayMethodCode) : "alipay";
}

/** /personal/collectionSettings: how this user is paid in fiat trades: Alipay, WeChat or a bank card. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: "/personal/collectionSettings" });
  const args = { request, context };
  const code = pickCode(new URL(request.url).searchParams.get("type"));
  const [t, types] = await Promise.all([getT(request, "kyc"), api(args, "payMethodTypes", {})]);
  const list = types.ok ? types.data : [];
  const type = list.find((x) => x.code === code);
  const saved = type ? await api(args, "payMethodByType", { type: type.id }) : null;
  return data(
    {
      title: t("collection.title"),
      types: list,
      code,
      typeId: type?.id ?? 0,
      saved: saved?.ok && saved.data ? saved.data.raw_data : null,
      error: types.ok ? (saved && !saved.ok ? saved.msg : null) : types.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: "/personal/collectionSettings" });
  const args = { request, context };
  const form = await request.formData();
  const t = await getT(request, "kyc");
  const code = pickCode(String(form.get("code") ?? ""));
  const values: Values = {};
  for (const name of FIELDS[code])
    values[name] = String(form.get(name) ?? "")
      .trim()
      .slice(0, 128);
  const fail = (fieldErrors: Record<string, string>, formError: string | null = null) =>
    data<ActionData>({ fieldErrors, formError, values }, { status: 400 });
  const rawData: Values = { ...values };
  if (code !== "bank") {
    // A new QR code replaces the saved one; without one, the saved (or just uploaded) image stays.
    values.qrcode = uploadUrl(form.get("qrcode"));
    const upload = await uploadImage(args, form.get("qrcode_file"), t("errors.imageTooLarge"));
    if (upload.kind === "error") return fail({ qrcode_file: upload.message });
    if (upload.kind === "ok") values.qrcode = upload.url;
    rawData.qrcode = values.qrcode;
  }
  const r = await api(args, "payMethodSave", { type: Number(form.get("type")), raw_data: JSON.stringify(rawData) });
  if (!r.ok) {
    const field = r.reason?.field === "qrcode" ? "qrcode_file" : r.reason?.field;
    return field && (field === "qrcode_file" || (FIELDS[code] as readonly string[]).includes(field))
      ? fail({ [field]: r.msg })
      : fail({}, r.msg);
  }
  throw await redirectWithToast(request, `/personal/collectionSettings?type=${code}`, { kind: "success", message: t("collection.saved") });
}

export default function CollectionRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const code = loaderData.code;
  const values: Values = actionData?.values ?? loaderData.saved ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const text = (name: string, maxLength: number, extra: { inputMode?: "numeric"; autoComplete?: string } = {}) => (
    <TextField
      key={`${code}-${name}`}
      label={t(`collection.fields.${name}`)}
      inputProps={{
        id: `pm-${name}`,
        name,
        defaultValue: values[name] ?? "",
        required: true,
        maxLength,
        "aria-invalid": errors[name] ? true : undefined,
        "aria-describedby": `pm-${name}-error`,
        ...extra,
      }}
      errorId={`pm-${name}-error`}
      errors={errors[name] ? [errors[name]] : undefined}
    />
  );
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{loaderData.title}</h1>
        <p className={a.intro}>{t("collection.intro")}</p>
        {loaderData.error ? <p role="alert">{loaderData.error}</p> : null}
        <nav aria-label={t("collection.methods")}>
          <ul className={a.tabs}>
            {CODES.map((c) => (
              <li key={c}>
                <Link to={`?type=${c}`} className={a.tab} aria-current={c === code ? "page" : undefined} preventScrollReset>
                  {t(`collection.type.${c}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" encType="multipart/form-data" key={code} aria-labelledby="pm-heading">
          <h2 id="pm-heading" className={k.subtitle}>
            {t(loaderData.saved ? "collection.savedHeading" : "collection.newHeading", { method: t(`collection.type.${code}`) })}
          </h2>
          <input type="hidden" name="type" value={loaderData.typeId} />
          <input type="hidden" name="code" value={code} />
          <FormError id="pm-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
          {text("real_name", 64, { autoComplete: "name" })}
          {code === "bank" ? (
            <>
              {text("bank_name", 64)}
              {text("bank_address", 128)}
              {text("card_no", 32, { inputMode: "numeric" })}
            </>
          ) : (
            <>
              {text("account", 64)}
              <input type="hidden" name="qrcode" value={values.qrcode ?? ""} />
              <div className={fieldClass}>
                <label htmlFor="pm-qrcode_file" className={labelClass}>
                  {t("collection.fields.qrcode")}
                </label>
                {values.qrcode ? (
                  <img src={values.qrcode} alt={t("collection.currentQr")} className={k.preview} width={120} height={120} />
                ) : null}
                <Input
                  id="pm-qrcode_file"
                  name="qrcode_file"
                  type="file"
                  accept={IMAGE_ACCEPT}
                  required={!values.qrcode}
                  className={input}
                  aria-invalid={errors.qrcode_file ? true : undefined}
                  aria-describedby="pm-qrcode-hint pm-qrcode_file-error"
                />
                <p id="pm-qrcode-hint" className={k.hint}>
                  {t("collection.qrHint")}
                </p>
                <ErrorLine id="pm-qrcode_file-error" errors={errors.qrcode_file ? [errors.qrcode_file] : undefined} />
              </div>
            </>
          )}
          <button type="submit" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
            {busy ? t("actions.saving") : t("actions.save")}
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Collection settings" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}

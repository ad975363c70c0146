import { Input } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { REVIEW_STATUS } from "~/contract/core/personal";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { IMAGE_ACCEPT } from "~/lib/images";
import { uploadImage, uploadUrl } from "~/lib/uploads.server";
import { getLang, getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { formatAmount } from "~/lib/amount";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";

const PICS = ["front_pic", "reverse_pic", "hand_pic"] as const;
type Values = { name: string; card_id: string; front_pic: string; reverse_pic: string; hand_pic: string };
type ActionData = { fieldErrors: Record<string, string>; formError: string | null; values: Values };

/** /personal/authentication: the identity form, then 'under review', then 'verified' (docs/product.md, "Identity"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await requireToken(request, { returnTo: url.pathname + url.search });
  const [t, lang, center] = await Promise.all([getT(request, "kyc"), getLang(request), api({ request, context }, "realNameCenter", {})]);
  return data(
    {
      title: t("identity.title"),
      // Where the person came from (a refusal that sent them here): the submission returns there.
      page: safeRedirect(url.searchParams.get("page"), ""),
      center: center.ok
        ? {
            ...center.data,
            limitNow: formatAmount(center.data.draw_limit_usd, { lang, dp: 0 }),
            limitVerified: formatAmount(center.data.draw_limit_verified_usd, { lang, dp: 0 }),
          }
        : null,
      error: center.ok ? null : center.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: "/personal/authentication" });
  const args = { request, context };
  const form = await request.formData();
  const t = await getT(request, "kyc");
  const values: Values = {
    name: String(form.get("name") ?? "")
      .trim()
      .slice(0, 64),
    card_id: String(form.get("card_id") ?? "")
      .trim()
      .slice(0, 32),
    front_pic: uploadUrl(form.get("front_pic")),
    reverse_pic: uploadUrl(form.get("reverse_pic")),
    hand_pic: uploadUrl(form.get("hand_pic")),
  };
  const fail = (fieldErrors: Record<string, string>, formError: string | null = null) =>
    data<ActionData>({ fieldErrors, formError, values }, { status: 400 });
  // Each chosen image goes up first; one that was uploaded on an earlier try stays (its URL comes back hidden).
  const fieldErrors: Record<string, string> = {};
  for (const pic of PICS) {
    const upload = await uploadImage(args, form.get(`${pic}_file`), t("errors.imageTooLarge"));
    if (upload.kind === "ok") values[pic] = upload.url;
    if (upload.kind === "error") fieldErrors[`${pic}_file`] = upload.message;
  }
  if (Object.keys(fieldErrors).length) return fail(fieldErrors);
  const r = await api(args, "realName", values);
  if (!r.ok) {
    const field = r.reason?.field;
    if (field && (PICS as readonly string[]).includes(field)) return fail({ [`${field}_file`]: r.msg });
    if (field === "name" || field === "card_id") return fail({ [field]: r.msg });
    return fail({}, r.msg);
  }
  throw await redirectWithToast(request, safeRedirect(form.get("page"), "/personal/authentication"), {
    kind: "success",
    message: t("identity.submitted"),
  });
}

export default function AuthenticationRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const center = loaderData.center;
  const status = center?.review_status ?? REVIEW_STATUS.NONE;
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  const showForm = status === REVIEW_STATUS.NONE || status === REVIEW_STATUS.REJECTED;
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{loaderData.title}</h1>
        {loaderData.error ? <p role="alert">{loaderData.error}</p> : null}
        {center ? (
          <dl className={k.limits}>
            <dt>{t("identity.limitNow")}</dt>
            <dd>{t("identity.usdPerDay", { amount: center.limitNow })}</dd>
            <dt>{t("identity.limitVerified")}</dt>
            <dd>{t("identity.usdPerDay", { amount: center.limitVerified })}</dd>
          </dl>
        ) : null}
        {status === REVIEW_STATUS.PENDING ? (
          <p className={k.status} role="status">
            {t("identity.pending", { name: center?.name ?? "" })}
          </p>
        ) : null}
        {status === REVIEW_STATUS.APPROVED ? (
          <p className={k.status} role="status">
            {t("identity.verified", { name: center?.name ?? "" })}
          </p>
        ) : null}
        {status === REVIEW_STATUS.REJECTED ? (
          <p className={k.status} role="alert">
            {t("identity.rejected", { reason: center?.reason ?? "" })}
          </p>
        ) : null}
        {loaderData.page && !showForm ? (
          <p>
            <Link to={loaderData.page}>{t("identity.back")}</Link>
          </p>
        ) : null}
        {showForm ? (
          <Form method="post" encType="multipart/form-data" aria-labelledby="id-heading">
            <h2 id="id-heading" className={k.subtitle}>
              {t("identity.formHeading")}
            </h2>
            <p className={a.intro}>{t("identity.intro")}</p>
            {loaderData.page ? <input type="hidden" name="page" value={loaderData.page} /> : null}
            <FormError id="id-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
            <TextField
              label={t("identity.fields.name")}
              inputProps={{
                id: "id-name",
                name: "name",
                defaultValue: values?.name ?? "",
                required: true,
                maxLength: 64,
                autoComplete: "name",
                "aria-invalid": errors.name ? true : undefined,
                "aria-describedby": "id-name-error",
              }}
              errorId="id-name-error"
              errors={errors.name ? [errors.name] : undefined}
            />
            <TextField
              label={t("identity.fields.card_id")}
              inputProps={{
                id: "id-card_id",
                name: "card_id",
                defaultValue: values?.card_id ?? "",
                required: true,
                maxLength: 32,
                autoComplete: "off",
                "aria-invalid": errors.card_id ? true : undefined,
                "aria-describedby": "id-card_id-error",
              }}
              errorId="id-card_id-error"
              errors={errors.card_id ? [errors.card_id] : undefined}
            />
            {PICS.map((pic) => {
              const kept = values?.[pic] ?? "";
              const id = `id-${pic}_file`;
              return (
                <div className={fieldClass} key={pic}>
                  <label htmlFor={id} className={labelClass}>
                    {t(`identity.fields.${pic}`)}
                  </label>
                  <input type="hidden" name={pic} value={kept} />
                  {kept ? (
                    <img
                      src={kept}
                      alt={t("identity.uploaded", { what: t(`identity.fields.${pic}`) })}
                      className={k.preview}
                      width={120}
                      height={120}
                    />
                  ) : null}
                  <Input
                    id={id}
                    name={`${pic}_file`}
                    type="file"
                    accept={IMAGE_ACCEPT}
                    required={pic !== "hand_pic" && !kept}
                    className={input}
                    aria-invalid={errors[`${pic}_file`] ? true : undefined}
                    aria-describedby={`id-pic-hint ${id}-error`}
                  />
                  <ErrorLine id={`${id}-error`} errors={errors[`${pic}_file`] ? [errors[`${pic}_file`]!] : undefined} />
                </div>
              );
            })}
            <p id="id-pic-hint" className={k.hint}>
              {t("identity.picHint")}
            </p>
            <button type="submit" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
              {busy ? t("actions.saving") : t("identity.submit")}
            </button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Identity verification" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}

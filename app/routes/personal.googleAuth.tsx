import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, TextField } from "~/components/form/field";
import { CopyButton } from "~/features/assets/copy-button";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { qrSvgOnce } from "~/lib/qr.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";

type ActionData = { codeError: string | null; formError: string | null };
const RETURN_TO = "/personal/googleAuth";

/**
 * /personal/googleAuth (docs/product.md, "/personal/googleAuth"): before binding, the QR code
 * and the secret to type by hand, and a current code to bind; after, on or off with a current code. When on,
 * sign-in, withdrawals and trade-password changes ask for it (the exchange enforces that).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const [t, g] = await Promise.all([getT(request, "kyc"), api({ request, context }, "googleQrCode", {})]);
  const bound = g.ok && !g.data.secret;
  return data(
    {
      title: t("google.title"),
      bound,
      on: g.ok ? g.data.switch === 1 : false,
      secret: g.ok ? g.data.secret : "",
      // On a phone the QR code cannot be scanned from its own screen: the otpauth:// address opens the authenticator app.
      uri: g.ok && g.data.qr_code_url.startsWith("otpauth://") ? g.data.qr_code_url : "",
      qr: g.ok && g.data.qr_code_url ? await qrSvgOnce(g.data.qr_code_url, 180) : "",
      error: g.ok ? null : g.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const form = await request.formData();
  const t = await getT(request, "kyc");
  const code = String(form.get("google_code") ?? "")
    .trim()
    .slice(0, 12);
  const google_switch = form.get("google_switch") === "0" ? 0 : 1;
  if (!code) return data<ActionData>({ codeError: t("google.codeRequired"), formError: null }, { status: 400 });
  if (!/^\d{6}$/.test(code)) return data<ActionData>({ codeError: t("google.codeFormat"), formError: null }, { status: 400 });
  const r = await api({ request, context }, "googleSwitch", { google_switch, google_code: code });
  if (!r.ok) {
    return data<ActionData>(
      r.reason?.field === "google_code" ? { codeError: r.msg, formError: null } : { codeError: null, formError: r.msg },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, RETURN_TO, {
    kind: "success",
    message: r.ok ? t(google_switch === 1 ? "google.nowOn" : "google.nowOff") : "",
  });
}

export default function GoogleAuthRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const next = d.bound && d.on ? 0 : 1;
  const submitLabel = !d.bound ? t("google.bind") : d.on ? t("google.turnOff") : t("google.turnOn");
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        {d.error ? <p role="alert">{d.error}</p> : null}
        {d.bound ? (
          <p className={k.status} role="status">
            {d.on ? t("google.statusOn") : t("google.statusOff")}
          </p>
        ) : (
          <>
            <p className={a.intro}>{t("google.intro")}</p>
            {d.qr ? (
              <figure className={k.qrFigure}>
                <div className={k.qr} role="img" aria-label={t("google.qrLabel")} dangerouslySetInnerHTML={{ __html: d.qr }} />
                <figcaption className={k.copyLine}>
                  {t("google.secret")}{" "}
                  <code className={k.secret} data-testid="google-secret">
                    {d.secret}
                  </code>
                  <CopyButton text={d.secret} label={t("google.copySecret")} />
                </figcaption>
              </figure>
            ) : null}
            {d.uri ? (
              <p className={k.hint}>
                {t("google.onThisPhone")} <a href={d.uri}>{t("google.openApp")}</a>
              </p>
            ) : null}
          </>
        )}
        <Form method="post" aria-labelledby="google-form-title">
          <h2 id="google-form-title" className={k.subtitle}>
            {submitLabel}
          </h2>
          <input type="hidden" name="google_switch" value={next} />
          <FormError id="google-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
          <TextField
            label={t("google.code")}
            inputProps={{
              id: "google-code",
              name: "google_code",
              inputMode: "numeric",
              autoComplete: "one-time-code",
              maxLength: 6,
              required: true,
              "aria-invalid": actionData?.codeError ? true : undefined,
              "aria-describedby": "google-code-hint google-code-error",
            }}
            errorId="google-code-error"
            errors={actionData?.codeError ? [actionData.codeError] : undefined}
          />
          <p id="google-code-hint" className={k.hint}>
            {t("google.codeHint")}
          </p>
          <button type="submit" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
            {submitLabel}
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Google Authenticator" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ACCOUNT_FORM_FIELDS,
  authT,
  replyWithRefusal,
  SECRET_FIELDS,
  sendCodeAction,
  tooManyRequests,
  type AuthActionData,
} from "~/features/auth/auth.server";
import { CODE_TYPE } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { accountKindFrom } from "~/features/auth/constants";
import { authConstraint, parseReset } from "~/features/auth/forms.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const ResetForm = hydrateLater(() => import("./resetPassword.form").then((m) => m.ResetForm));

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const t = await authT(request);
  const kind = accountKindFrom(url.searchParams.get("type"), true);
  return {
    title: t("reset.title"),
    kind,
    account: url.searchParams.get("account") ?? "",
    /** A code was just sent by step 1: start the countdown. */
    sent: url.searchParams.get("sent") === "1",
    constraint: authConstraint("reset", kind),
  };
}

/** Step 2: code, new password and confirmation → user/forget_password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const args = { request, context };
  const t = await authT(request);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  if (formData.get("intent") === "send-code") {
    return sendCodeAction(args, formData, { t, kind, type: CODE_TYPE.FORGOT_PASSWORD, loose: true });
  }

  const limited = await rateLimit("resetPassword", context.clientIp, String(formData.get("account") ?? "").trim());
  if (limited) return tooManyRequests(t, formData, limited.retryAfter);

  const submission = parseReset(formData, t, kind);
  if (submission.status !== "success") {
    return data<AuthActionData>({ result: submission.reply({ hideFields: SECRET_FIELDS }), codeSend: null }, { status: 400 });
  }
  const v = submission.value;
  const reset = await api(args, "forgetPassword", {
    account: v.account,
    new_password: v.password,
    secondary_password: v.re_password,
    type: kind,
    auth_code: v.sms_code,
  });
  if (!reset.ok) {
    return data<AuthActionData>({ result: replyWithRefusal(formData, reset, ACCOUNT_FORM_FIELDS), codeSend: null }, { status: 400 });
  }
  return redirectWithToast(request, `/login?${new URLSearchParams({ account: v.account })}`, {
    kind: "success",
    message: t("reset.success"),
  });
}

export default function ResetPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResetForm key={data.kind} kind={data.kind} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Reset password" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

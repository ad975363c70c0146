import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authT, replyWithFormError, type AuthActionData } from "~/features/auth/auth.server";
import { CODE_TYPE } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { accountKindFrom } from "~/features/auth/constants";
import { authConstraint, parseForgot } from "~/features/auth/forms.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const ForgotForm = hydrateLater(() => import("./forgetPassword.form").then((m) => m.ForgotForm));

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const t = await authT(request);
  const kind = accountKindFrom(url.searchParams.get("tab"), true);
  return { title: t("forgot.title"), kind, account: url.searchParams.get("account") ?? "", constraint: authConstraint("forgot", kind) };
}

/** Step 1 of the reset: check the account (loose rule), send a code of type 2, go to step 2. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const t = await authT(request);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  const submission = parseForgot(formData, t, kind);
  if (submission.status !== "success") {
    return data<AuthActionData>({ result: submission.reply(), codeSend: null }, { status: 400 });
  }
  const { account } = submission.value;
  const limited = await rateLimit("sendCode", context.clientIp, account);
  if (limited) {
    return data<AuthActionData>(
      {
        result: replyWithFormError(
          formData,
          t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter }),
        ),
        codeSend: null,
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
    );
  }
  const args = { request, context };
  const sent =
    kind === "email"
      ? await api(args, "sendEmail", { to: account, type: CODE_TYPE.FORGOT_PASSWORD })
      : await api(args, "sendSms", { to: account, type: CODE_TYPE.FORGOT_PASSWORD });
  if (!sent.ok) {
    return data<AuthActionData>({ result: submission.reply({ fieldErrors: { account: [sent.msg] } }), codeSend: null }, { status: 400 });
  }
  const to = `/resetPassword?${new URLSearchParams({ account, type: kind, sent: "1" })}`;
  return redirectWithToast(request, to, { kind: "success", message: t("code.sent", { account }) });
}

export default function ForgetPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  return <ForgotForm key={data.kind} kind={data.kind} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Forgot password" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

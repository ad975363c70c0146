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
import { api, dataOr } from "~/lib/api.server";
import { accountKindFrom } from "~/features/auth/constants";
import { authConstraint, parseRegister } from "~/features/auth/forms.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const RegisterForm = hydrateLater(() => import("./register.form").then((m) => m.RegisterForm));

/** `?extension_code=` (an invitation link) fixes the invite code. */
function lockedInviteCode(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("extension_code")?.trim();
  return code ? code.slice(0, 32) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const kind = accountKindFrom(url.searchParams.get("tab"), true);
  const areas = kind === "mobile" ? dataOr(await api({ request, context }, "areaList", {}), []) : [];
  const t = await authT(request);
  return {
    title: t("register.title"),
    description: t("register.description"),
    kind,
    areas,
    inviteCode: lockedInviteCode(request),
    constraint: authConstraint("register", kind),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const args = { request, context };
  const t = await authT(request);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  if (formData.get("intent") === "send-code") {
    return sendCodeAction(args, formData, { t, kind, type: CODE_TYPE.REGISTER });
  }

  const limited = await rateLimit("register", context.clientIp, String(formData.get("account") ?? "").trim());
  if (limited) return tooManyRequests(t, formData, limited.retryAfter);

  const submission = parseRegister(formData, t, kind);
  if (submission.status !== "success") {
    return data<AuthActionData>({ result: submission.reply({ hideFields: SECRET_FIELDS }), codeSend: null }, { status: 400 });
  }
  const v = submission.value;
  const registered = await api(args, "register", {
    account: v.account,
    password: v.password,
    re_password: v.re_password,
    invite_code: lockedInviteCode(request) ?? v.invite_code,
    area_id: kind === "mobile" ? v.area_id : undefined,
    sms_code: v.sms_code,
    type: kind,
  });
  if (!registered.ok) {
    return data<AuthActionData>({ result: replyWithRefusal(formData, registered, ACCOUNT_FORM_FIELDS), codeSend: null }, { status: 400 });
  }
  // A phone sign-up lands on the phone tab with its number and country, ready to sign in.
  const to = `/login?${new URLSearchParams({
    account: v.account,
    ...(kind === "mobile" ? { tab: kind, ...(v.area_id ? { area: String(v.area_id) } : {}) } : {}),
  })}`;
  return redirectWithToast(request, to, { kind: "success", message: t("register.success") });
}

export default function RegisterRoute() {
  const data = useLoaderData<typeof loader>();
  return <RegisterForm key={data.kind} kind={data.kind} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Sign up" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

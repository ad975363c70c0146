import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  authT,
  readRememberedAccount,
  rememberAccountHeader,
  replyWithFormError,
  sendCodeAction,
  tooManyRequests,
  type AuthActionData,
} from "~/features/auth/auth.server";
import { popupSeenCookie } from "~/features/home/popup-rules";
import { CODE_TYPE } from "~/contract/core/codes";
import { api, dataOr } from "~/lib/api.server";
import { accountKindFrom } from "~/features/auth/constants";
import { authConstraint, parseLogin } from "~/features/auth/forms.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { commitSession, getSession, getToken } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const LoginForm = hydrateLater(() => import("./login.form").then((m) => m.LoginForm));

type Args = Pick<LoaderFunctionArgs, "request" | "context">;

/** SMS (code) login is a setting of the exchange: login_use_sms = '1'. */
async function smsLoginOn(args: Args) {
  const setting = await api(args, "setting", { key: "login_use_sms" });
  return setting.ok && String(setting.data ?? "") === "1";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const args = { request, context };
  const sms = await smsLoginOn(args);
  // A person signs in with the identifier they registered with: the phone tab is always there for password
  // sign-in (the code field joins it only while SMS sign-in is on), with its country picker.
  const remembered = readRememberedAccount(request);
  const account = url.searchParams.get("account") ?? remembered ?? "";
  // Without a tab asked for, a remembered (or just registered) phone number opens the phone tab.
  const kind = accountKindFrom(url.searchParams.get("tab") ?? (account && !account.includes("@") ? "mobile" : null), true);
  const areas = kind === "mobile" ? dataOr(await api(args, "areaList", {}), []) : [];
  const area = Number(url.searchParams.get("area"));
  const t = await authT(request);
  return {
    title: t("login.title"),
    description: t("login.description"),
    kind,
    sms,
    areas,
    // The country chosen at registration (register passes it on), else the list's first.
    areaId: areas.find((a) => a.id === area)?.id ?? areas[0]?.id,
    page: url.searchParams.get("page") ?? "",
    loggedOut: url.searchParams.get("type") === "1",
    account,
    remember: remembered !== null,
    constraint: authConstraint("login", kind, { sms }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const args = { request, context };
  const t = await authT(request);
  const sms = await smsLoginOn(args);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  if (formData.get("intent") === "send-code" && sms) {
    return sendCodeAction(args, formData, { t, kind, type: CODE_TYPE.LOGIN });
  }

  const limited = await rateLimit("login", context.clientIp, String(formData.get("account") ?? "").trim());
  if (limited) return tooManyRequests(t, formData, limited.retryAfter);

  const submission = parseLogin(formData, t, kind, { sms });
  if (submission.status !== "success") {
    return data<AuthActionData>({ result: submission.reply({ hideFields: ["password"] }), codeSend: null }, { status: 400 });
  }
  const v = submission.value;
  const fail = (msg: string) => data<AuthActionData>({ result: replyWithFormError(formData, msg), codeSend: null }, { status: 400 });

  let country_code: string | undefined;
  if (kind === "mobile") {
    const areas = dataOr(await api(args, "areaList", {}), []);
    country_code = areas.find((a) => a.id === v.area_id)?.global_code;
  }
  const login = await api(args, "login", {
    account: v.account,
    password: v.password,
    sms_code: v.sms_code,
    login_type: kind,
    country_code,
    google_code: v.google_code,
  });
  // The authenticator is on: the form comes back with its code field (the password is typed again, never sent back).
  if (!login.ok && login.reason?.field === "google_code") {
    return data<AuthActionData>(
      { result: submission.reply({ fieldErrors: { google_code: [login.msg] }, hideFields: ["password"] }), codeSend: null, google: true },
      { status: 400 },
    );
  }
  // A wrong or locked texted code goes on its field.
  if (!login.ok && login.reason?.field === "sms_code") {
    return data<AuthActionData>(
      { result: submission.reply({ fieldErrors: { sms_code: [login.msg] }, hideFields: ["password"] }), codeSend: null },
      { status: 400 },
    );
  }
  if (!login.ok) return fail(login.msg);
  const token = login.data;
  const info = await api(args, "userInfo", {}, { token });
  if (!info.ok) return fail(info.msg);

  const session = await getSession(request);
  session.set("token", token);
  session.set("account", info.data.email || info.data.mobile || v.account);
  session.set("uid", info.data.uid || String(info.data.id));
  session.set("is_seller", info.data.is_seller);
  if (v.remember) session.set("remember", true);
  else session.unset("remember");
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(request, session));
  headers.append("Set-Cookie", rememberAccountHeader(request, v.remember ? v.account : null));
  // Right after signing in, the home page's once-an-hour popup (a welcome that invites to create an account) stays shut.
  headers.append("Set-Cookie", popupSeenCookie());
  return redirect(safeRedirect(v.page, "/home"), { headers });
}

export default function LoginRoute() {
  const data = useLoaderData<typeof loader>();
  // A tab switch remounts the form: fresh fields, countdown reset.
  return <LoginForm key={data.kind} kind={data.kind} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Log in" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { langCookie } from "~/lib/i18next.server";
import { isLang } from "~/i18n";
import { safeRedirect } from "~/lib/safe-redirect";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  const to = safeRedirect(form.get("redirectTo"), "/home");
  if (!isLang(lang)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": langCookie(lang) } });
}

export function loader() {
  return redirect("/home");
}

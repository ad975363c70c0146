import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { themeCookie } from "~/lib/theme.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme") === "light" ? "light" : "dark";
  const headers = { "Set-Cookie": themeCookie(theme) };
  // A fetcher (JavaScript on) just needs the cookie; a plain form post goes back where it was.
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return data({ theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), "/home"), { headers });
}

export function loader() {
  return redirect("/home");
}

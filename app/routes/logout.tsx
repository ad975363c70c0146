import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { api } from "~/lib/api.server";
import { destroySession, getToken } from "~/lib/session.server";

/** Revokes the token upstream, so a copied cookie dies with it, then forgets it here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = await getToken(request);
  if (token) await api({ request, context }, "logout", {}, { token }).catch(() => null);
  return redirect("/login?type=1", { headers: { "Set-Cookie": await destroySession(request) } });
}

export function loader() {
  return redirect("/home");
}

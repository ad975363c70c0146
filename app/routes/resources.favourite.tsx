import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseFavs, serializeFavs, setFav } from "~/lib/markets";
import { safeRedirect } from "~/lib/safe-redirect";

const FavouriteSchema = z.object({
  id: z.coerce.number().int().positive().max(999_999_999),
  on: z.enum(["0", "1"]),
  redirectTo: z.string().optional(),
});

/** Stars a pair: favourites live in a plain `favs` cookie (ids, comma-separated, at most 100). */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirect(typeof form.redirectTo === "string" ? form.redirectTo : null, "/markets");
  const navigate = request.headers.get("Sec-Fetch-Mode") === "navigate";
  const parsed = FavouriteSchema.safeParse(form);
  if (!parsed.success) return navigate ? redirect(back) : data({ ok: false }, { status: 400 });
  const favs = setFav(parseFavs(request.headers.get("Cookie")), parsed.data.id, parsed.data.on === "1");
  const headers = { "Set-Cookie": serializeFavs(favs) };
  // A fetcher (JavaScript on) only needs the cookie; a plain form post goes back where it was.
  if (!navigate) return data({ ok: true, favs }, { headers });
  return redirect(back, { headers });
}

export function loader() {
  return redirect("/markets");
}

/** The service link carries who is asking, so support sees the account (docs/product.md, "The shell"). */
export function serviceLink(url: string, user: { uid: string; account: string } | null): string {
  if (!url || !user) return url;
  try {
    const u = new URL(url);
    u.searchParams.set("uid", String(user.uid));
    u.searchParams.set("account", user.account);
    return u.toString();
  } catch {
    return url;
  }
}

import { redirect } from "@remix-run/node";

/** /myshop opens the shop's ads (docs/product.md, "/myshop"). */
export const loader = () => redirect("/myshop/myshoporders");

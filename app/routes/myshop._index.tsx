import { redirect } from "@remix-run/node";

/** SPEC §1: /myshop opens the shop's ads. */
export const loader = () => redirect("/myshop/myshoporders");

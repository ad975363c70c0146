import { redirect } from "@remix-run/node";

/** /legalIndex opens its ads page (docs/product.md, "/legalIndex"). */
export const loader = () => redirect("/legalIndex/legal");

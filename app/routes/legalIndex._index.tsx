import { redirect } from "@remix-run/node";

/** SPEC §1: /legalIndex opens its ads page. */
export const loader = () => redirect("/legalIndex/legal");

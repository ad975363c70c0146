import { readFileSync } from "node:fs";
import { checkClientBundle, type Metafile } from "./client-bundle";

/** Run after `remix build`: exits 1 with the problems it finds in the browser bundle (see client-bundle.ts). */

/** Screens whose form schemas load after hydration: zod and decimal.js stay out of their first load. */
const LIGHT_ROUTES = [
  "login",
  "register",
  "forgetPassword",
  "resetPassword",
  "tradePassword",
  "assets.$account",
  "assets.deposit",
  "assets.withdraw",
  "assets.transfer",
  "assets.bindAddr",
  "assets.dealRecords",
  "assets.transferLog",
  "convert",
  "deposit",
  "coinlog",
  "home",
  "markets",
  "personal.authentication",
  "notice",
  "legalIndex.legal",
  "legalIndex.orderdetail",
  "myshop.myshoporders",
  "myshop.shoporderdetail",
];

const meta = JSON.parse(readFileSync(process.argv[2] ?? "build/metafile.js.json", "utf8")) as Metafile;
const problems = checkClientBundle(meta, LIGHT_ROUTES);
for (const p of problems) console.error(`client bundle: ${p}`);
console.log(`client bundle: ${Object.keys(meta.outputs).length} chunks checked, ${problems.length} problem(s)`);
process.exit(problems.length ? 1 : 0);

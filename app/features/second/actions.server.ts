import { data } from "@remix-run/node";
import Decimal from "decimal.js";
import { profitPercent } from "~/contract/core/micro";
import { redirectOrData, type FormActionContext } from "~/lib/answer.server";
import { api, type ApiArgs } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { getT } from "~/lib/i18next.server";
import { backOnScreen } from "~/lib/pair-links";
import { refusalMessage } from "~/lib/refusals.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { MicroReview, SecondActionData } from "./action-data";
import { parseMicroOrder, parseMicroReview } from "./forms.server";
import type { Translate } from "./schema";

type Ctx = FormActionContext<Translate>;

/** A refusal shown on the form that was posted: the page stays, in both modes. */
const refused = (answer: SecondActionData) => data<SecondActionData>(answer, { status: 400 });

/**
 * /second's action (docs/product.md, "/second"): the order's review (`review`, also what an unnamed intent gets)
 * and its confirm (`open`), which places the contract. The placed contract answers through `redirectOrData`
 * (docs/decisions/026-redirect-or-data.md); a review or a refusal is data in both modes.
 */
export async function secondAction(args: ApiArgs) {
  const { request } = args;
  const formData = await postedForm(request);
  const t = await secondT(request);
  const to = backOnScreen(safeRedirect(formData.get("back"), "/second"), "/second");
  const ctx: Ctx = { args, request, formData, t, to };
  switch (formData.get("intent")) {
    case "open":
      return open(ctx);
    default:
      return review(ctx);
  }
}

async function secondT(request: Request): Promise<Translate> {
  const t = await getT(request, "second");
  return (key, options) => t(key, options) as string;
}

/** The order form as posted, checked against the times and wallets offered and the chosen time's stake bounds. */
async function orderOf(ctx: Ctx, intent: "review" | "open") {
  const { args, formData, t } = ctx;
  const [secondsR, walletsR] = await Promise.all([api(args, "microSeconds", {}), api(args, "microPayableCurrencies", {})]);
  const options = secondsR.ok ? secondsR.data : [];
  const wallets = walletsR.ok ? walletsR.data : [];
  const submission = parseMicroOrder(formData, t, { seconds: options.map((o) => o.seconds), decimals: 8 });
  // A confirm carries the review it confirms (shown again if the confirm is refused); one that does not parse (a page
  // older than the server, a hand-made post) is refused before anything is placed, back on the order form.
  const previous = intent === "open" ? parseMicroReview(formData) : null;
  if (intent === "open" && !previous) {
    const result = submission.reply({ formErrors: [t("errors.failed")] });
    return { refusal: refused({ intent: "review", ok: false, result, review: null }) } as const;
  }
  if (submission.status !== "success")
    return { refusal: refused({ intent, ok: false, result: submission.reply(), review: previous }) } as const;
  const v = submission.value;
  const option = options.find((o) => o.seconds === Number(v.seconds))!;
  const wallet = wallets.find((w) => w.id === v.currency_id);
  // The time's stake bounds, on the quantity field before the confirmation (the exchange checks them again).
  const stake = new Decimal(v.number ?? "0");
  const bound = stake.lt(option.min)
    ? t("errors.numberMin", { min: option.min, code: wallet?.code ?? "" })
    : stake.gt(option.max)
      ? t("errors.numberMax", { max: option.max, code: wallet?.code ?? "" })
      : null;
  if (bound)
    return {
      refusal: refused({ intent, ok: false, result: submission.reply({ fieldErrors: { number: [bound] } }), review: null }),
    } as const;
  return { submission, v, option, wallet, previous } as const;
}

/** 'Up' / 'Down': the confirmation's figures (stake, time, profit rate), with the values the confirm posts again. */
async function review(ctx: Ctx) {
  const order = await orderOf(ctx, "review");
  if ("refusal" in order) return order.refusal;
  const { submission, v, option, wallet } = order;
  const review: MicroReview = {
    type: v.type === "2" ? 2 : 1,
    number: v.number ?? "",
    code: wallet?.code ?? "",
    seconds: option.seconds,
    percent: profitPercent(option.profit_ratio),
    values: {
      match_id: String(v.match_id),
      currency_id: String(v.currency_id),
      type: v.type,
      seconds: String(option.seconds),
      number: v.number ?? "",
    },
    key: v.idempotency_key || crypto.randomUUID(),
  };
  return data<SecondActionData>({ intent: "review", ok: true, result: submission.reply(), review });
}

/** The confirmation's form: places the contract; a refusal shows the review again with the exchange's words. */
async function open(ctx: Ctx) {
  const order = await orderOf(ctx, "open");
  if ("refusal" in order) return order.refusal;
  const { args, request, formData, t } = ctx;
  const { submission, v, option, previous } = order;
  const placed = await api(args, "microSubmit", {
    match_id: v.match_id,
    currency_id: v.currency_id,
    type: Number(v.type),
    seconds: option.seconds,
    number: v.number ?? "",
    idempotency_key: v.idempotency_key,
  });
  if (!placed.ok) {
    const msg = await refusalMessage(request, placed, async () => {
      const w = await api(args, "microPayableCurrencies", {});
      const found = w.ok ? w.data.find((x) => x.id === v.currency_id) : undefined;
      return found ? { amount: found.micro_account.balance, code: found.code } : null;
    });
    return refused({ intent: "open", ok: false, result: submission.reply({ formErrors: [msg || t("errors.failed")] }), review: previous });
  }
  const message = t("toast.placed", { seconds: option.seconds });
  return redirectOrData<SecondActionData>(request, formData, {
    to: ctx.to,
    toast: { kind: "success", message },
    data: { intent: "open", ok: true, result: submission.reply(), review: null, message },
  });
}

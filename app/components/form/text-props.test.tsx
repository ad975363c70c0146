import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { textInputProps } from "./text-props";

/** Both ways of making a field's props, side by side, in a form without constraints as the trading forms are. */
function Both({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [, fields] = useForm<{ price: string; number: string }>({ id: "order-buy", lastResult, shouldValidate: "onSubmit" });
  const pairs = [fields.price, fields.number].map((f) => [getInputProps(f, { type: "text", value: false }), textInputProps(f)]);
  return <pre>{JSON.stringify(pairs)}</pre>;
}

function pairs(lastResult?: SubmissionResult<string[]>) {
  const html = renderToStaticMarkup(<Both lastResult={lastResult} />);
  const json = html.slice("<pre>".length, -"</pre>".length).replace(/&quot;/g, '"');
  return JSON.parse(json) as Array<[Record<string, unknown>, Record<string, unknown>]>;
}

describe("textInputProps", () => {
  it("gives what getInputProps gives a text input without its value, valid or refused", () => {
    const fresh = pairs();
    expect(fresh[0][1]).toEqual({ id: "order-buy-price", name: "price", form: "order-buy", type: "text" });
    for (const [conform, ours] of fresh) expect(ours).toEqual(conform);

    const refused = pairs({ status: "error", initialValue: { price: "1", number: "" }, error: { number: ["Enter a quantity"] } });
    expect(refused[1][1]).toMatchObject({ "aria-invalid": true, "aria-describedby": "order-buy-number-error" });
    for (const [conform, ours] of refused) expect(ours).toEqual(conform);
  });
});

import { writeAsTyped } from "./early-input";

/**
 * A comma typed into a figure field becomes the decimal point, in every form of the site.
 *
 * A phone shows a decimal keypad for `inputmode="decimal"`, and where the phone's region writes decimals with a comma
 * (Germany, France, Italy, Spain, Poland…) that keypad has a comma and no point. The site's figures take a point
 * (docs/product.md, "Money and rounding"), so without this such a trader could not type "0.5" at all: a transfer or a
 * conversion of "0,5" was refused. The order forms' price fields already read a comma as the point as it is typed
 * (app/lib/price-input.ts); this does the same for every field with a decimal keypad. (A pasted number with thousands
 * separators: app/lib/figure-paste.ts, loaded after hydration.)
 *
 * One listener on the document, in the capture phase, so the field's own handlers (React's, conform's) see the value
 * with the point, written as early-input.ts writes a replayed edit (`writeAsTyped`), so React reports the change.
 */
export function acceptDecimalComma(doc: Document): void {
  doc.addEventListener(
    "input",
    (event) => {
      const el = event.target;
      if (!isFigureField(el) || !el.value.includes(",")) return;
      const caret = el.selectionStart;
      writeAsTyped(el, el.value.replace(/,/g, "."));
      // The same length: the caret stays where it was.
      if (caret !== null) el.setSelectionRange(caret, caret);
    },
    true,
  );
}

function isFigureField(el: EventTarget | null): el is HTMLInputElement {
  return el instanceof HTMLInputElement && el.getAttribute("inputmode") === "decimal";
}

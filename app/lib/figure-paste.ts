/**
 * A number pasted into a figure field (`inputmode="decimal"`) with thousands separators is pasted without them
 * (docs/product.md, "Money and rounding"). A figure copied from a page ("67,123.45", "67.123,45", "67 123,45 USDT")
 * would otherwise lose its grouping the wrong way: read as typed (app/lib/decimal-comma.ts), its first separator becomes
 * the point, and a price field kept "67.12". Loaded after hydration, in a chunk of its own: until then a paste is the
 * browser's own.
 */
export function acceptGroupedPaste(doc: Document): void {
  doc.addEventListener(
    "paste",
    (event) => {
      const el = event.target;
      // A figure field, as app/lib/decimal-comma.ts knows it (not imported: that module is in every first load, and
      // sharing it with this chunk would split it into a file of its own).
      if (!(el instanceof HTMLInputElement) || el.getAttribute("inputmode") !== "decimal") return;
      const text = event.clipboardData?.getData("text/plain") ?? "";
      const plain = ungrouped(text);
      if (plain === null || plain === text) return;
      event.preventDefault();
      el.setRangeText(plain, el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length, "end");
      el.dispatchEvent(new Event("input", { bubbles: true }));
    },
    true,
  );
}

/**
 * A number written with thousands separators, as plain digits and a point: "67,123.45", "67.123,45", "67 123,45" and
 * "1.234.567" give "67123.45" and "1234567". Spaces (a French or Polish group) go, and a code or a currency sign around
 * the number; when both "." and "," appear, or one of them more than once, the last one that appears once is the
 * decimal point and the others group. A lone separator ("1,000", "0,5") is not a grouping for sure: it is left as
 * typed (the input rule reads it as the point). Null when `text` is not such a number.
 */
export function ungrouped(text: string): string | null {
  // A code or a currency sign around it ("67,123.45 USDT", "$1,250") goes with the spaces.
  const t = text.replace(/^[\p{L}\p{Sc}\s]+|[\p{L}\p{Sc}\s]+$/gu, "").replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d[\d.,]*$/.test(t)) return null;
  const seps = t.replace(/\d/g, "");
  if (seps.length < 2) return t;
  const last = seps[seps.length - 1];
  const decimal = seps.indexOf(last) === seps.length - 1 ? last : null;
  const group = decimal === null ? last : seps.replaceAll(decimal, "")[0];
  // Groups of three digits after the first: anything else is no grouping, and is left as typed.
  const [whole, frac] = decimal === null ? [t, undefined] : [t.slice(0, t.lastIndexOf(decimal)), t.slice(t.lastIndexOf(decimal) + 1)];
  const groups = whole.split(group);
  if (whole.includes(group === "." ? "," : ".") || groups.slice(1).some((g) => g.length !== 3) || groups[0].length > 3) return t;
  return frac === undefined ? groups.join("") : `${groups.join("")}.${frac}`;
}

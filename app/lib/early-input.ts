/**
 * What a person typed or picked before the page hydrated, handed to React once it has.
 *
 * A page paints and takes input before its scripts run (docs/decisions/028). React hydrates over the fields as they
 * are and leaves what was typed in them, but a field whose value React holds in state (a controlled field: the
 * transfer's accounts, the order forms' price and amount, a search box) still holds the value the server rendered.
 * The field's next re-render puts that value back: the typed text vanishes, or, for a select, a form posts an account
 * the person did not pick. The browser restoring a form after a reload or a back navigation does the same.
 *
 * So, once hydrated, every field whose value differs from what the server rendered (its `defaultValue`,
 * `defaultChecked`, `defaultSelected`) is changed again the way a person's edit changes it, so that the page's own
 * change handlers see it: text is written through the element's own value setter, then the browser's, and an
 * `input` event follows (React compares the value with the one it last saw, so it must first see the old one); a
 * select gets a `change` event; a checkbox or radio button is set back and clicked.
 */

/** Inputs a person does not type into (a checkbox or radio button is handled on its own). */
const NOT_TYPED = /^(hidden|file|submit|reset|button|image)$/;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The fields in `root` whose value the person changed after the server rendered them. */
function editedFields(root: ParentNode): Field[] {
  const out: Field[] = [];
  for (const el of root.querySelectorAll<Field>("input, textarea, select")) {
    if (el.disabled) continue;
    if (el instanceof HTMLSelectElement) {
      if (!el.multiple && el.selectedIndex !== renderedIndex(el)) out.push(el);
    } else if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      // Of a radio group only the one now chosen is replayed (choosing it unchooses the rest).
      if (el.checked !== el.defaultChecked && (el.type === "checkbox" || el.checked)) out.push(el);
    } else if (!NOT_TYPED.test(el.type) && el.value !== el.defaultValue) {
      out.push(el);
    }
  }
  return out;
}

/** The option the server chose: the last one marked selected, or else the first that is not disabled (as the browser picks). */
function renderedIndex(select: HTMLSelectElement): number {
  const options = [...select.options];
  const marked = options.map((o) => o.defaultSelected).lastIndexOf(true);
  return marked >= 0 ? marked : options.findIndex((o) => !o.disabled);
}

/** Changes each edited field again as a person would, so the page's handlers see the edit. */
export function replayEarlyInput(root: ParentNode = document): void {
  for (const el of editedFields(root)) {
    if (el instanceof HTMLSelectElement) {
      el.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      el.checked = !el.checked;
      el.click();
    } else {
      const typed = el.value;
      el.value = el.defaultValue;
      writeAsTyped(el, typed);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

/**
 * Writes `value` into a text field through the browser's own setter, not the one React puts on the element: React then
 * still holds the value it last saw and reports the next `input` event as the person's edit (app/lib/decimal-comma.ts
 * writes its point so too).
 */
export function writeAsTyped(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const browserSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, "value")?.set;
  if (browserSetter) browserSetter.call(el, value);
  else el.value = value;
}

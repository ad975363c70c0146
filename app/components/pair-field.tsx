import type { ComponentPropsWithRef, KeyboardEvent, ReactNode } from "react";
import { Input } from "~/components/form/control";
import { ErrorLine } from "~/components/form/field";
import { contractSubmits, fieldRow } from "~/styles/pair-screen.css";
import { button, input } from "~/styles/ui.css";

/** 'e', '+' and '-' never reach a price, a quantity or a count (docs/product.md, "Money and rounding"); the value is also sanitized on change. */
export function blockNonDigits(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === "e" || e.key === "E" || e.key === "-" || e.key === "+") e.preventDefault();
}

/** A figure typed in a pair screen's form (a price, a quantity, a count): a decimal keyboard, no autocomplete, no 'e', '+' or '-'. */
export function FigureInput(props: ComponentPropsWithRef<"input">) {
  return <Input className={input} inputMode="decimal" autoComplete="off" onKeyDown={blockNonDigits} {...props} />;
}

/** A field of a pair screen's form: its label, the control with what goes under it (`children`), its error line. */
export function PairField({
  id,
  label,
  errorId,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  errorId: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className={fieldRow}>
      <label htmlFor={id}>{label}</label>
      {children}
      <ErrorLine id={errorId} errors={errors} />
    </div>
  );
}

/** A contract's two submits side by side, `type` 1 (up, long) and 2 (down, short), each opening the review. */
export function ContractSubmits({ up, down, busy }: { up: string; down: string; busy: boolean }) {
  return (
    <div className={contractSubmits}>
      <button type="submit" name="type" value="1" className={button.up} aria-disabled={busy || undefined}>
        {up}
      </button>
      <button type="submit" name="type" value="2" className={button.down} aria-disabled={busy || undefined}>
        {down}
      </button>
    </div>
  );
}

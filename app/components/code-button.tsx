import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./code-button.css";
import { CODE_COUNTDOWN_S } from "~/contract/core/codes";
import { TextField } from "./form/field";

/**
 * What a send-code intent answers, both to a fetcher (JS on) and to a page POST (JS off).
 * `account` is where the code went when the person typed it (sign-in, register, reset); codes sent
 * to the signed-in user's own address (bind address, trade password) have none.
 */
export type CodeSendResult =
  | { ok: true; message: string; account?: string; sentAt: number }
  /** `wait`: a refusal that passes with time (a code was sent moments ago, from this page or another): the button counts it down. */
  | { ok: false; message: string; account?: string; wait?: number };

const norm = (v: string) => v.trim().toLowerCase();

/**
 * State of a send-code button: the latest answer, the countdown (60 s; 59 s on the address book's page)
 * and the fetcher that sends. The countdown only runs in the browser (it starts in an effect), so
 * the server-rendered button is never stuck disabled without JavaScript. With `account`, it resets
 * when the account text changes (a code for another address may go at once); a tab switch
 * remounts the form, which resets it too.
 */
export function useCodeSender({
  account,
  seconds = CODE_COUNTDOWN_S,
  serverResult,
  startCountdown = false,
  initialWait = 0,
}: {
  account?: string;
  seconds?: number;
  serverResult?: CodeSendResult | null;
  /** A code was sent just before this page opened (forgot password → reset password). */
  startCountdown?: boolean;
  /** Seconds the server says remain before another code can go (a code sent from another page). */
  initialWait?: number;
}) {
  const fetcher = useFetcher<{ codeSend?: CodeSendResult | null; result?: SubmissionResult<string[]> }>();
  const latest = fetcher.data?.codeSend ?? serverResult ?? null;
  const [shown, setShown] = useState<CodeSendResult | null>(serverResult ?? null);
  const [deadline, setDeadline] = useState<{ at: number; account?: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!latest) return;
    setShown(latest);
    const wait = latest.ok ? seconds : (latest.wait ?? 0);
    if (wait > 0) {
      setNow(Date.now());
      setDeadline({ at: Date.now() + wait * 1000, account: latest.account });
    }
  }, [latest, seconds]);

  useEffect(() => {
    if (startCountdown && account) setDeadline({ at: Date.now() + seconds * 1000, account });
    else if (initialWait > 0) setDeadline({ at: Date.now() + initialWait * 1000, account });
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount: the countdown the server asked for
  }, []);

  useEffect(() => {
    if (account === undefined) return;
    if (deadline?.account !== undefined && norm(deadline.account) !== norm(account)) setDeadline(null);
    if (shown?.account !== undefined && norm(shown.account) !== norm(account)) setShown(null);
  }, [account, deadline, shown]);

  useEffect(() => {
    if (!deadline) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline.at) setDeadline(null);
    }, 1000);
    return () => clearInterval(id);
  }, [deadline]);

  const remaining = deadline ? Math.max(0, Math.ceil((deadline.at - now) / 1000)) : 0;
  const pending = fetcher.state !== "idle";
  return {
    remaining,
    pending,
    blocked: remaining > 0 || pending,
    result: shown,
    /** The form's reply in the fetcher's answer (a refusal of the address lands on its field, not in `result`). */
    reply: fetcher.data?.result,
    /** Sends the form's fields with intent=send-code, without a navigation. */
    send(form: HTMLFormElement) {
      const formData = new FormData(form);
      formData.set("intent", "send-code");
      fetcher.submit(formData, { method: "post" });
    },
  };
}
export type CodeSender = ReturnType<typeof useCodeSender>;

/**
 * The send-code button: a real submit button of the form (`intent=send-code`, no validation), so
 * without JavaScript the page posts and comes back with 'code sent'. With JavaScript it checks the
 * form first (`validate`, when given), then sends through a fetcher and counts down. `validate`
 * answers null while the browser's checks have not loaded yet (they come after hydration): the
 * click then posts the form as without JavaScript and the server checks it.
 * Its words come from `ns` (code.send, code.sending, code.resend, code.resendIn).
 */
export function CodeButton({
  sender,
  statusId,
  validate,
  ns,
}: {
  sender: CodeSender;
  statusId: string;
  validate?: (form: HTMLFormElement) => boolean | null;
  ns: "auth" | "assets";
}) {
  const { t } = useTranslation(ns);
  const hydrated = useHydrated();
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    const form = event.currentTarget.form;
    if (!sender.blocked && form) {
      const ok = validate ? validate(form) : true;
      if (ok === null) return;
      event.preventDefault();
      if (ok) sender.send(form);
      return;
    }
    event.preventDefault();
  };
  // The button keeps its name while the wait counts down (a focused button renamed every second is read out every
  // second); the wait is a separate, silent line under it, which the button's description points at.
  const counting = sender.remaining > 0;
  const text =
    sender.pending && !counting ? t("code.sending") : sender.result?.ok || counting ? t(["code.resend", "code.send"]) : t("code.send");
  const waitId = `${statusId}-wait`;
  return (
    <span className={s.codeWrap}>
      <button
        type="submit"
        name="intent"
        value="send-code"
        formNoValidate
        className={`${button.secondary} ${s.codeButton}`}
        aria-disabled={sender.blocked || undefined}
        aria-describedby={counting ? `${statusId} ${waitId}` : statusId}
        onClick={onClick}
      >
        {text}
      </button>
      {counting ? (
        <span id={waitId} className={`num ${s.wait}`} data-testid="code-wait">
          {t("code.resendIn", { seconds: sender.remaining })}
        </span>
      ) : null}
    </span>
  );
}

/** The answer to the last send: 'code sent' (polite) or the exchange's msg (alert). */
export function CodeStatus({ sender, id }: { sender: CodeSender; id: string }) {
  const r = sender.result;
  return (
    <div id={id} aria-live="polite">
      {r ? (
        <p role={r.ok ? undefined : "alert"} className={r.ok ? s.status : `${s.status} ${s.statusError}`}>
          {r.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The field for a code sent by `sender`: its input (a one-time code, at most `maxLength` characters), the answer to
 * the last send under it (CodeStatus) and the send button beside it (CodeButton, with `validate` and `ns`).
 */
export function SentCodeField({
  label,
  field,
  sender,
  ns,
  validate,
  required,
  maxLength = 16,
  hint,
}: {
  label: ReactNode;
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  sender: CodeSender;
  ns: "auth" | "assets";
  validate?: (form: HTMLFormElement) => boolean | null;
  required?: boolean;
  maxLength?: number;
  hint?: ReactNode;
}) {
  const statusId = `${field.id}-status`;
  return (
    <TextField
      label={label}
      inputProps={{
        ...getInputProps(field, { type: "text", ariaDescribedBy: statusId }),
        required,
        autoComplete: "one-time-code",
        inputMode: "numeric",
        maxLength,
      }}
      field={field}
      hint={hint}
      extra={<CodeStatus sender={sender} id={statusId} />}
      after={<CodeButton sender={sender} statusId={statusId} ns={ns} validate={validate} />}
    />
  );
}

/**
 * A CodeButton `validate` for a code sent to an address the person types: the form passes `check` (the browser's
 * checks, absent until they load: null) or the address field `name` shows its message and `input` takes the focus.
 */
export function checkAddressFirst(
  check: ((data: FormData) => { status?: string }) | undefined,
  form: { validate: (options: { name: string }) => void },
  name: string,
  input: RefObject<HTMLInputElement>,
) {
  return (el: HTMLFormElement) => {
    if (!check) return null;
    if (check(new FormData(el)).status === "success") return true;
    form.validate({ name });
    input.current?.focus();
    return false;
  };
}

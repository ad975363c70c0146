import { useEffect, useState } from "react";

/**
 * Client-side validation that loads after hydration. A form's schema library (zod and conform's
 * adapter, ~15 KB gz) need not be in a screen's first-load JavaScript: the server validates every
 * submission anyway, and the form works before the checks arrive.
 *
 *   const authValidate = lazyModule(() => import("~/features/auth/validate"));   // module scope
 *   const v = useLazyModule(authValidate);                                   // undefined until loaded
 *   const validate = useMemo(() => v?.validator(v.loginSchema(t, kind)), [v, t, kind]);
 *   useForm({ constraint: loaderData.constraint, ...lazyValidation(validate) });
 *
 * Until the module is there, conform has no `onValidate` and validates on submit only, so a submit
 * posts the form and the action's reply shows the errors (as without JavaScript) — and no blur or
 * input event posts a validate intent to the server. Once loaded, conform (which takes the latest
 * options on every render) validates in the browser as usual.
 */

export type LazyModule<T> = {
  /** The module once loaded, else undefined. */
  readonly current: T | undefined;
  /** Loads it (once; a failed load may be retried). */
  load(): Promise<T>;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  return {
    get current() {
      return value;
    },
    load() {
      pending ??= importer().then(
        (m) => (value = m),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The module, or undefined until it has loaded. Loading starts in an effect, i.e. after hydration;
 * a screen opened later by a client navigation gets it at once. If the load fails the value stays
 * undefined (the server still validates).
 */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(() => module.current);
  useEffect(() => {
    if (value !== undefined) return;
    let live = true;
    module.load().then(
      (m) => {
        if (live) setValue(() => m);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [module, value]);
  return value;
}

type Timing = "onSubmit" | "onBlur" | "onInput";

/**
 * conform `useForm` options for a validator that may not be loaded yet: with it, validate on
 * `shouldValidate` and revalidate on `shouldRevalidate`; without it, no `onValidate` and validation
 * on submit only (the submission goes to the server, which answers with the errors).
 */
export function lazyValidation<Submission>(
  validate: ((formData: FormData) => Submission) | undefined,
  // A field left empty is not an error until the person submits (issue 9: no 'cannot be empty' while filling in);
  // after a submit, each field's message follows its input.
  when: { shouldValidate: Timing; shouldRevalidate: Timing } = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" },
) {
  if (!validate) return { shouldValidate: "onSubmit" as Timing, shouldRevalidate: "onSubmit" as Timing, onValidate: undefined };
  return { ...when, onValidate: ({ formData }: { formData: FormData }) => validate(formData) };
}

import { useForm } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";
import { useMemo, useRef } from "react";
import type { ZodTypeAny } from "zod";
import { lazyValidation } from "~/lib/use-lazy-validate";
import type { AuthActionData } from "./auth.server";
import type { AccountKind, Translate } from "./constants";
import { useAuthT } from "./use-auth-t";
import { useAuthValidate } from "./use-auth-validate";

type AuthValidate = NonNullable<ReturnType<typeof useAuthValidate>>;

/**
 * The setup the four sign-in forms share: the form's schema and the account check once the browser's validation
 * has loaded (the server validates until then), conform's form with the action's last result and the constraints,
 * and whether a submit (not a code request) is under way. `actionData` is the action's whole answer.
 */
export function useAuthForm({
  id,
  kind,
  schema,
  accountSchema,
  schemaDeps = [],
  defaultValue,
  constraint,
}: {
  id: string;
  kind: AccountKind;
  /** The form's schema builder, from the lazily loaded module. */
  schema: (v: AuthValidate, t: Translate) => ZodTypeAny;
  /** The account-only schema the send-code button checks first, when the form sends codes. */
  accountSchema?: (v: AuthValidate, t: Translate) => ZodTypeAny;
  /** What else the schema builders read (besides the language and the account kind). */
  schemaDeps?: readonly unknown[];
  defaultValue: Record<string, unknown>;
  constraint: Parameters<typeof useForm>[0]["constraint"];
}) {
  const actionData = useActionData<AuthActionData>();
  const tr = useAuthT();
  const navigation = useNavigation();
  const v = useAuthValidate();
  /* eslint-disable react-hooks/exhaustive-deps -- the builders are inline; what they read is listed */
  const validate = useMemo(() => (v ? v.validator(schema(v, tr)) : undefined), [v, tr, kind, ...schemaDeps]);
  const checkAccount = useMemo(() => (v && accountSchema ? v.validator(accountSchema(v, tr)) : undefined), [v, tr, kind, ...schemaDeps]);
  /* eslint-enable react-hooks/exhaustive-deps */
  const [form, fields] = useForm({
    id: `${id}-${kind}`,
    lastResult: actionData?.result,
    defaultValue,
    constraint,
    ...lazyValidation(validate),
  });
  const accountRef = useRef<HTMLInputElement>(null);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") !== "send-code";
  return { form, fields, tr, checkAccount, accountRef, busy, actionData };
}

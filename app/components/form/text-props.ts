/** What `textInputProps` reads of a field: conform's field metadata (`fields.x` of `useForm`). */
type TextField = { id: string; name: string; formId: string; errorId: string; errors?: string[] };

/**
 * A controlled text input's props from its conform field, for a form validated lazily (`lazyValidation`, which gives
 * conform no constraints): the same as `getInputProps(field, { type: "text", value: false })` (the unit test holds
 * them equal), read in five looks at the field instead of fifteen. Conform builds the field's metadata afresh at every
 * look, and the order forms of a signed-in /trade spent about 6 % of its server render there (docs/architecture.md).
 * A form with constraints (required, lengths, patterns) keeps `getInputProps`, which carries them.
 */
export function textInputProps(field: TextField): TextInputProps {
  const props: TextInputProps = { id: field.id, name: field.name, form: field.formId, type: "text" };
  if (field.errors !== undefined) {
    props["aria-invalid"] = true;
    props["aria-describedby"] = field.errorId;
  }
  return props;
}

export type TextInputProps = { id: string; name: string; form: string; type: "text"; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * The exchange's messages are written lower case ('incorrect account or password'); the
 * screens show every sentence capitalized. Only a leading lower-case letter changes (scripts without case, a
 * number or a quote stay as they are), with the language's own rules for upper case.
 */
export function sentenceCase(text: string, locale = "en"): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const ch = String.fromCodePoint(first);
  const upper = ch.toLocaleUpperCase(locale);
  if (upper === ch || ch !== ch.toLocaleLowerCase(locale)) return text;
  return upper + text.slice(ch.length);
}

/** The FormData a browser posts for these fields, for tests of form parsing and validation. */
export function formDataOf(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

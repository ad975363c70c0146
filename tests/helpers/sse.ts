/** Test helper (not collected as a test file): parses SSE text as a browser would. */
/** A spec-faithful SSE parser (HTML §9.2.6): lines end at CRLF, LF or CR; fields split at the first colon. */
export function parseSse(text: string) {
  const events: Array<{ event: string; id: string | null; data: string }> = [];
  let event = "";
  let data: string[] = [];
  let id: string | null = null;
  let retry: number | null = null;
  const comments: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      if (data.length > 0) events.push({ event: event || "message", id, data: data.join("\n") });
      event = "";
      data = [];
      continue;
    }
    if (line.startsWith(":")) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const i = line.indexOf(":");
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
    else if (field === "retry") retry = Number(value);
  }
  return { events, retry, comments };
}

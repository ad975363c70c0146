import type { AppLoadContext } from "@remix-run/node";
import type { ExportCall } from "~/contract";
import { api, type ApiArgs, type DataOf, type PayloadOf } from "~/lib/api.server";
import { csvRow } from "~/lib/csv";

/**
 * A CSV download streamed from the exchange a page at a time (its export calls: keyset pages of up to 1,000 rows), so
 * a million rows never sit in memory: the response's stream asks for the next page only when the browser has taken
 * the last one. The Remix adapter writes whatever the stream gives without waiting for the socket, so the stream
 * waits itself while more than `MAX_BUFFERED` bytes are queued for a slow browser (`responseBuffered`). A download
 * the browser abandons stops asking the exchange (the request's signal).
 */
export const MAX_BUFFERED = 256 * 1024;
/** How often a paused stream looks at the socket again. */
const PAUSE_MS = 10;

type Row<N extends ExportCall> = DataOf<N>["data"][number];

export interface CsvDownload<N extends ExportCall> {
  call: N;
  /** The export's filters (without `before_id` and `limit`). */
  payload: Omit<PayloadOf<N>, "before_id" | "limit">;
  /** The header row, in the reader's language. */
  header: string[];
  /** One row's cells: exact decimals as the exchange answers them, times in UTC ISO. */
  row: (r: Row<N>) => (string | number | null | undefined)[];
  fileName: string;
  /** Rows per page asked of the exchange (its maximum by default). */
  pageSize?: number;
}

export type CsvFailure = { ok: false; msg: string };

/**
 * The download's response, or the refusal of its first page (the caller says it on the screen it came from). The
 * first page is read before the response starts, so a refused export is not a broken file; a later page that fails
 * ends the stream with an error, and the browser reports the download as failed rather than keep a short file.
 */
export async function csvDownload<N extends ExportCall>(
  args: ApiArgs & { context: Pick<AppLoadContext, "exchangeFetch" | "responseBuffered"> },
  d: CsvDownload<N>,
): Promise<Response | CsvFailure> {
  const signal = args.request.signal;
  const fetchPage = (before: number | undefined) =>
    api(args, d.call, { ...d.payload, ...(before ? { before_id: before } : {}), limit: d.pageSize ?? 1000 } as PayloadOf<N>);
  const first = await fetchPage(undefined);
  if (!first.ok) return { ok: false, msg: first.msg };
  const encoder = new TextEncoder();
  let page: { data: Row<N>[]; next_before_id: number | null } | null = first.data as { data: Row<N>[]; next_before_id: number | null };
  const buffered = args.context.responseBuffered;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // The byte order mark tells spreadsheets the file is UTF-8 (a header row in Thai or Chinese reads as it should).
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(d.header)}`));
      },
      async pull(controller) {
        if (page === null) {
          controller.close();
          return;
        }
        let text = "";
        for (const r of page.data) text += csvRow(d.row(r));
        if (text) controller.enqueue(encoder.encode(text));
        const next = page.next_before_id;
        page = null;
        if (next === null) {
          controller.close();
          return;
        }
        while (buffered && buffered() > MAX_BUFFERED && !signal.aborted) await new Promise((r) => setTimeout(r, PAUSE_MS));
        if (signal.aborted) {
          controller.close();
          return;
        }
        const r = await fetchPage(next);
        if (!r.ok) {
          controller.error(new Error(`export ${d.call} failed: ${r.msg}`));
          return;
        }
        page = r.data as { data: Row<N>[]; next_before_id: number | null };
      },
    },
    // One page ahead at most: `pull` runs again only once the adapter has taken what was queued.
    { highWaterMark: 1 },
  );
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${d.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

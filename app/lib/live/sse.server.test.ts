import { createSseStream, encodeEventText, HEARTBEAT, SlowConsumerError, SseFieldError } from "./sse.server";
import { parseSse } from "../../../tests/helpers/sse";

describe("encodeEventText", () => {
  it("writes event, id and one JSON data line", () => {
    const text = encodeEventText({ event: "DAY_MARKET", id: "ab12-7", data: { type: "DAY_MARKET", close: "1.5" } });
    expect(text).toBe('event: DAY_MARKET\nid: ab12-7\ndata: {"type":"DAY_MARKET","close":"1.5"}\n\n');
  });

  it("cannot be made to emit a field through a payload", () => {
    const evil = ["\n\nevent: x\ndata: pwned\n\n", "\r\rid: 999\r", "a\r\nretry: 1\r\n", "\u2028\u2029", "\0"];
    for (const s of evil) {
      const text = encodeEventText({ event: "KLINE.BTCUSDT", id: "b-1", data: { symbol: s, nested: [s, { [s]: s }] } });
      expect(text).not.toMatch(/[\r]/);
      expect(text.split("\n").filter(Boolean)).toHaveLength(3);
      const { events, retry } = parseSse(text);
      expect(retry).toBeNull();
      expect(events).toHaveLength(1);
      expect(events[0].event).toBe("KLINE.BTCUSDT");
      expect(events[0].id).toBe("b-1");
      expect(JSON.parse(events[0].data)).toEqual({ symbol: s, nested: [s, { [s]: s }] });
    }
  });

  it("refuses event names and ids that could carry a field", () => {
    for (const event of ["DAY_MARKET\n\nevent: x", "a\rb", "x: y", "", "with space", "a".repeat(65)]) {
      expect(() => encodeEventText({ event, id: "b-1", data: 1 })).toThrow(SseFieldError);
    }
    for (const id of ["1\nevent: x", "1\r", "a\0b", ""]) {
      expect(() => encodeEventText({ event: "x", id, data: 1 })).toThrow(SseFieldError);
    }
  });
});

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

describe("createSseStream", () => {
  it("starts with retry: 3000 and ends on abort", async () => {
    const ac = new AbortController();
    const reasons: string[] = [];
    const s = createSseStream(ac.signal, { onClose: (r) => reasons.push(r) });
    s.write(HEARTBEAT);
    ac.abort();
    const text = await readAll(s.body);
    expect(text.startsWith("retry: 3000\n\n")).toBe(true);
    expect(parseSse(text).comments).toEqual(["hb"]);
    expect(s.closed).toBe(true);
    expect(s.write(HEARTBEAT)).toBe(false);
    expect(reasons).toEqual(["abort"]);
  });

  it("cuts off a reader that never reads once 256 KB are queued; memory stays bounded", async () => {
    const reasons: string[] = [];
    const s = createSseStream(new AbortController().signal, { onClose: (r) => reasons.push(r) });
    const reader = s.body.getReader(); // never reads
    const chunk = new TextEncoder().encode(encodeEventText({ event: "DAY_MARKET", id: "b-1", data: "x".repeat(1000) }));
    let accepted = 0;
    let maxQueued = 0;
    for (let i = 0; i < 10_000; i++) {
      if (!s.write(chunk)) break;
      accepted++;
      maxQueued = Math.max(maxQueued, s.queuedBytes);
    }
    expect(maxQueued).toBeLessThanOrEqual(256 * 1024);
    expect(accepted).toBeLessThan(300);
    expect(s.closed).toBe(true);
    expect(s.queuedBytes).toBe(0);
    expect(reasons).toEqual(["overflow"]);
    await expect(reader.read()).rejects.toBeInstanceOf(SlowConsumerError);
  });

  it("a reader that keeps up is never cut off", async () => {
    const s = createSseStream(new AbortController().signal, { maxBufferedBytes: 4096 });
    const reader = s.body.getReader();
    const chunk = new Uint8Array(1000);
    for (let i = 0; i < 100; i++) {
      expect(s.write(chunk)).toBe(true);
      await reader.read();
    }
    expect(s.closed).toBe(false);
    s.close();
  });
});

describe("createSseStream with a sink", () => {
  /** A sink that keeps what it is given; `held` stands for bytes the socket has not taken. */
  const memorySink = () => {
    const sink = {
      chunks: [] as string[],
      held: 0,
      ended: false,
      destroyed: false,
      isOpen: true,
      write: (c: Uint8Array) => void sink.chunks.push(new TextDecoder().decode(c)),
      end: () => void (sink.ended = true),
      destroy: () => void (sink.destroyed = true),
      buffered: () => sink.held,
      open: () => sink.isOpen,
    };
    return sink;
  };

  it("writes each chunk to the sink at once, has no body, and ends the sink on close", () => {
    const sink = memorySink();
    const reasons: string[] = [];
    const s = createSseStream(new AbortController().signal, { sink, onClose: (r) => reasons.push(r) });
    expect(s.body).toBeNull();
    expect(sink.chunks).toEqual(["retry: 3000\n\n"]);
    expect(s.write(HEARTBEAT)).toBe(true);
    expect(sink.chunks).toEqual(["retry: 3000\n\n", ": hb\n\n"]);
    s.close();
    expect(sink.ended).toBe(true);
    expect(s.write(HEARTBEAT)).toBe(false);
    expect(sink.chunks).toHaveLength(2);
    expect(reasons).toEqual(["closed"]);
  });

  it("drops the connection once more than the bound waits in the sink, and ends when the sink is gone or on abort", () => {
    const slow = memorySink();
    const reasons: string[] = [];
    const s = createSseStream(new AbortController().signal, { sink: slow, maxBufferedBytes: 1000, onClose: (r) => reasons.push(r) });
    slow.held = 999;
    expect(s.write(HEARTBEAT)).toBe(true);
    slow.held = 1001;
    expect(s.write(HEARTBEAT)).toBe(false);
    expect(slow.destroyed).toBe(true);
    expect(s.closed).toBe(true);
    expect(s.queuedBytes).toBe(0);

    const gone = memorySink();
    const s2 = createSseStream(new AbortController().signal, { sink: gone, onClose: (r) => reasons.push(r) });
    gone.isOpen = false;
    expect(s2.write(HEARTBEAT)).toBe(false);
    expect(gone.chunks).toHaveLength(1);

    const ac = new AbortController();
    createSseStream(ac.signal, { sink: memorySink(), onClose: (r) => reasons.push(r) });
    ac.abort();
    expect(reasons).toEqual(["overflow", "gone", "abort"]);
  });
});

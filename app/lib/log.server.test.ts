import { Writable } from "node:stream";
import { consoleErrors } from "../../tests/setup/fail-on-console-error";
import { createLogger, lineLogger, MAX_VALUE_CHARS, requestContext } from "./log.server";

/** A logger writing into an array, one parsed JSON object per line. */
function capture(level = "info") {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger({ level, destination });
  return { log, lines, objects: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("the log", () => {
  it("writes JSON lines with the level by name, the time and the message", () => {
    const { log, objects } = capture();
    log.info({ port: 3000 }, "listening");
    const [line] = objects();
    expect(line).toMatchObject({ level: "info", msg: "listening", port: 3000, pid: process.pid });
    expect(new Date(String(line.time)).getTime()).toBeGreaterThan(0);
  });

  it("respects the level: debug lines are left out at info, and everything below error at error", () => {
    const info = capture("info");
    info.log.debug("noise");
    info.log.info("kept");
    expect(info.objects().map((o) => o.msg)).toEqual(["kept"]);
    const quiet = capture("error");
    quiet.log.warn("left out");
    expect(quiet.lines).toEqual([]);
  });

  it("carries the request's id inside a request", () => {
    const { log, objects } = capture();
    const child = log.child({ reqId: "req-12345678" });
    requestContext.run({ reqId: "req-12345678", log: child }, () => requestContext.getStore()!.log.info("inside"));
    expect(objects()[0]).toMatchObject({ reqId: "req-12345678", msg: "inside" });
  });

  it("never writes a password, token, secret, code or cookie, however deep", () => {
    const { log, lines } = capture();
    log.info(
      {
        password: "Trade2026",
        body: { account: "a@b.c", pay_password: "123456", sms_code: "654321", code: "111222", nested: [{ token: "abc.def" }] },
        headers: { cookie: "__session=xyz", authorization: "Bearer zzz" },
        SESSION_SECRET: "s".repeat(64),
        status: 200,
      },
      "request",
    );
    const text = lines.join("\n");
    for (const secret of ["Trade2026", "123456", "654321", "111222", "abc.def", "__session=xyz", "Bearer zzz", "s".repeat(64)])
      expect(text).not.toContain(secret);
    expect(text).toContain('"account":"a@b.c"');
    expect(text).toContain('"status":200');
    expect(text.match(/\[redacted\]/g)).toHaveLength(8);
  });

  it("cuts a long value (issue 20 found a 20,000-character value written whole), in a field and in the message", () => {
    const { log, lines, objects } = capture();
    const long = "x".repeat(20_000);
    log.info({ path: `/trade?symbol=${long}`, list: [long] }, long);
    expect(lines[0].length).toBeLessThan(4 * MAX_VALUE_CHARS);
    const o = objects()[0] as { path: string; list: string[]; msg: string };
    expect(o.path).toMatch(/… \[\d+ more characters cut\]$/);
    expect(o.path.length).toBeLessThan(MAX_VALUE_CHARS + 50);
    expect(o.list[0].length).toBeLessThan(MAX_VALUE_CHARS + 50);
    expect(o.msg).toContain("[19000 more characters cut]");
  });

  it("writes an error with its type, message and stack", () => {
    const { log, objects } = capture();
    log.error({ err: new TypeError("bad thing") }, "failed");
    const o = objects()[0] as { err: { type: string; message: string; stack: string } };
    expect(o.err).toMatchObject({ type: "TypeError", message: "bad thing" });
    expect(o.err.stack).toContain("log.server.test.ts");
    expect(consoleErrors()).toEqual(["failed"]);
  });
});

describe("plain lines", () => {
  it("are warnings when they say something failed, information otherwise", () => {
    const { log, objects } = capture();
    const line = lineLogger(() => log);
    line("[engine] batch of 3 rolled back: Error: disk I/O error");
    line("[live] public upstream error: connect ECONNREFUSED");
    line("[listing] pair BTC/USDT: added");
    expect(objects().map((o) => o.level)).toEqual(["warn", "warn", "info"]);
  });
});

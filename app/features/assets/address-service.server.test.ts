import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyClient } from "../../../tests/helpers/money-client";
import { consoleErrors } from "../../../tests/setup/fail-on-console-error";
import { signAddressRequest, verifyAddressSign } from "../../../server/exchange/address-service";
import { createExchange, type Exchange } from "../../../server/exchange/index";
import { commitSession, getSession } from "~/lib/session.server";
import { addressSecret, addressService, chainContract, signAddressData, signedAddressForm, signedInUserId } from "./address-service.server";

const SECRET = "app-and-exchange-share-this";
const page = () => new Request("http://localhost:3000/assets/bindAddr");

describe("chainContract", () => {
  it("names a chain by its token contract, or by its code for the chain's native coin", () => {
    expect(chainContract("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "TRC20")).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    expect(chainContract("", "BTC")).toBe("BTC");
  });
});

describe("address-service signer", () => {
  it("signs exactly like the exchange's verifier expects: hex sha256(data + secret)", () => {
    const data = JSON.stringify({ user_id: 7, coin_name: "USDT", timestamp: 1_790_000_000 });
    expect(signAddressData(data, SECRET)).toBe(signAddressRequest(data, SECRET));
    expect(signAddressData('{"a":1}', "s3cr3t-for-tests")).toBe("923ba9014e5ed912c9a3462f8760d80424d5ae6101cdd20601ef476abaae5e5c");
    const form = signedAddressForm({ user_id: 7, coin_name: "USDT" }, SECRET, 1_790_000_000_500);
    expect(JSON.parse(form.get("data")!)).toEqual({ user_id: 7, coin_name: "USDT", timestamp: 1_790_000_000 });
    expect(verifyAddressSign(form.get("data")!, form.get("sign")!, SECRET)).toBe(true);
    expect(verifyAddressSign(form.get("data")!.replace("USDT", "BTC"), form.get("sign")!, SECRET)).toBe(false);
    expect(verifyAddressSign(form.get("data")!, form.get("sign")!, SECRET + "x")).toBe(false);
  });

  it("reads the secret from ADDRESS_SERVICE_SECRET, else DATA_DIR/address-secret", () => {
    const dir = mkdtempSync(join(tmpdir(), "app-addr-"));
    try {
      writeFileSync(join(dir, "address-secret"), "from-file\n");
      expect(addressSecret({ ADDRESS_SERVICE_SECRET: "from-env", DATA_DIR: dir })).toBe("from-env");
      expect(addressSecret({ DATA_DIR: dir })).toBe("from-file");
      expect(() => addressSecret({})).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("address-service client against the real exchange", () => {
  let exchange: Exchange;
  beforeAll(() => {
    exchange = createExchange({
      dataDir: ":memory:",
      addressSecret: SECRET,
      simulator: false,
      marketMaker: false,
      savingsScheduler: false,
      log: () => {},
    });
  });
  afterAll(async () => {
    await exchange.close();
  });
  const ctx = () => ({ exchangeFetch: (r: Request) => exchange.handle(r) });

  it("the user id it is given comes from the exchange, never from the cookie alone: an ended session gets the sign-in page", async () => {
    process.env.SESSION_SECRET ??= "a-session-secret-for-this-test-only-0123456789";
    const c = moneyClient(exchange);
    const token = await c.login("demo@example.com", "Trade2026");
    // A cookie naming another user's id (as an old or tampered session might) with demo's token.
    const session = await getSession(page());
    session.set("token", token);
    session.set("uid", "999999");
    const cookie = (await commitSession(page(), session)).split(";")[0]!;
    const request = () => new Request("http://localhost:3000/assets/bindAddr", { headers: { Cookie: cookie } });
    const demoId = (exchange.db.prepare("SELECT id FROM users WHERE email = 'demo@example.com'").get() as { id: number }).id;
    expect(await signedInUserId({ request: request(), context: ctx() })).toBe(demoId);
    // Signed out (the token ends): the cookie no longer names anyone to the address service.
    expect((await c.call("logout", {}, { token })).code).toBe(1);
    const ended = await signedInUserId({ request: request(), context: ctx() }).catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(Response);
    expect((ended as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("a request signed by the app is accepted", async () => {
    // User 1 is a seeded demo user; a fresh database has no bound addresses.
    const r = await addressService({ request: page(), context: ctx() }, "getDrawAddress", { user_id: 1 }, { secret: SECRET });
    expect(r).toEqual({ ok: true, data: [] });
  });

  it("a request signed with another secret is refused", async () => {
    const r = await addressService({ request: page(), context: ctx() }, "getDrawAddress", { user_id: 1 }, { secret: "wrong" });
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.msg).toMatch(/signature/i);
  });

  it("a stale request is refused", async () => {
    const r = await addressService(
      { request: page(), context: ctx() },
      "getDrawAddress",
      { user_id: 1 },
      { secret: SECRET, now: Date.now() - 10 * 60_000 },
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.msg).toMatch(/expired/i);
  });

  it("maps a transport failure to the server error", async () => {
    const r = await addressService(
      { request: page(), context: { exchangeFetch: async () => Promise.reject(new Error("down")) } },
      "getDrawAddress",
      { user_id: 1 },
      { secret: SECRET },
    );
    expect(r).toEqual({ ok: false, kind: "network", msg: "Server error, please try again later" });
    expect(consoleErrors()).toEqual([expect.stringContaining("/addr/GetDrawAddress failed: down")]);
  });

  it("times out like the api client", async () => {
    const r = await addressService(
      { request: page(), context: { exchangeFetch: () => new Promise<Response>(() => {}) } },
      "getDrawAddress",
      { user_id: 1 },
      { secret: SECRET, timeoutMs: 20 },
    );
    expect(r).toMatchObject({ ok: false, kind: "network" });
    expect(consoleErrors()).toEqual([expect.stringContaining("/addr/GetDrawAddress failed: timed out")]);
  });
});

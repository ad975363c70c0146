import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadOrCreateAddressSecret, signAddressRequest, signedForm, timestampProblem, verifyAddressSign } from "./address-service";

const secret = "s3cr3t-for-tests";

describe("address service signatures", () => {
  const data = JSON.stringify({
    user_id: 7,
    address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8",
    coin_name: "USDT",
    contract_address: "TRC20",
    verificationcode: "123456",
    timestamp: 1_790_000_000,
  });

  it("sign = hex sha256(data + secret)", () => {
    // echo -n '{"a":1}s3cr3t-for-tests' | sha256sum
    expect(signAddressRequest('{"a":1}', secret)).toBe("923ba9014e5ed912c9a3462f8760d80424d5ae6101cdd20601ef476abaae5e5c");
  });

  it("accepts a good sign (any hex case) and refuses an altered one", () => {
    const sign = signAddressRequest(data, secret);
    expect(verifyAddressSign(data, sign, secret)).toBe(true);
    expect(verifyAddressSign(data, sign.toUpperCase(), secret)).toBe(true);
    expect(verifyAddressSign(data.replace("TJRab", "TJRac"), sign, secret)).toBe(false);
    expect(verifyAddressSign(data, sign, secret + "x")).toBe(false);
    expect(verifyAddressSign(data, sign.slice(0, 63), secret)).toBe(false);
    expect(verifyAddressSign(data, "zz" + sign.slice(2), secret)).toBe(false);
    const form = signedForm({ user_id: 1, timestamp: 5 }, secret);
    expect(verifyAddressSign(form.get("data")!, form.get("sign")!, secret)).toBe(true);
  });

  it("refuses stale and future timestamps (seconds or milliseconds)", () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(timestampProblem(now / 1000, now)).toBeNull();
    expect(timestampProblem(now, now)).toBeNull();
    expect(timestampProblem(now / 1000 - 299, now)).toBeNull();
    expect(timestampProblem(now / 1000 - 301, now)).toBe("sign_expired");
    expect(timestampProblem(now / 1000 + 20, now)).toBeNull();
    expect(timestampProblem(now / 1000 + 31, now)).toBe("sign_expired");
  });

  it("keeps the secret in DATA_DIR (0600), or takes ADDRESS_SERVICE_SECRET", () => {
    const dir = mkdtempSync(join(tmpdir(), "addr-secret-"));
    try {
      const a = loadOrCreateAddressSecret(dir, {});
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(loadOrCreateAddressSecret(dir, {})).toBe(a);
      expect(readFileSync(join(dir, "address-secret"), "utf8").trim()).toBe(a);
      expect(statSync(join(dir, "address-secret")).mode & 0o777).toBe(0o600);
      expect(loadOrCreateAddressSecret(dir, { ADDRESS_SERVICE_SECRET: "from-env" })).toBe("from-env");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

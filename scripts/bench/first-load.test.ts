import { describe, expect, it } from "vitest";
import { firstLoadLines, firstLoads, type Manifest } from "./first-load";

const manifest: Manifest = {
  entry: { module: "/entry.js", imports: ["/vendor.js"] },
  routes: {
    root: { id: "root", module: "/root.js", imports: ["/vendor.js", "/shell.js"] },
    "routes/trade": { id: "routes/trade", parentId: "root", module: "/trade.js", imports: ["/chart.js", "/forms.js"] },
    "routes/login": { id: "routes/login", parentId: "root", module: "/login.js", imports: ["/forms.js"] },
    "routes/assets": { id: "routes/assets", parentId: "root", module: "/assets.js" },
    "routes/assets.deposit": { id: "routes/assets.deposit", parentId: "routes/assets", module: "/deposit.js", imports: ["/forms.js"] },
    "routes/resources.theme": { id: "routes/resources.theme", parentId: "root", module: "/theme.js" },
  },
};
const KB = 1024;
const SIZES: Record<string, number> = {
  "/entry.js": 2 * KB,
  "/vendor.js": 80 * KB,
  "/root.js": 5 * KB,
  "/shell.js": 3 * KB,
  "/trade.js": 20 * KB,
  "/chart.js": 40 * KB,
  "/forms.js": 11 * KB,
  "/login.js": 1 * KB,
  "/assets.js": 2 * KB,
  "/deposit.js": 3 * KB,
  "/theme.js": 0.1 * KB,
};

describe("first-load figures", () => {
  const rows = firstLoads(
    manifest,
    (f) => SIZES[f]!,
    (id) => id !== "root" && id !== "routes/resources.theme",
  );

  it("sums each file of the entry, the route and its parents once, largest first, screens only", () => {
    expect(rows.map((r) => [r.route, r.bytes / KB])).toEqual([
      ["routes/trade", 2 + 80 + 5 + 3 + 20 + 40 + 11],
      ["routes/assets.deposit", 2 + 80 + 5 + 3 + 2 + 3 + 11],
      ["routes/login", 2 + 80 + 5 + 3 + 1 + 11],
      ["routes/assets", 2 + 80 + 5 + 3 + 2],
    ]);
  });

  it("holds the chart screens to 200 KB and the others to 100, naming those over", () => {
    const lines = firstLoadLines(rows);
    expect(lines[1]).toBe("    with the chart: /trade 161.0 KB — goal ≤ 200 KB: met");
    expect(lines[2]).toBe("    without a chart: largest /assets.deposit 106.0 KB, 2 of 3 screens over 100 KB — goal ≤ 100 KB: missed");
    expect(lines[3]).toBe("    over: /assets.deposit 106.0, /login 102.0");
  });
});

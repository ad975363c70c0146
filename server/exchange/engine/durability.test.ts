import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SPOT_ORDER_STATUS } from "../../../app/contract/core/index";
import { openDatabase } from "../db/index";
import { reconcile } from "../ledger/reconcile";

const CHILD = fileURLToPath(new URL("./fixtures/order-flood.ts", import.meta.url));
/** Acknowledgements to see before the kill: several hundred commits' worth, with checkpoints among them. */
const ACKS_BEFORE_KILL = 3000;

/**
 * kill -9 while orders stream in: every order and cancellation the engine acknowledged is in the database when it
 * opens again, and the ledger still adds up (the acknowledgement comes only after its batch's commit).
 */
describe("durability", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "engine-kill-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loses nothing acknowledged when the process is killed (SIGKILL) in the middle of a flood of orders", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dir], { stdio: ["ignore", "pipe", "pipe"] });
    let buffered = "";
    let errors = "";
    const lines: string[] = [];
    child.stderr.on("data", (b) => (errors += b));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (b: Buffer) => {
        buffered += b.toString();
        const end = buffered.lastIndexOf("\n");
        if (end < 0) return;
        // Only whole lines count: each was written after its acknowledgement.
        lines.push(...buffered.slice(0, end).split("\n"));
        buffered = buffered.slice(end + 1);
        if (lines.length > ACKS_BEFORE_KILL && child.exitCode === null) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", () => reject(new Error(`the flood stopped by itself:\n${errors}`)));
    });
    expect(await exited).toBe("SIGKILL");
    const adds = new Map<number, number>();
    const cancels = new Set<number>();
    for (const l of lines) {
      const [kind, id, status] = l.split(" ");
      if (kind === "add") adds.set(Number(id), Number(status));
      else if (kind === "cancel") cancels.add(Number(id));
    }
    expect(adds.size).toBeGreaterThan(1000);
    expect(cancels.size).toBeGreaterThan(100);

    const db = openDatabase(dir);
    try {
      const rows = new Map(
        (db.prepare("SELECT id, status FROM spot_orders").all() as { id: number; status: number }[]).map((r) => [r.id, r.status]),
      );
      const missing = [...adds.keys()].filter((id) => !rows.has(id));
      expect(missing).toEqual([]);
      // An order that ended when it was acknowledged (filled) ended so; a cancelled one is cancelled.
      const changed = [...adds].filter(([id, s]) => s !== SPOT_ORDER_STATUS.OPEN && rows.get(id) !== s);
      expect(changed).toEqual([]);
      const notCancelled = [...cancels].filter((id) => rows.get(id) !== SPOT_ORDER_STATUS.CANCELLED);
      expect(notCancelled).toEqual([]);
      const report = reconcile(db);
      expect(report.mismatches).toEqual([]);
      expect(report.ok).toBe(true);
    } finally {
      db.close();
    }
  }, 120_000);
});

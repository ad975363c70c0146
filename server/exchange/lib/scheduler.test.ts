import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { moneyClient } from "../../../tests/helpers/money-client";
import { createExchange, recordTrade } from "../index";
import { Scheduler, type DueJob } from "./scheduler";

/** A job over a stored list of due times (what a table of due rows is to a real job). */
function storedJob(name: string, due: number[], ran: string[]): DueJob & { due: number[] } {
  const job = {
    name,
    due,
    next: () => (job.due.length ? Math.min(...job.due) : null),
    run: (now: number) => {
      const done = job.due.filter((t) => t <= now);
      job.due = job.due.filter((t) => t > now);
      for (const t of done) ran.push(`${name}@${t}`);
      return done.length;
    },
  };
  return job;
}

describe("the scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("runs at start what fell due while the process was down, then each job at its stored due time", () => {
    const ran: string[] = [];
    const s = new Scheduler({ clock: Date.now, log: () => {} });
    s.add(storedJob("a", [999_000, 1_005_000], ran));
    s.add(storedJob("b", [1_002_000, 1_200_000], ran));
    s.start();
    expect(ran).toEqual(["a@999000"]);
    vi.advanceTimersByTime(1_999);
    expect(ran).toEqual(["a@999000"]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["a@999000", "b@1002000"]);
    vi.advanceTimersByTime(3_000);
    expect(ran).toEqual(["a@999000", "b@1002000", "a@1005000"]);
    // Nothing before its time, even across the longest sleep (a minute).
    vi.advanceTimersByTime(150_000);
    expect(ran).toEqual(["a@999000", "b@1002000", "a@1005000"]);
    vi.advanceTimersByTime(45_000);
    expect(ran.at(-1)).toBe("b@1200000");
    s.stop();
  });

  it("wakes sooner when new work falls due earlier than it planned", () => {
    const ran: string[] = [];
    const s = new Scheduler({ clock: Date.now, log: () => {} });
    const job = storedJob("micro", [1_050_000], ran);
    s.add(job);
    s.start();
    job.due.push(1_000_500);
    s.wake(1_000_500);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(["micro@1000500"]);
    s.stop();
    job.due.push(1_001_000);
    s.wake(1_001_000);
    vi.advanceTimersByTime(60_000);
    expect(ran).toEqual(["micro@1000500"]); // stopped: nothing more runs
  });

  it("retries a job that stays due without doing anything after a second instead of spinning, and a throw does not stop the others", () => {
    const log: string[] = [];
    let tries = 0;
    const stuck: DueJob = {
      name: "stuck",
      next: () => 990_000,
      run: () => {
        tries++;
        return 0;
      },
    };
    let throws = 0;
    const broken: DueJob = {
      name: "broken",
      next: () => 990_000,
      run: () => {
        throws++;
        throw new Error("disk full");
      },
    };
    const ran: string[] = [];
    const s = new Scheduler({ clock: Date.now, log: (l) => log.push(l) });
    s.add(stuck);
    s.add(broken);
    s.add(storedJob("fine", [1_000_100], ran));
    s.start();
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["fine@1000100"]);
    expect(tries).toBe(1);
    expect(throws).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(tries).toBeGreaterThanOrEqual(9);
    expect(tries).toBeLessThanOrEqual(11);
    expect(throws).toBe(tries);
    expect(log[0]).toMatch(/\[scheduler\] broken failed: Error: disk full/);
    s.stop();
  });

  it("catches up a backlog larger than one run in several runs, yielding between them", () => {
    const due = Array.from({ length: 25 }, (_, i) => 900_000 + i);
    let runs = 0;
    const batched: DueJob = {
      name: "batched",
      next: () => (due.length ? due[0]! : null),
      run: () => {
        runs++;
        return due.splice(0, 10).length;
      },
    };
    const s = new Scheduler({ clock: Date.now, log: () => {} });
    s.add(batched);
    s.start();
    expect(due.length).toBe(15);
    vi.advanceTimersToNextTimer();
    expect(due.length).toBe(5);
    vi.advanceTimersToNextTimer();
    expect(due.length).toBe(0);
    expect(runs).toBe(3);
    s.stop();
  });
});

describe("the exchange's scheduler", () => {
  it("holds every due job, and runs at start what fell due while the exchange was down", async () => {
    const dir = mkdtempSync(join(tmpdir(), "scheduler-"));
    let now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const open = () => createExchange({ dataDir: dir, simulator: false, marketMaker: false, now: () => now, log: () => {} });
    let ex = open();
    try {
      expect(ex.scheduler.names()).toEqual([
        "micro settlement",
        "p2p order limits",
        "lever overnight fee",
        "savings accrual",
        "asset snapshots",
        "notification retention",
      ]);
      const c = moneyClient(ex);
      const token = await c.login("demo@example.com", "Trade2026");
      const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
      recordTrade(ex, 1, { way: 2, price: "60000", number: "0.01", time: now });
      const r = await c.call("microSubmit", { match_id: 1, currency_id: usdt, type: 1, seconds: 30, number: "100" }, { token });
      expect(r.code).toBe(1);
      const running = () => (ex.db.prepare("SELECT COUNT(*) AS n FROM micro_orders WHERE status = 1").get() as { n: number }).n;
      expect(running()).toBe(1);
      await ex.close();
      now += 60_000; // the order fell due while the exchange was down
      ex = open();
      expect(running()).toBe(0);
    } finally {
      await ex.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

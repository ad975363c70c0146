/**
 * One work of the exchange that falls due at stored times: its due times live in its own table (second-contract
 * orders' `due_at`, fiat orders' `pay_due_at` / `confirm_due_at`, positions' `next_overnight_at`, savings
 * holdings' `next_accrual_at`), so nothing is lost when the process stops.
 */
export interface DueJob {
  name: string;
  /** The earliest due time still stored, or null when nothing waits. */
  next: () => number | null;
  /** Does what is due at `now`; answers how many things it did (0: nothing more can be done now). */
  run: (now: number) => number;
}

export interface SchedulerOptions {
  clock: () => number;
  log: (line: string) => void;
  /** The longest sleep (default a minute), so a clock change or a due time written by another process is caught. */
  maxSleepMs?: number;
  /** How long a job that is still due after a run that did nothing waits before it is tried again (default 1 s). */
  retryMs?: number;
}

/**
 * The exchange's one scheduler for every due job (decision 021): one timer, armed for the earliest due time any job
 * reports and woken sooner when new work falls due earlier (`wake`). At start it runs everything that fell due while
 * the process was down. Tests leave a job off the scheduler and call its work directly.
 */
export class Scheduler {
  private readonly jobs: DueJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private nextWake = Infinity;
  private started = false;
  private stopped = false;
  /** Jobs still due after a run that did nothing, with when to try them again. */
  private readonly backoff = new Map<DueJob, number>();

  constructor(private readonly o: SchedulerOptions) {}

  add(job: DueJob): void {
    this.jobs.push(job);
    if (this.started) this.wake(this.o.clock());
  }

  names(): string[] {
    return this.jobs.map((j) => j.name);
  }

  /** Runs what fell due while the process was down, then keeps time. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.fire();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Something new falls due at `at`: wake in time for it. */
  wake(at: number | null): void {
    if (at == null || !this.started || this.stopped) return;
    if (at >= this.nextWake && this.timer) return;
    if (this.timer) clearTimeout(this.timer);
    const now = this.o.clock();
    this.nextWake = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.min(this.o.maxSleepMs ?? 60_000, at - now)));
    this.timer.unref?.();
  }

  /** Runs every job with work due at `now` (a throw is logged and the others go on); answers what each did. */
  runDue(now = this.o.clock()): Record<string, number> {
    const done: Record<string, number> = {};
    for (const job of this.jobs) {
      const retryAt = this.backoff.get(job);
      if (retryAt !== undefined && retryAt > now) continue;
      this.backoff.delete(job);
      try {
        const next = job.next();
        if (next === null || next > now) continue;
        done[job.name] = job.run(now);
        const still = job.next();
        if (done[job.name] === 0 && still !== null && still <= now) this.backoff.set(job, now + (this.o.retryMs ?? 1_000));
      } catch (err) {
        this.o.log(`[scheduler] ${job.name} failed: ${err instanceof Error ? err.stack : String(err)}`);
        this.backoff.set(job, now + (this.o.retryMs ?? 1_000));
      }
    }
    return done;
  }

  /** The earliest time any job wants to run (a backed-off job at its retry time). */
  private earliest(): number | null {
    let min: number | null = null;
    for (const job of this.jobs) {
      let at: number | null;
      try {
        at = job.next();
      } catch (err) {
        this.o.log(`[scheduler] ${job.name} failed: ${err instanceof Error ? err.stack : String(err)}`);
        at = null;
      }
      const retryAt = this.backoff.get(job);
      if (at !== null && retryAt !== undefined) at = Math.max(at, retryAt);
      if (at !== null && (min === null || at < min)) min = at;
    }
    return min;
  }

  private fire(): void {
    this.timer = null;
    this.nextWake = Infinity;
    if (this.stopped) return;
    this.runDue();
    this.wake(this.earliest() ?? this.o.clock() + (this.o.maxSleepMs ?? 60_000));
  }
}

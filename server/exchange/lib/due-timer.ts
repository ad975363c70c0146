/**
 * One timer for work stored with due times (second-contract settlement, fiat order limits): it wakes at the earliest
 * due time it was told of (never more than a minute ahead, so a clock change is caught), runs the work, then arms
 * itself for the next due time the store reports. Off (`enabled: false`), nothing runs by itself and tests call
 * the work directly.
 */
export class DueTimer {
  private timer: NodeJS.Timeout | null = null;
  private nextWake = Infinity;
  private stopped = false;

  constructor(
    private readonly o: {
      enabled: boolean;
      clock: () => number;
      /** Does what is due; a throw is logged and the timer goes on. */
      run: () => void;
      /** The earliest due time still stored, or null. */
      next: () => number | null;
      onError: (err: unknown) => void;
    },
  ) {}

  /** Runs what fell due while the process was down, then keeps time. */
  start(): void {
    if (this.o.enabled) this.fire();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Something new falls due at `at`: wake in time for it. */
  wake(at: number | null): void {
    if (at == null || !this.o.enabled || this.stopped) return;
    if (at >= this.nextWake && this.timer) return;
    if (this.timer) clearTimeout(this.timer);
    this.nextWake = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.min(60_000, at - this.o.clock())));
    this.timer.unref?.();
  }

  private fire(): void {
    this.timer = null;
    this.nextWake = Infinity;
    if (this.stopped) return;
    try {
      this.o.run();
    } catch (err) {
      this.o.onError(err);
    }
    this.wake(this.o.next() ?? this.o.clock() + 60_000);
  }
}

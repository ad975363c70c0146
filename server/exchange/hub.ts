/**
 * Channel pub/sub for the /ws socket. Public channels (DAY_MARKET, MARKET_DEPTH.<symbol>, GLOBAL_TX.<symbol>,
 * KLINE.<symbol>) go to every subscriber; private ones (TX_MATCHED, LEVER_TRADE, …) only to the subscriber
 * logged in as the user they concern.
 */
export interface Subscriber {
  userId: number | null;
  /** Language of private pushes (set at login; default en). */
  lang?: string;
  channels: Set<string>;
  send(message: unknown): void;
}

export class Hub {
  private readonly byChannel = new Map<string, Set<Subscriber>>();
  private readonly sessionsEndedListeners = new Set<(userId: number) => void>();

  /** Listens for ended sessions of a user (see `sessionsEnded`); answers the function that stops listening. */
  onSessionsEnded(listener: (userId: number) => void): () => void {
    this.sessionsEndedListeners.add(listener);
    return () => this.sessionsEndedListeners.delete(listener);
  }

  /**
   * Some of `userId`'s sessions ended (a sign-out, a session signed out from another, a changed or reset password):
   * the sockets signed in with them stop receiving the user's private channels at once.
   */
  sessionsEnded(userId: number): void {
    for (const listener of this.sessionsEndedListeners) listener(userId);
  }

  subscribe(s: Subscriber, channel: string): void {
    s.channels.add(channel);
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(s);
  }

  unsubscribe(s: Subscriber, channel: string): void {
    s.channels.delete(channel);
    const set = this.byChannel.get(channel);
    set?.delete(s);
    if (set && set.size === 0) this.byChannel.delete(channel);
  }

  remove(s: Subscriber): void {
    for (const c of [...s.channels]) this.unsubscribe(s, c);
  }

  hasSubscribers(channel: string): boolean {
    return (this.byChannel.get(channel)?.size ?? 0) > 0;
  }

  /** Sends to every subscriber of `channel`; `make` runs only if someone listens. */
  publish(channel: string, make: () => unknown): void {
    const set = this.byChannel.get(channel);
    if (!set || set.size === 0) return;
    const message = make();
    for (const s of set) s.send(message);
  }

  /** Sends to the subscribers of `channel` that are logged in as `userId`; `make` runs once per language. */
  publishToUser(userId: number, channel: string, make: (lang: string | undefined) => unknown): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    const byLang = new Map<string | undefined, unknown>();
    for (const s of set) {
      if (s.userId !== userId) continue;
      if (!byLang.has(s.lang)) byLang.set(s.lang, make(s.lang));
      s.send(byLang.get(s.lang));
    }
  }

  /**
   * One pass over the subscribers of `channel` (not one per user): each logged-in subscriber gets `make(userId,
   * lang)` unless it answers undefined; built once per user and language.
   */
  publishToEachUser(channel: string, make: (userId: number, lang: string | undefined) => unknown | undefined): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    const built = new Map<string, unknown>();
    for (const s of set) {
      if (s.userId == null) continue;
      const key = `${s.userId}|${s.lang ?? ""}`;
      if (!built.has(key)) built.set(key, make(s.userId, s.lang));
      const message = built.get(key);
      if (message !== undefined) s.send(message);
    }
  }

  /** Whether `userId` listens on `channel`. */
  userSubscribed(userId: number, channel: string): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    for (const s of set) if (s.userId === userId) return true;
    return false;
  }
}

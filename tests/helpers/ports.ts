import { createServer } from "node:net";
import { readFileSync } from "node:fs";

/**
 * The ephemeral range the OS takes source ports of outgoing connections from (Linux's default when it cannot be read).
 * A port the OS hands out for `listen(0)` is in it, so between the pick and the server's own listen (a second or more
 * for the exchange, which seeds first) a browser's or a client's connection could take it: EADDRINUSE, seen once in a
 * full run. Ports are therefore picked below it.
 */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}
const LOW = 10_000;
const HIGH = ephemeralStart();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on loopback right now, for a server a test starts itself: a random one between 10,000 and the start
 * of the ephemeral range, which no outgoing connection takes meanwhile (two test processes picking the same one is a
 * 1 in 20,000 chance per pick, and the pick is checked free).
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}

import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";
import { createExchange, type ExchangeOptions } from "../../server/exchange/index";

/**
 * A real exchange on a fresh database in a new temporary folder, its /ws answering on a local port: what the socket
 * tests connect to. `sockets` are the server ends of the open connections (a test destroys them to drop the network);
 * `close` stops the exchange and the server and deletes the folder.
 */
export async function socketExchange(prefix: string, options: Omit<ExchangeOptions, "dataDir">) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ex = createExchange({ dataDir: dir, ...options });
  const sockets = new Set<Duplex>();
  const server = createServer((_req, res) => res.end());
  server.on("upgrade", (req, socket, head) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    ex.handleUpgrade(req, socket, head);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  const close = async () => {
    await ex.close();
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  };
  return { ex, url, sockets, close };
}

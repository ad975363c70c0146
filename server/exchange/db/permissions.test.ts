import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./index";

const mode = (path: string) => statSync(path).mode & 0o777;

const made: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "perm-"));
  made.push(d);
  return d;
};
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the database's files are the owner's alone", () => {
  it("creates DATA_DIR 0700 and exchange.db, -wal and -shm 0600", () => {
    const dataDir = join(tempDir(), "data", "nested");
    const db = openDatabase(dataDir);
    db.prepare("CREATE TABLE IF NOT EXISTS t (x)").run();
    db.prepare("INSERT INTO t VALUES (1)").run();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, "exchange.db"))).toBe(0o600);
    expect(mode(join(dataDir, "exchange.db-wal"))).toBe(0o600);
    expect(mode(join(dataDir, "exchange.db-shm"))).toBe(0o600);
    db.close();
  });

  it("tightens a world-readable database left by an older version", () => {
    const dataDir = tempDir();
    const first = openDatabase(dataDir);
    first.close();
    const file = join(dataDir, "exchange.db");
    chmodSync(file, 0o644);
    writeFileSync(join(dataDir, "exchange.db-wal"), "");
    chmodSync(join(dataDir, "exchange.db-wal"), 0o644);
    const again = openDatabase(dataDir);
    expect(mode(file)).toBe(0o600);
    expect(mode(join(dataDir, "exchange.db-wal"))).toBe(0o600);
    again.close();
  });
});

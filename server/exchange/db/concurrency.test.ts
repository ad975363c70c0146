import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./index";

describe("transactions on a shared database file (server and operator CLI)", () => {
  it("take the write lock at BEGIN, so a read-then-write never meets a stale snapshot", () => {
    const dir = mkdtempSync(join(tmpdir(), "conc-"));
    const a = openDatabase(dir);
    const b = openDatabase(dir);
    a.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)");
    a.prepare("INSERT INTO t (id, v) VALUES (1, 0)").run();
    a.pragma("busy_timeout = 0");
    let otherWrite: unknown = null;
    b.transaction(() => {
      b.prepare("SELECT v FROM t WHERE id = 1").get();
      // Only read so far: with a deferred BEGIN, the other connection could still commit here.
      try {
        a.prepare("UPDATE t SET v = 10 WHERE id = 1").run();
      } catch (e) {
        otherWrite = e;
      }
      b.prepare("UPDATE t SET v = v + 1 WHERE id = 1").run();
    })();
    expect(String(otherWrite)).toMatch(/database is locked|SQLITE_BUSY/);
    expect((a.prepare("SELECT v FROM t WHERE id = 1").get() as { v: number }).v).toBe(1);
    a.close();
    b.close();
  });
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqlLimit, statement } from "./statements";

describe("statement", () => {
  it("prepares a text once per connection and runs it with each call's own arguments", () => {
    const a = new Database(":memory:");
    const b = new Database(":memory:");
    for (const db of [a, b]) db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('x'), ('y');");
    const sql = "SELECT v FROM t WHERE id = ?";
    expect(statement(a, sql)).toBe(statement(a, sql));
    expect(statement(b, sql)).not.toBe(statement(a, sql));
    expect(statement(a, "SELECT COUNT(*) AS n FROM t")).not.toBe(statement(a, sql));
    expect(statement(a, sql).get(1)).toEqual({ v: "x" });
    expect(statement(a, sql).get(2)).toEqual({ v: "y" });
    a.close();
    b.close();
  });
});

describe("sqlLimit", () => {
  it("writes a row count into the text, and refuses anything else", () => {
    expect(sqlLimit(0)).toBe("0");
    expect(sqlLimit(20)).toBe("20");
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 60, "5; DROP TABLE t" as unknown as number])
      expect(() => sqlLimit(bad)).toThrow(RangeError);
  });
});

import { CHECK_MAX_FAILS, CODE, type CheckName } from "../../../app/contract/index";
import type { Answer, Ctx } from "../context";
import type { DB } from "../db/index";
import { localTime, type Lang, type Translate } from "../lib/i18n";
import { countTry, forgetTry, settleWrongTry, type Subject } from "../models/attempts";
import { checkCode } from "../models/codes";
import { recordSecurityEvent, type Client } from "../models/personal";
import { noticeCheckLocked } from "../notices";

/**
 * One attempt limit for every check of a second factor or a code (docs/api.md "Attempt limits"): the authenticator,
 * emailed and texted codes, the trade password. Each try is counted for the account and for the client's address;
 * CHECK_MAX_FAILS wrong tries in the window lock that check (for that account, or that address) until a time the
 * refusal names, on the field the check reads. While locked even the right answer is refused. A lock of an account
 * is written to its security log and told to its owner through the outbox, once per lock.
 */

export interface CheckDeps {
  db: DB;
  now: number;
  lang: Lang;
  t: Translate;
  log: (line: string) => void;
  /** The client the try came from (its address is a subject of its own; empty in tools and tests). */
  client: Client;
}

export function checkDeps(ctx: Ctx): CheckDeps {
  return { db: ctx.db, now: ctx.now, lang: ctx.lang, t: ctx.t, log: ctx.log, client: ctx.client ?? { ip: "", device: "" } };
}

/** Whose tries these are: the account when known, else the address a code went to (registering: no account yet). */
export interface CheckAccount {
  userId?: number | null;
  address?: string | null;
}

function subjectsOf(account: CheckAccount, client: Client): Subject[] {
  const subjects: Subject[] = [];
  if (account.userId != null) subjects.push(`user:${account.userId}`);
  else if (account.address) subjects.push(`address:${account.address}`);
  if (client.ip) subjects.push(`ip:${client.ip}`);
  return subjects;
}

const LOCKED_KEY: Record<CheckName, string> = {
  google_code: "google_code_locked",
  code: "code_locked",
  pay_password: "pay_password_locked",
  old_password: "old_password_locked",
};

/** 'Too many wrong …: locked until <time>', on `field`, with the end of the lock as `data.locked_until`. */
export function lockedAnswer(deps: CheckDeps, check: CheckName, until: number, field: string): Answer<never> {
  const key = LOCKED_KEY[check];
  return {
    code: CODE.FAIL,
    msg: deps.t(key, { time: localTime(until, deps.lang), count: CHECK_MAX_FAILS }),
    reason: { key, field },
    data: { locked_until: until } as never,
  };
}

/** Passed, or not: `refusal` is the lock's answer when the check is (now) locked, null for a plain wrong answer. */
export type CheckResult = { passed: true } | { passed: false; refusal: Answer<never> | null };

function settle(
  deps: CheckDeps,
  check: CheckName,
  account: CheckAccount,
  subjects: Subject[],
  rows: number[],
  good: boolean,
  field: string,
): CheckResult {
  if (good) {
    forgetTry(deps.db, rows);
    return { passed: true };
  }
  const { locked, until } = settleWrongTry(deps.db, check, subjects, deps.now);
  if (locked.length === 0) return { passed: false, refusal: null };
  if (account.userId != null && locked.includes(`user:${account.userId}`)) {
    recordSecurityEvent(deps.db, account.userId, "check_locked", deps.client, deps.now);
    noticeCheckLocked(deps, account.userId, check, until, CHECK_MAX_FAILS);
  }
  deps.log(`[security] ${check} locked for ${locked.join(", ")} until ${new Date(until).toISOString()}`);
  return { passed: false, refusal: lockedAnswer(deps, check, until, field) };
}

/** Runs `verify` under the limits of `check`. */
export function limitedCheck(deps: CheckDeps, check: CheckName, account: CheckAccount, field: string, verify: () => boolean): CheckResult {
  const subjects = subjectsOf(account, deps.client);
  const counted = countTry(deps.db, check, subjects, deps.now);
  if ("lockedUntil" in counted) return { passed: false, refusal: lockedAnswer(deps, check, counted.lockedUntil, field) };
  let good: boolean;
  try {
    good = verify();
  } catch (err) {
    // A check that threw counts as wrong: nothing was proven.
    settle(deps, check, account, subjects, counted.rows, false, field);
    throw err;
  }
  return settle(deps, check, account, subjects, counted.rows, good, field);
}

/**
 * One try at a time per subject for checks that take time: a burst of tries at once waits in line, so each is
 * counted (and a lock reached) before the next is checked, and a burst of right answers is not taken for one of
 * wrong ones. The exchange is the one process that checks; its database is the count.
 */
const queues = new WeakMap<DB, Map<string, Promise<void>>>();

async function oneAtATime<T>(db: DB, keys: string[], fn: () => Promise<T>): Promise<T> {
  let lines = queues.get(db);
  if (!lines) queues.set(db, (lines = new Map()));
  const releases: Array<() => void> = [];
  // Always in the same order, so two tries waiting for each other's keys cannot happen.
  for (const key of [...new Set(keys)].sort()) {
    const before = lines.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = before.then(() => mine);
    lines.set(key, tail);
    await before;
    releases.push(() => {
      release();
      if (lines.get(key) === tail) lines.delete(key);
    });
  }
  try {
    return await fn();
  } finally {
    for (const r of releases.reverse()) r();
  }
}

/** `limitedCheck` for a check that takes time (a password hash): tries of one subject are checked one at a time. */
export async function limitedCheckAsync(
  deps: CheckDeps,
  check: CheckName,
  account: CheckAccount,
  field: string,
  verify: () => Promise<boolean>,
): Promise<CheckResult> {
  const subjects = subjectsOf(account, deps.client);
  return oneAtATime(
    deps.db,
    subjects.map((s) => `${check}|${s}`),
    () => runAsync(deps, check, account, field, subjects, verify),
  );
}

async function runAsync(
  deps: CheckDeps,
  check: CheckName,
  account: CheckAccount,
  field: string,
  subjects: Subject[],
  verify: () => Promise<boolean>,
): Promise<CheckResult> {
  const counted = countTry(deps.db, check, subjects, deps.now);
  if ("lockedUntil" in counted) return { passed: false, refusal: lockedAnswer(deps, check, counted.lockedUntil, field) };
  let good: boolean;
  try {
    good = await verify();
  } catch (err) {
    settle(deps, check, account, subjects, counted.rows, false, field);
    throw err;
  }
  return settle(deps, check, account, subjects, counted.rows, good, field);
}

/**
 * An emailed or texted code under the attempt limits: the code's id (spend it with consumeCode once everything else
 * passed), or the refusal ('incorrect or expired verification code', or the lock) on `field`.
 */
export function checkCodeLimited(
  deps: CheckDeps,
  c: { address: string; type: number; code: string; userId?: number | null; field: string },
): { id: number } | { refusal: Answer<never> } {
  let id = null as number | null;
  const r = limitedCheck(deps, "code", { userId: c.userId, address: c.address }, c.field, () => {
    id = checkCode(deps.db, c.address, c.type, c.code, deps.now);
    return id !== null;
  });
  if (r.passed && id !== null) return { id };
  const refusal = !r.passed ? r.refusal : null;
  return {
    refusal: refusal ?? { code: CODE.FAIL, msg: deps.t("code_invalid"), reason: { key: "code_invalid", field: c.field } },
  };
}

import { currentNotice, isCurrentNotice, newsTime, popupKind, popupSeenCookie } from "./popup-rules";

const at = (iso: string) => Date.parse(`${iso}Z`);

describe("the home popup shows a current notice only", () => {
  const maintenance = { id: 10, created_at: "2026-10-28 02:00:00", title: "Scheduled system maintenance on 3 November" };
  const listing = { id: 11, created_at: "2026-10-15 10:00:00", title: "New listing" };

  it("does not pop up the 3 November maintenance notice on 22 November", () => {
    expect(currentNotice([maintenance, listing], at("2026-11-22T09:00:00"))).toBeNull();
  });
  it("pops up a notice of the last 7 days, the newest one", () => {
    const fresh = { id: 20, created_at: "2026-11-20 08:00:00", title: "fresh" };
    const fresher = { id: 21, created_at: "2026-11-21 08:00:00", title: "fresher" };
    expect(currentNotice([maintenance, fresh, fresher], at("2026-11-22T09:00:00"))?.id).toBe(21);
    expect(currentNotice([maintenance], at("2026-10-30T00:00:00"))?.id).toBe(10);
  });
  it("counts exactly 7 days as current and a moment more as not", () => {
    expect(isCurrentNotice("2026-11-15 09:00:00", at("2026-11-22T09:00:00"))).toBe(true);
    expect(isCurrentNotice("2026-11-15 09:00:00", at("2026-11-22T09:00:01"))).toBe(false);
  });
  it("ignores a notice dated in the future and one without a readable date", () => {
    expect(isCurrentNotice("2026-11-23 00:00:00", at("2026-11-22T09:00:00"))).toBe(false);
    expect(isCurrentNotice("22/11/2026", at("2026-11-22T09:00:00"))).toBe(false);
    expect(newsTime("2026-11-22 09:00:00")).toBe(at("2026-11-22T09:00:00"));
  });
});

describe("what pops up", () => {
  const base = { on: true, seen: false, signedIn: false, notice: false };
  it("a current notice, else a welcome for visitors only; nothing once seen within the hour or when off", () => {
    expect(popupKind(base)).toBe("welcome");
    expect(popupKind({ ...base, notice: true })).toBe("notice");
    // The welcome invites to create an account: never to someone signed in.
    expect(popupKind({ ...base, signedIn: true })).toBeNull();
    expect(popupKind({ ...base, signedIn: true, notice: true })).toBe("notice");
    expect(popupKind({ ...base, seen: true, notice: true })).toBeNull();
    expect(popupKind({ ...base, on: false, notice: true })).toBeNull();
  });
  it("signing in marks the popup seen for the hour", () => {
    expect(popupSeenCookie()).toBe("popup_seen=1; Max-Age=3600; Path=/; SameSite=Lax");
  });
});

import { preferenceCookie, readCookie } from "./cookies";

describe("preference cookies", () => {
  it("reads plain values", () => {
    expect(readCookie("a=1; theme=light; lang=de", "theme")).toBe("light");
    expect(readCookie("a=1", "theme")).toBeNull();
    expect(readCookie(null, "theme")).toBeNull();
    expect(readCookie("favs=1%2C2", "favs")).toBe("1,2");
  });
  it("writes a SameSite=Lax year-long cookie", () => {
    expect(preferenceCookie("theme", "dark")).toBe("theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});

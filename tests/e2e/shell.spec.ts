import { BASE_URL } from "../../playwright.config";
import { expect, loadedQrImage, MISSING_PAGE, outbox, registerUser, signedInAt, test } from "./fixtures";

test.describe("shell", () => {
  test("/ redirects to /home, which has a header, main and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // No theme chosen: the page follows the system's preference.
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unknown page is the normal shell: header, footer, the message and the way back", async ({ page }) => {
    const res = await page.goto(MISSING_PAGE);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("The page you are looking for does not exist.")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("the theme survives a reload", async ({ page }) => {
    // No theme chosen yet: the page follows the system's preference, here dark.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/markets");
    await page.getByRole("button", { name: "Switch to the light theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  test("the language survives a reload and sets a BCP-47 lang", async ({ page }) => {
    await page.goto("/markets");
    await page.locator("header summary", { hasText: "Language" }).click();
    await page.getByRole("button", { name: "繁體中文" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant-HK");
    await expect(page).toHaveURL(/\/markets/);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hant-HK");
    await expect(page.getByRole("link", { name: "登入" }).first()).toBeVisible();
  });

  test("the header offers all 11 languages, as the footer does", async ({ page }) => {
    await page.goto("/home");
    await page.locator("header summary", { hasText: "Language" }).click();
    for (const name of [
      "English",
      "Deutsch",
      "Polski",
      "简体中文",
      "繁體中文",
      "日本語",
      "ไทย",
      "한국어",
      "Français",
      "Italiano",
      "Español",
    ]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    }
  });
});

test.describe("security", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP-level checks; once is enough");
  test("a cross-site POST is refused and changes nothing", async ({ request }) => {
    const res = await request.post(`${BASE_URL}/resources/theme`, {
      headers: { Origin: "https://evil.example" },
      form: { theme: "light", redirectTo: "/home" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"]).toBeUndefined();
    const same = await request.post(`${BASE_URL}/resources/theme`, {
      form: { theme: "light", redirectTo: "/home" },
      maxRedirects: 0,
      headers: { Origin: BASE_URL, "Sec-Fetch-Mode": "navigate" },
    });
    expect(same.status()).toBe(302);
    expect(same.headers()["set-cookie"]).toContain("theme=light");
    // The public /api/ too: another site's page cannot make its visitors' browsers send codes; a client that is not a
    // browser (no Origin) is answered.
    const code = { to: "cross-site@example.com", type: 1 };
    const fromElsewhere = await request.post(`${BASE_URL}/api/notify/send_email`, {
      headers: { Origin: "https://evil.example" },
      data: code,
    });
    expect(fromElsewhere.status()).toBe(403);
    expect(outbox("cross-site@example.com")).toEqual([]);
    const client = await request.post(`${BASE_URL}/api/notify/send_email`, { data: code });
    expect(client.status()).toBe(200);
    expect((await client.json()).code).toBe(1);
  });

  test("pages carry a nonce CSP and the security headers", async ({ request }) => {
    const res = await request.get(`${BASE_URL}/home`);
    const h = res.headers();
    expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    const nonce = /nonce-([^']+)'/.exec(h["content-security-policy"])![1];
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  test("/healthz answers", async ({ request }) => {
    const res = await request.get(`${BASE_URL}/healthz`);
    expect(await res.json()).toEqual({ ok: true, exchange: "embedded" });
  });
});

test("the footer offers all 11 languages, e.g. Español", async ({ page }) => {
  await page.goto("/markets");
  await page.getByLabel("All languages").selectOption("es");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByLabel("Todos los idiomas").locator("option")).toHaveCount(11);
});

test("the footer's service QR is an image of its own URL, one per link, kept by the browser", async ({ page, request }) => {
  const qr = page.getByRole("contentinfo").getByRole("img", { name: "Scan to open online service" });
  const drawing = () => loadedQrImage(page, qr, "service");
  await page.goto("/markets");
  const out = await drawing();
  // The page carries no drawing of it: the image's URL does.
  expect(await page.locator("footer svg path[stroke='#000000']").count()).toBe(0);
  expect(out.cache).toBe("public, max-age=3600");
  // Someone else's version is answered, never kept.
  const other = await request.get(`${BASE_URL}/resources/qr/service?v=0`);
  expect(other.headers()["cache-control"]).toBe("private, no-store");

  const user = await registerUser(request);
  await signedInAt(page, user.email, user.password, "/markets");
  const mine = await drawing();
  // Signed in, the link names the user: another URL, another drawing, kept by this browser only.
  expect(mine.src).not.toBe(out.src);
  expect(mine.svg).not.toBe(out.svg);
  expect(mine.cache).toBe("private, max-age=3600");
});

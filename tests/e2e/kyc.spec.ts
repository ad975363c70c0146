import sharp from "sharp";
import { BASE_URL } from "../../playwright.config";
import { cli, expect, expectNoSeriousA11yViolations, logIn, registerUser, setTheme, test } from "./fixtures";

const png = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
const renamedHtml = { name: "qr.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") };

test.describe("collection settings", () => {
  test("a bad image is refused on its field with the other input kept; a real one saves and shows again; a bank card and WeChat Pay save", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=/personal/collectionSettings");
    await expect(page).toHaveURL(/\/personal\/collectionSettings/);
    await expect(page.getByRole("heading", { name: "Collection settings" })).toBeVisible();
    // The header's account menu leads here and to identity verification (the /personal/* routes).
    await page.locator("header summary", { hasText: user.email }).click();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Collection settings" })).toHaveAttribute("href", "/personal/collectionSettings");
    await expect(header.getByRole("link", { name: "Identity verification" })).toHaveAttribute("href", "/personal/authentication");
    await page.locator("header summary", { hasText: user.email }).click();

    await page.getByLabel("Real name").fill("Alice Example");
    await page.getByLabel("Account", { exact: true }).fill("alice@pay.example");
    await page.getByLabel("Payment QR code").setInputFiles(renamedHtml);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("only JPEG, PNG or WebP images are accepted", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Payment QR code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Real name")).toHaveValue("Alice Example");
    await expect(page.getByLabel("Account", { exact: true })).toHaveValue("alice@pay.example");

    await page.getByLabel("Payment QR code").setInputFiles({ name: "qr.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Collection method saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Real name")).toHaveValue("Alice Example");
    const img = page.getByRole("img", { name: "Your saved payment QR code" });
    await expect(img).toBeVisible();
    const src = await img.getAttribute("src");
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    // Another user (or nobody) does not get it.
    expect((await request.get(src!, { headers: { cookie: "" } })).status()).toBe(404);

    await page.getByRole("link", { name: "Bank card" }).click();
    // The bank form replaces the Alipay one: fill it once it is there.
    await expect(page.getByRole("heading", { name: "Add Bank card" })).toBeVisible();
    await page.getByLabel("Real name").fill("Alice Example");
    await page.getByLabel("Bank", { exact: true }).fill("Example Bank");
    await page.getByLabel("Branch").fill("Main Street");
    await page.getByLabel("Account number").fill("6222 0001 0002");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Collection method saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Account number")).toHaveValue("6222 0001 0002");

    // The third method, WeChat Pay: account and QR code like Alipay.
    await page.getByRole("link", { name: "WeChat Pay" }).click();
    await expect(page.getByRole("heading", { name: "Add WeChat Pay" })).toBeVisible();
    await page.getByLabel("Real name").fill("Alice Example");
    await page.getByLabel("Account", { exact: true }).fill("alice-wechat");
    await page.getByLabel("Payment QR code").setInputFiles({ name: "wx.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Collection method saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Account", { exact: true })).toHaveValue("alice-wechat");
  });

  for (const theme of ["dark", "light"] as const) {
    test(`axe: /personal/collectionSettings and /personal/authentication (${theme})`, async ({ page, request, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      const user = await registerUser(request);
      await setTheme(page, theme);
      await logIn(page, user.email, user.password, "/login?page=/personal/collectionSettings");
      await expect(page.getByRole("heading", { name: "Collection settings" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
      await page.goto("/personal/authentication");
      await expect(page.getByRole("heading", { name: "Identity verification", level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("identity verification", () => {
  test("submitted with images, under review, approved by the operator: the withdrawal limit rises", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=/personal/authentication");
    await expect(page.getByRole("heading", { name: "Identity verification", level: 1 })).toBeVisible();
    await expect(page.getByText("2,000 USD per day")).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill("Alice Example");
    await page.getByLabel("ID number").fill("X1234567");
    await page.getByLabel("Front of the ID").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: await png() });
    await page.getByLabel("Back of the ID").setInputFiles(renamedHtml);
    await page.getByRole("button", { name: "Submit for review" }).click();
    // The back is refused on its field; the front, already uploaded, is kept (shown, not asked again).
    await expect(page.getByText("only JPEG, PNG or WebP images are accepted", { exact: false })).toBeVisible();
    await expect(page.getByRole("img", { name: "Uploaded: Front of the ID" })).toBeVisible();
    await expect(page.getByLabel("ID number")).toHaveValue("X1234567");
    await page.getByLabel("Back of the ID").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Under review: we are checking the documents of Alice Example.")).toBeVisible();

    const listing = cli("identities");
    const id = new RegExp(`#(\\d+)\\s+\\S+ \\S+\\s+${user.email.replace(/[.+]/g, "\\$&")}`).exec(listing)?.[1];
    expect(id, listing).toBeTruthy();
    expect(cli("approve-identity", id!)).toContain("approved");
    await page.reload();
    await expect(page.getByText("Verified: Alice Example")).toBeVisible();
    await expect(page.getByText("200,000 USD per day").first()).toBeVisible();

    // On a 390 px phone in French and Italian the limits stay on the page: their "200 000" cannot break (a no-break
    // space groups the digits), so the label beside it wraps instead.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [lang, limit] of [
      ["fr", "200\u202f000 USD par jour"],
      ["it", "200.000 USD al giorno"],
    ]) {
      await page.context().addCookies([{ name: "lang", value: lang, url: BASE_URL }]);
      await page.reload();
      await expect(page.getByText(limit).first()).toBeVisible();
      expect({ lang, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ lang, width: 390 });
    }
  });
});

import sharp from "sharp";
import { BASE_URL } from "../../playwright.config";
import {
  cli,
  expect,
  expectNoSeriousA11yViolations,
  latestCode,
  logIn,
  logInTo,
  registerUser,
  setTheme,
  signUpByPhone,
  test,
} from "./fixtures";

/**
 * What traders hit on the account side (issue 21), with JavaScript on and off (every spec runs in both projects):
 * phone sign-ups sign in, the identity and the security level tell the truth, the withdrawal hold is said before the
 * form, the operator's review reaches the open page, the personal centre's index and menu.
 */

const ERC20_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const png = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();

test.describe("on a 390×844 phone, a phone sign-up signs in", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("register with a number and a country, then sign in with them on the phone tab; no popup right after", async ({ page }, info) => {
    const phone = `17${info.project.name === "js" ? "1" : "2"}${Date.now().toString().slice(-8)}`;
    await page.goto("/register?tab=mobile");
    await page.getByLabel("Country or region").selectOption({ label: "Japan (+81)" });
    await page.getByLabel("Phone number").fill(phone);
    await signUpByPhone(page, phone);

    // Sign-in opens on the phone tab with the number and its country, SMS sign-in being off.
    await expect(page).toHaveURL(/\/login\?.*tab=mobile/);
    await expect(page.getByRole("navigation", { name: "Account type" }).getByRole("link", { name: "Phone" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByLabel("Phone number")).toHaveValue(phone);
    await expect(page.getByLabel("Country or region")).toHaveValue(/\d+/);
    await expect(page.getByLabel("Country or region").locator("option:checked")).toHaveText("Japan (+81)");
    await expect(page.getByLabel("Verification code")).toHaveCount(0);

    // The home page's popup has not been seen in this browser: it still stays shut right after signing in.
    await page.context().clearCookies({ name: "popup_seen" });
    await page.getByLabel("Password", { exact: true }).fill("Welcome2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    // Signed in: the phone's header offers trading instead of signing up.
    await expect(page.locator("header").getByRole("link", { name: "Spot" }).first()).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Create an account")).toHaveCount(0);
  });

  test("the email tab and the phone tab are both offered; the phone tab has the country picker", async ({ page }) => {
    await page.goto("/login");
    const tabs = page.getByRole("navigation", { name: "Account type" });
    await expect(tabs.getByRole("link", { name: "Email" })).toHaveAttribute("aria-current", "true");
    await tabs.getByRole("link", { name: "Phone" }).click();
    await expect(page).toHaveURL(/tab=mobile/);
    await expect(page.getByLabel("Country or region")).toBeVisible();
    await expect(page.getByLabel("Phone number")).toBeVisible();
  });
});

test.describe("identity: one source of truth", () => {
  test("the verified demo account reads verified in the settings, the identity page and the withdrawal limit", async ({ page }) => {
    await logInTo(page, "demo@example.com", "Trade2026", "/personal/authentication");
    await expect(page.getByText("Verified: Demo Trader")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit for review" })).toHaveCount(0);
    await page.goto("/assets/withdraw");
    await expect(page.getByTestId("daily-limit")).toHaveText("Daily withdrawal limit: 200,000 USD per day");
    await page.goto("/personal/accountSettings");
    await expect(page.getByRole("listitem").filter({ hasText: "Verified identity" })).toContainText("Verified");
  });
});

test.describe("the security level counts what protects the account", () => {
  test("a new account with only its email is low, and the screen says the rule and what is missing", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/personal/accountSettings");
    await expect(page.getByRole("meter", { name: "Low" })).toHaveAttribute("value", "20");
    await expect(page.getByTestId("security-score")).toHaveText("20 / 100");
    await expect(page.getByText(/^Each protection adds 20 points: an authenticator that is on, a trade password/)).toBeVisible();
    await expect(page.getByTestId("security-missing")).toHaveText("To raise it: Authenticator, Trade password, Phone, Verified identity.");
    const protections = page.getByRole("main").getByRole("list").first();
    await expect(protections.getByRole("listitem").filter({ hasText: "Authenticator" })).toContainText("Missing");
    await expect(protections.getByRole("link", { name: "Turn on" })).toHaveAttribute("href", "/personal/googleAuth");
    await expect(protections.getByRole("listitem").filter({ hasText: "Email" })).toContainText(user.email);
  });
});

test.describe("the withdrawal hold is said before the form is filled", () => {
  test("after a password change the withdraw screen says withdrawals are paused, and until when", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/assets/withdraw");
    await expect(page.getByTestId("withdraw-hold")).toHaveCount(0);
    await page.goto("/personal/accountSettings");
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("Newpass2026");
    await page.getByLabel("Repeat the new password").fill("Newpass2026");
    await page.getByRole("button", { name: "Change login password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();
    await page.goto("/assets/withdraw");
    const hold = page.getByTestId("withdraw-hold");
    await expect(hold).toContainText("Withdrawals are paused.");
    await expect(hold).toContainText(/you can withdraw again from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // Above everything to fill in.
    const holdBox = (await hold.boundingBox())!;
    const noteBox = (await page.getByText("You have not set a trade password yet").boundingBox())!;
    expect(holdBox.y).toBeLessThan(noteBox.y);
  });
});

test.describe("the operator's review reaches the open page", () => {
  test("a deposit approved by the operator shows on the open deposit page", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/assets/deposit");
    await page.getByLabel("Deposit amount (USDT)").fill("25");
    await page.getByLabel("Your wallet address").fill(ERC20_ADDRESS);
    await page.getByRole("button", { name: "Submit for review" }).click();
    const row = page.getByRole("region", { name: "My deposits" }).getByRole("row", { name: /USDT/ });
    await expect(row).toContainText("under review");
    const { rows } = JSON.parse(cli("deposits", "--json")) as { rows: Array<{ id: number; user: string }> };
    const id = rows.find((r) => r.user === user.email)!.id;
    if (jsEnabled) {
      // Live: no reload (the marker would be gone), the decision said in the toast and the row updated.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      cli("approve-deposit", String(id));
      await expect(
        page.getByRole("status").filter({ hasText: `Deposit #${id} approved: 25 USDT credited to your spot account` }),
      ).toBeVisible();
      await expect(row).toContainText("approved");
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      cli("approve-deposit", String(id));
      await page.reload();
      await expect(row).toContainText("approved");
    }
  });

  test("an identity approved by the operator shows on the open identity page", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/personal/authentication");
    await page.getByLabel("Name", { exact: true }).fill("Live Example");
    await page.getByLabel("ID number").fill("L1234567");
    await page.getByLabel("Front of the ID").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: await png() });
    await page.getByLabel("Back of the ID").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("Under review: we are checking the documents of Live Example.")).toBeVisible();
    const id = new RegExp(`#(\\d+)\\s+\\S+ \\S+\\s+${user.email.replace(/[.+]/g, "\\$&")}`).exec(cli("identities"))![1]!;
    if (jsEnabled) {
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      cli("approve-identity", id);
      await expect(page.getByRole("status").filter({ hasText: "Your identity is verified" })).toBeVisible();
      await expect(page.getByText("Verified: Live Example")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      cli("approve-identity", id);
      await page.reload();
      await expect(page.getByText("Verified: Live Example")).toBeVisible();
    }
  });
});

test.describe("personal centre", () => {
  test("/personal opens the account settings; every page has the left menu", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=%2Fpersonal");
    await expect(page).toHaveURL(/\/personal\/accountSettings$/);
    const menu = page.getByRole("navigation", { name: "Personal centre" });
    const names = [
      "Account settings",
      "Collection settings",
      "Identity verification",
      "Feedback",
      "Google Authenticator",
      "Signed-in devices",
      "Email notifications",
      "Security log",
    ];
    await expect(menu.getByRole("link")).toHaveText(names);
    await expect(menu.getByRole("link", { name: "Account settings" })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("link", { name: "Security log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Security log" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Personal centre" }).getByRole("link", { name: "Security log" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the authenticator's secret has a copy button and its otpauth link opens the app on a phone", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/personal/googleAuth");
    const link = page.getByRole("link", { name: "Open the authenticator app" });
    await expect(link).toHaveAttribute("href", /^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    const secret = (await page.getByTestId("google-secret").innerText()).trim();
    expect(await link.getAttribute("href")).toContain(`secret=${secret}`);
    if (jsEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
      await page.getByRole("button", { name: "Copy the secret" }).click();
      await expect(page.getByText("Copy success")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    } else {
      // Without JavaScript the secret stays selectable; there is nothing a button could copy with.
      await expect(page.getByRole("button", { name: "Copy the secret" })).toHaveCount(0);
    }
  });

  test("signed-in devices are named as a person recognises them", async ({ page, browser, request }) => {
    const user = await registerUser(request);
    const other = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
    });
    await other.addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
    const otherPage = await other.newPage();
    await logIn(otherPage, user.email, user.password);
    await expect(otherPage).toHaveURL(/\/home/);
    await other.close();
    await logInTo(page, user.email, user.password, "/personal/sessions");
    const devices = page.getByRole("main").getByRole("listitem");
    await expect(devices.filter({ hasText: "Mobile Safari 17 · iOS 17.2 · Apple iPhone" })).toHaveCount(1);
    await expect(devices.filter({ hasText: "This device" })).toContainText(/Chrome[^·]* \d+ · Linux/);
    await expect(devices.filter({ hasText: "This device" })).toContainText(/last seen \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  });
});

test.describe("codes for different purposes do not share one cooldown", () => {
  test("right after registering (a code of its own), the trade password's code goes out at once; the fields stay", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/tradePassword");
    await page.getByLabel("Trade password", { exact: true }).fill("Pay2026x");
    await page.getByLabel("Repeat the trade password").fill("Pay2026x");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(/verification code sent to/i)).toBeVisible();
    await expect(page.getByText(/please wait \d+ seconds?/i)).toHaveCount(0);
    // Without JavaScript the page came back from the server: what was typed is still there.
    await expect(page.getByLabel("Trade password", { exact: true })).toHaveValue("Pay2026x");
    await expect(page.getByLabel("Repeat the trade password")).toHaveValue("Pay2026x");
    await page.getByLabel("Verification code").fill(await latestCode(user.email, 3));
    await page.getByRole("button", { name: "Save trade password" }).click();
    await expect(page.getByText("Trade password saved")).toBeVisible();
  });
});

test.describe("language, theme and numbers", () => {
  test("the header's language menu offers all 11 languages", async ({ page }) => {
    await page.goto("/home");
    await page.locator("header summary", { hasText: "Language" }).click();
    const names = ["English", "繁體中文", "日本語", "简体中文", "ไทย", "한국어", "Deutsch", "Français", "Italiano", "Español", "Polski"];
    for (const name of names) await expect(page.locator("header").getByRole("button", { name, exact: true }).first()).toBeVisible();
    await page.locator("header").getByRole("button", { name: "Polski", exact: true }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`without a chosen theme the page follows the system's ${scheme} preference, then the person's choice`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/markets");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
      const background = () =>
        page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
      const bgOf = { light: "rgb(255, 255, 255)", dark: "rgb(11, 14, 17)" };
      await expect.poll(background).toBe(bgOf[scheme]);
      // The switch names the theme that shows and offers the other one.
      const other = scheme === "light" ? "dark" : "light";
      await page
        .getByRole("button", { name: `Switch to the ${other} theme` })
        .first()
        .click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", other);
      await page.reload();
      await expect.poll(background).toBe(bgOf[other]);
    });
  }

  test("a coin's amounts read the same on every screen: the account, the transfer and the withdraw form", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "1234.5");
    await logInTo(page, user.email, user.password, "/assets/tradeAccount");
    await expect(page.getByRole("row", { name: /^USDT/ }).first()).toContainText("1,234.50");
    await expect(page.getByRole("row", { name: /^USDT/ }).first()).not.toContainText("1,234.500000");
    await page.goto("/assets/transfer");
    await expect(page.getByRole("main")).toContainText("1,234.50");
    await expect(page.getByRole("main")).not.toContainText("1,234.500000");
  });
});

test.describe("savings on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'My savings' is a list of cards that fits the phone", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "1000");
    await logInTo(page, user.email, user.password, "/deposit");
    await page.getByRole("link", { name: "Buy USDT 7-day fixed savings" }).click();
    if (jsEnabled) await expect(page.getByRole("dialog", { name: "Confirm purchase" })).toBeVisible();
    await page.getByRole("button", { name: "Buy", exact: true }).click();
    await expect(page.getByText(/You bought USDT 7-day fixed savings/)).toBeVisible();
    const region = page.getByRole("region", { name: "My savings" });
    const held = region.getByRole("row", { name: /USDT 7-day fixed savings/ });
    await expect(held).toContainText("100.00 USDT");
    // Each cell says its column's name, and nothing is wider than the phone.
    await expect(held.locator("td[data-label='Principal']")).toBeVisible();
    const widths = await region.locator("table").evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
    expect(widths.table).toBeLessThanOrEqual(widths.box);
  });
});

test.describe("accessibility of the account screens", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe runs inside the page");
  for (const theme of ["dark", "light"] as const) {
    test(`axe finds nothing serious on the screens this work touched (${theme})`, async ({ page, request }) => {
      await setTheme(page, theme);
      await page.goto("/login?tab=mobile");
      await expectNoSeriousA11yViolations(page, theme);
      const user = await registerUser(request);
      await logInTo(page, user.email, user.password, "/personal/accountSettings");
      await expectNoSeriousA11yViolations(page, theme);
      for (const path of [
        "/personal/googleAuth",
        "/personal/sessions",
        "/assets/withdraw",
        "/assets/deposit",
        "/deposit",
        "/tradePassword",
      ]) {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page, theme);
      }
    });
  }
});

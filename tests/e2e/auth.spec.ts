import { BASE_URL } from "../../playwright.config";
import { cli, expect, expectNoSeriousA11yViolations, latestCode, logIn, registerUser, setTheme, signUpByPhone, test } from "./fixtures";

test.describe("register, sign in, sign out", () => {
  test("a visitor registers with the emailed code, signs in and signs out", async ({ page }, info) => {
    const email = `new-${info.project.name}-${Date.now()}@example.com`;
    await page.goto("/register");
    await expect(page.getByRole("checkbox", { name: /User Agreement/ })).toBeChecked();
    await expect(page.getByRole("link", { name: "User Agreement" })).toHaveAttribute("href", /\/notice\?id=66&category_id=26/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`A verification code has been sent to ${email}.`)).toBeVisible();
    const code = await latestCode(email, 1);
    await page.getByLabel("Verification code").fill(code);
    await page.getByLabel("Password", { exact: true }).fill("Welcome2026");
    await page.getByLabel("Repeat password").fill("Welcome2026");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();

    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Registration successful. Please log in.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password", { exact: true }).fill("Welcome2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    await expect(page).toHaveURL(/\/home$/);
    const menu = page.locator("header summary", { hasText: email });
    await expect(menu).toBeVisible();
    await menu.click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login\?type=1/);
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  });

  test("a visitor registers with a phone number: the phone tab, a country, the texted code", async ({ page }, info) => {
    // A number of its own per project and run (digits only, 11 long).
    const phone = `13${info.project.name === "js" ? "1" : "2"}${Date.now().toString().slice(-8)}`;
    await page.goto("/register");
    await page.getByRole("navigation", { name: "Account type" }).getByRole("link", { name: "Phone" }).click();
    await expect(page).toHaveURL(/tab=mobile/);
    await expect(page.getByLabel("Country or region")).toBeVisible();
    await page.getByLabel("Phone number").fill(phone);
    await signUpByPhone(page, phone);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Registration successful. Please log in.")).toBeVisible();
    // The exchange knows the account by its number.
    expect(cli("users")).toContain(phone);
  });

  test("forgot password and sign-in offer the phone tab too, SMS sign-in being off", async ({ page }) => {
    await page.goto("/forgetPassword");
    await expect(page.getByRole("navigation", { name: "Account type" }).getByRole("link", { name: "Phone" })).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("navigation", { name: "Account type" }).getByRole("link", { name: "Phone" })).toBeVisible();
  });

  test("an invite link locks the invite code", async ({ page }) => {
    await page.goto("/register?extension_code=ABCD1234");
    const invite = page.getByLabel("Invitation code (optional)");
    await expect(invite).toHaveValue("ABCD1234");
    await expect(invite).toHaveAttribute("readonly", "");
  });

  test("a wrong registration code is reported on the code field, the other input kept", async ({ page }, info) => {
    const email = `wrong-code-${info.project.name}-${Date.now()}@example.com`;
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`A verification code has been sent to ${email}.`)).toBeVisible();
    const code = await latestCode(email, 1);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByLabel("Password", { exact: true }).fill("Welcome2026");
    await page.getByLabel("Repeat password").fill("Welcome2026");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    const codeField = page.getByLabel("Verification code");
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await codeField.getAttribute("aria-describedby")) ?? "";
    const errorId = describedBy.split(" ").find((id) => id.endsWith("error"));
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Incorrect or expired verification code");
    await expect(page.getByRole("alert").filter({ hasText: "Incorrect or expired verification code" })).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("register checks the agreement first, then the code", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Email").fill(`x${Date.now()}@example.com`);
    await page.getByRole("checkbox", { name: /User Agreement/ }).uncheck();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByText("Please read and accept the User Agreement")).toBeVisible();
    await expect(page.getByText("Please enter the verification code")).toBeVisible();
  });
});

test.describe("login errors", () => {
  test("a wrong password shows the exchange's message and keeps the account", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, "Wrong12345");
    await expect(page.getByRole("alert").filter({ hasText: /incorrect account or password/i })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page).toHaveURL(/\/login/);
  });

  test("an invalid email shows its message on the field", async ({ page }) => {
    await logIn(page, "not-an-email", "Whatever1");
    await expect(page.getByText("Enter a valid email")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("an empty email says so", async ({ page }) => {
    await logIn(page, "", "Whatever1");
    await expect(page.getByText("Email cannot be empty")).toBeVisible();
  });

  test("fields left empty while filling in say nothing until the form is submitted", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript nothing is checked before the submit anyway");
    await page.goto("/login");
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Tab");
    await page.getByLabel("Password", { exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByText(/cannot be empty/)).toHaveCount(0);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Email cannot be empty")).toBeVisible();
  });

  test("the eleventh login try in a minute is refused", async ({ page }) => {
    const account = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      await logIn(page, account, `Wrong${i}pass1`);
      await expect(page.getByRole("alert").filter({ hasText: /incorrect account or password/i })).toBeVisible();
    }
    const response = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/login"));
    await logIn(page, account, "Wrong10pass1");
    expect((await response).status()).toBe(429);
    await expect(page.getByRole("alert").filter({ hasText: /Too many attempts/ })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account);
  });
});

test.describe("session", () => {
  test("a visitor sent to sign in from /lever or /second finds a page that says what it is: title and description", async ({ page }) => {
    // Signed out, the contract screens answer with the sign-in page: what a search engine indexes for them.
    for (const [path, title] of [
      ["/lever", "Log in"],
      ["/second", "Log in"],
      ["/register", "Create an account"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^(Log in to trade|Create an account to trade)/);
    }
  });

  test("in the visitor's language: the pair screens and the sign-in page they send to describe themselves in German", async ({ page }) => {
    await page.context().addCookies([{ name: "lang", value: "de", url: BASE_URL }]);
    for (const [path, title, description] of [
      ["/trade", /Spothandel$/, "Digitale Vermögenswerte mit Limit- und Market-Orders handeln: Live-Chart, Orderbuch und letzte Trades."],
      ["/lever", "Anmelden", /^Melden Sie sich an, um Spot, Kontrakte und Sekundenkontrakte zu handeln/],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
    }
  });

  test("typing while the page's scripts load does not stop it from hydrating", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "hydration is the subject");
    // A slow phone: the CPU 12× slower, the fields filled as soon as the HTML is there. Before the fix this failed
    // 8 loads of 10 (React's error 345 and a page that never hydrated), so three loads in a row show it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
    for (let load = 0; load < 3; load++) {
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email").fill("someone@example.com");
      await page.getByLabel("Password", { exact: true }).fill("typed early");
      // The Show button exists only once the page has hydrated; what was typed is still there.
      await page.getByRole("button", { name: "Show password" }).click({ timeout: 20_000 });
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
      await expect(page.getByLabel("Email")).toHaveValue("someone@example.com");
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("typed early");
    }
  });

  test("signing in returns to the requested page", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=%2Fmarkets%3Ftab%3DBTC");
    await expect(page).toHaveURL(/\/markets\?tab=BTC$/);
  });

  test("an expired token (999) lands on login with the return path", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/markets?tab=ETH");
    cli("revoke-tokens", user.email);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?page=%2Fmarkets%3Ftab%3DETH$/);
    await expect(page.getByText("Login timeout, please login again")).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/markets\?tab=ETH$/);
  });

  test("signed-in pages are not cached and the session cookie is locked down", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/home$/);
    const res = await page.request.get("/markets");
    expect(res.headers()["cache-control"]).toBe("no-store");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sid" || c.name === "__Host-sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.value).not.toContain(user.email);
  });
});

test.describe("accessibility", () => {
  for (const path of ["/login", "/register", "/register?tab=mobile", "/forgetPassword"]) {
    for (const theme of ["dark", "light"] as const) {
      test(`${path} (${theme})`, async ({ page, jsEnabled }) => {
        test.skip(!jsEnabled, "axe runs inside the page");
        await setTheme(page, theme);
        await page.goto(path);
        await expectNoSeriousA11yViolations(page, theme);
      });
    }
  }
});

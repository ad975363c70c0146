import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expect, expectNoSeriousA11yViolations, latestCode, logIn, registerUser, setTheme, test } from "./fixtures";

/** The code an authenticator app shows for `secret` at `time` (RFC 6238: SHA-1, 6 digits, 30 s). */
function totp(secret: string, time = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: time });
}
const stepOf = (time: number) => Math.floor(time / 30_000);

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
}

test.describe("Google authenticator", () => {
  test("bind it with a code from the shown secret, then sign-in asks for a fresh code", async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await registerUser(request);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/home/);
    await page.goto("/personal/googleAuth");
    await expect(page.getByRole("heading", { level: 1, name: "Google Authenticator" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("google-secret").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A malformed code is refused on its field.
    await page.getByLabel("Authenticator code").fill("12345");
    await page.getByRole("button", { name: "Bind the authenticator" }).click();
    await expect(page.getByText("The code has 6 digits")).toBeVisible();

    // Binding asks for the login password: a signed-in browser alone cannot bind an authenticator.
    await page.getByLabel("Authenticator code").fill("123456");
    await page.getByRole("button", { name: "Bind the authenticator" }).click();
    await expect(page.getByText("Please enter the current password")).toBeVisible();

    const boundAt = Date.now();
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("Authenticator code").fill(totp(secret, boundAt));
    await page.getByRole("button", { name: "Bind the authenticator" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Authenticator turned on" })).toBeVisible();
    await expect(page.getByText(/^On: sign-in, withdrawals/)).toBeVisible();
    // The secret is shown only before binding.
    await expect(page.getByTestId("google-secret")).toHaveCount(0);

    await signOut(page);
    await logIn(page, user.email, user.password);
    const code = page.getByLabel("Google Authenticator code");
    await expect(code).toBeVisible();
    await expect(page.getByText("Please enter the authenticator code")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    // The code used to bind is spent: sign in with the next step's code, which the exchange takes as one step of
    // clock drift (an app a little ahead), without waiting for the step to turn.
    const next = (stepOf(boundAt) + 1) * 30_000;
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await code.fill(totp(secret, next));
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/home/);
  });
});

test.describe("account settings", () => {
  test("security level, invite link, and a password change that signs the other session out", async ({ page, browser, request }) => {
    const user = await registerUser(request);
    // Another device, signed in first.
    const other = await browser.newContext();
    await other.addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
    const otherPage = await other.newPage();
    await logIn(otherPage, user.email, user.password);
    await expect(otherPage).toHaveURL(/\/home/);

    await logIn(page, user.email, user.password, "/login?page=%2Fpersonal%2FaccountSettings");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    // An email account and nothing else: 20 for the bound email.
    await expect(page.getByRole("meter", { name: "Low" })).toHaveAttribute("value", "20");
    await expect(page.getByText(/\/register\?extension_code=/)).toBeVisible();

    await page.getByLabel("Current password").fill("Wrong2026x");
    await page.getByLabel("New password", { exact: true }).fill("Newpass2026");
    await page.getByLabel("Repeat the new password").fill("Newpass2026");
    await page.getByRole("button", { name: "Change login password" }).click();
    await expect(page.getByText("The current password is incorrect")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("Newpass2026");
    await page.getByLabel("Repeat the new password").fill("Newpass2027");
    await page.getByRole("button", { name: "Change login password" }).click();
    await expect(page.getByLabel("Repeat the new password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("Newpass2026");
    await page.getByLabel("Repeat the new password").fill("Newpass2026");
    await page.getByRole("button", { name: "Change login password" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Password changed. Other sessions signed out: 1" })).toBeVisible();

    // This session stays; the other one is signed out.
    await page.goto("/personal/accountSettings");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    await otherPage.goto("/personal/accountSettings");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();
  });
});

test.describe("binding a phone", () => {
  test("an email account binds a phone with the texted code; a wrong code is refused on its field; the level rises to 40", async ({
    page,
    request,
  }, info) => {
    const user = await registerUser(request);
    const phone = `15${info.project.name === "js" ? "1" : "2"}${Date.now().toString().slice(-8)}`;
    await logIn(page, user.email, user.password, "/login?page=%2Fpersonal%2FaccountSettings");
    await page.getByRole("link", { name: "Bind a phone" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bind a phone number" })).toBeVisible();
    await page.getByLabel("Phone number").fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`A verification code has been sent to ${phone}.`)).toBeVisible();
    const code = await latestCode(phone, 4);
    // The login password is asked first: a phone bound can reset the password, so a session alone cannot bind one.
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Bind", exact: true }).click();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter the current password")).toBeVisible();
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("Verification code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Bind", exact: true }).click();
    await expect(page.getByLabel("Verification code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone number")).toHaveValue(phone);
    // Without JavaScript the password does not come back with the page: it is typed again.
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Bind", exact: true }).click();
    await expect(page).toHaveURL(/\/personal\/accountSettings/);
    await expect(page.getByRole("status").filter({ hasText: "Phone number bound" })).toBeVisible();
    await expect(page.getByRole("meter", { name: "Middle" })).toHaveAttribute("value", "40");
  });
});

test.describe("sessions and the security log", () => {
  test("my devices are listed; 'sign out everywhere else' ends the other one; the log shows the sign-ins", async ({
    page,
    browser,
    request,
  }) => {
    const user = await registerUser(request);
    const other = await browser.newContext({ userAgent: "OtherDevice/1.0" });
    await other.addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
    const otherPage = await other.newPage();
    await logIn(otherPage, user.email, user.password);
    await expect(otherPage).toHaveURL(/\/home/);

    await logIn(page, user.email, user.password, "/login?page=%2Fpersonal%2Fsessions");
    await expect(page.getByRole("heading", { level: 1, name: "Signed-in devices" })).toBeVisible();
    const devices = page.getByRole("main").getByRole("listitem");
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
    await expect(devices.filter({ hasText: "OtherDevice" })).toHaveCount(1);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Signed out: 1" })).toBeVisible();
    await expect(devices).toHaveCount(1);
    await otherPage.goto("/personal/sessions");
    await expect(otherPage).toHaveURL(/\/login/);
    await other.close();

    await page.goto("/personal/transactionLog");
    await expect(page.getByRole("heading", { level: 1, name: "Security log" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
    await expect(page.getByText(/ UTC · IP /).first()).toBeVisible();
  });
});

test.describe("feedback", () => {
  test("content under 10 characters is refused on its field with the input kept; 10 or more is sent and listed", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=%2Fpersonal%2Ffeedback");
    await expect(page.getByRole("heading", { level: 1, name: "Feedback" })).toBeVisible();
    await page.getByLabel("Type").selectOption({ label: "Trading" });
    await page.getByLabel("Title").fill("Chart gap");
    // Past the browser's own minlength check: the server answers.
    await page.getByLabel("Description").evaluate((el) => el.removeAttribute("minlength"));
    await page.getByLabel("Description").fill("too short");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Please write at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title")).toHaveValue("Chart gap");
    await expect(page.getByLabel("Type")).toHaveValue("trade");
    await page.getByLabel("Description").fill("The 1 hour chart misses a bar at midnight.");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Feedback sent" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: "Chart gap" });
    await expect(item).toContainText("Trading");
    await expect(item).toContainText("Waiting for a reply");
  });
});

test.describe("personal centre accessibility", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "axe runs inside the page");
  for (const theme of ["dark", "light"] as const) {
    test(`the new personal screens have no serious accessibility violations (${theme})`, async ({ page, request }) => {
      await setTheme(page, theme);
      const user = await registerUser(request);
      await logIn(page, user.email, user.password, "/login?page=%2Fpersonal%2FgoogleAuth");
      await expect(page.getByRole("heading", { level: 1, name: "Google Authenticator" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
      for (const [path, title] of [
        ["/personal/accountSettings", "Account settings"],
        ["/personal/feedback", "Feedback"],
        ["/personal/sessions", "Signed-in devices"],
        ["/personal/transactionLog", "Security log"],
        ["/bindAccount", "Bind a phone number"],
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expectNoSeriousA11yViolations(page, theme);
      }
    });
  }
});

test.describe("binding a phone: the address refused on 'Send code'", () => {
  test("a phone already registered is said on the address field, the number kept", async ({ page, request }, info) => {
    // With JavaScript the answer comes to the send-code fetcher; without, the page posts and comes back with it.
    test.setTimeout(90_000);
    // Another account binds the phone first.
    const other = await registerUser(request);
    const taken = `17${info.project.name === "js" ? "1" : "2"}${Date.now().toString().slice(-8)}`;
    await logIn(page, other.email, other.password, "/login?page=%2FbindAccount");
    await page.getByLabel("Phone number").fill(taken);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`A verification code has been sent to ${taken}.`)).toBeVisible();
    await page.getByLabel("Verification code").fill(await latestCode(taken, 4));
    await page.getByLabel("Current password").fill(other.password);
    await page.getByRole("button", { name: "Bind", exact: true }).click();
    await expect(page).toHaveURL(/\/personal\/accountSettings/);
    await signOut(page);

    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/login?page=%2FbindAccount");
    const phone = page.getByLabel("Phone number");
    await phone.fill(taken);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/^this account is already registered$/i);
    await expect(phone).toHaveValue(taken);
  });
});

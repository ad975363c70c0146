import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyModule, lazyValidation, useLazyModule } from "./use-lazy-validate";

describe("lazyModule", () => {
  it("is empty until loaded, then holds the module; imports once", async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const m = lazyModule(importer);
    expect(m.current).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([m.load(), m.load()]);
    expect(a).toBe(b);
    expect(m.current).toBe(a);
    await m.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("retries after a failed load", async () => {
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new Error("offline");
      return { ok: true };
    });
    const m = lazyModule(importer);
    await expect(m.load()).rejects.toThrow("offline");
    expect(m.current).toBeUndefined();
    fail = false;
    await expect(m.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe("useLazyModule", () => {
  function Probe({ m }: { m: ReturnType<typeof lazyModule<{ name: string }>> }) {
    return createElement("span", null, useLazyModule(m)?.name ?? "none");
  }

  it("renders without the module on the server (loading starts in an effect) and never imports there", () => {
    const importer = vi.fn(async () => ({ name: "v" }));
    expect(renderToStaticMarkup(createElement(Probe, { m: lazyModule(importer) }))).toBe("<span>none</span>");
    expect(importer).not.toHaveBeenCalled();
  });

  it("has the module at once when it was already loaded (a later client navigation)", async () => {
    const m = lazyModule(async () => ({ name: "v" }));
    await m.load();
    expect(renderToStaticMarkup(createElement(Probe, { m }))).toBe("<span>v</span>");
  });
});

describe("lazyValidation", () => {
  it("without a validator: no onValidate, validation on submit only (the server answers)", () => {
    expect(lazyValidation(undefined)).toEqual({ shouldValidate: "onSubmit", shouldRevalidate: "onSubmit", onValidate: undefined });
    // The key is present, so conform's option merge (Object.assign) clears an earlier onValidate.
    expect("onValidate" in lazyValidation(undefined)).toBe(true);
  });

  it("with one: validate on submit (an untouched empty field is no error), revalidate on input, onValidate hands the form data over", () => {
    const validate = vi.fn((fd: FormData) => ({ status: "success", value: fd.get("a") }));
    const opts = lazyValidation(validate);
    expect(opts.shouldValidate).toBe("onSubmit");
    expect(opts.shouldRevalidate).toBe("onInput");
    const fd = new FormData();
    fd.set("a", "1");
    expect(opts.onValidate?.({ formData: fd })).toEqual({ status: "success", value: "1" });
    expect(validate).toHaveBeenCalledWith(fd);
  });

  it("takes other timings", () => {
    const opts = lazyValidation(() => null, { shouldValidate: "onInput", shouldRevalidate: "onInput" });
    expect([opts.shouldValidate, opts.shouldRevalidate]).toEqual(["onInput", "onInput"]);
  });
});

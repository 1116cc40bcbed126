import i18next from "i18next";
import { createElement } from "react";
import { I18nextProvider } from "react-i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS, TOAST_Z_INDEX, Toasts } from "#app/components/layout/toasts.tsx";

/** Spec section 9: notifications disappear after 4000 ms when no duration is given; z-index 10000. */
describe("toasts keep the spec's constants", () => {
  it("4000 ms by default and z-index 10000", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(TOAST_Z_INDEX).toBe(10000);
  });

  it("renders the toast layer at z-index 10000, with the message", () => {
    const i18n = i18next.createInstance();
    void i18n.init({ lng: "en-US", resources: {}, initAsync: false });
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Toasts, { toast: { kind: "success", message: "Saved." } })));
    expect(html).toContain("z-index:10000");
    expect(html).toContain("Saved.");
  });
});

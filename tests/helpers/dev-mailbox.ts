import { expect } from "vitest";
import * as devMailboxMessage from "#app/routes/dev/mailbox-message.tsx";
import * as devMailbox from "#app/routes/dev/mailbox.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import type { RouteHarness } from "./route.ts";

const pub = { layouts: [publicLayout] };

/** The newest e-mail to `to` and its links, read through the development mailbox pages as a browser would. */
export async function newestMail(h: RouteHarness, to: string) {
  const browser = h.browser();
  const list = await browser.get(`/dev/mailbox?to=${encodeURIComponent(to)}`, devMailbox, pub);
  expect(list.status).toBe(200);
  const [newest] = list.data.messages;
  const page = await browser.get(`/dev/mailbox/${newest.id}`, devMailboxMessage, { ...pub, params: { id: newest.id } });
  expect(page.status).toBe(200);
  const links = (page.data.pieces as { href?: string }[]).flatMap((p) => (p.href ? [p.href] : []));
  return { count: list.data.messages.length, message: page.data.message, links };
}

/** The password-reset link of the newest e-mail to `to`. */
export async function resetLinkFor(h: RouteHarness, to: string): Promise<string> {
  const link = (await newestMail(h, to)).links.find((href) => href.startsWith("/reset-password?"));
  expect(link).toBeTruthy();
  return link!;
}

import { describe, expect, it } from "vitest";
import { remoteEvents } from "./ical-events";

const calendar = (...events: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", ...events, "END:VCALENDAR"].join("\r\n");
const event = (lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");

describe("remoteEvents", () => {
  it("reads all-day events with an exclusive end as nights", () => {
    const text = calendar(
      event(["UID:a@airbnb", "DTSTART;VALUE=DATE:20270110", "DTEND;VALUE=DATE:20270113", "SUMMARY:Reserved"]),
      event(["UID:b@airbnb", "DTSTART;VALUE=DATE:20270120", "DTEND;VALUE=DATE:20270121", "SUMMARY:Airbnb (Not available)"]),
    );
    expect(remoteEvents(text, "America/Sao_Paulo")).toEqual([
      { uid: "a@airbnb", startsAt: "2027-01-10", endsAt: "2027-01-12", summary: "Reserved" },
      { uid: "b@airbnb", startsAt: "2027-01-20", endsAt: "2027-01-20", summary: "Airbnb (Not available)" },
    ]);
  });

  it("turns UTC times into the hotel's dates", () => {
    // 02:00 UTC is still the evening before in São Paulo (UTC−3).
    const text = calendar(event(["UID:t1", "DTSTART:20270110T020000Z", "DTEND:20270112T140000Z"]));
    expect(remoteEvents(text, "America/Sao_Paulo")).toEqual([{ uid: "t1", startsAt: "2027-01-09", endsAt: "2027-01-11", summary: null }]);
  });

  it("skips cancelled events and keeps the first of a repeated UID", () => {
    const text = calendar(
      event(["UID:x", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20270101", "DTEND;VALUE=DATE:20270102"]),
      event(["UID:y", "DTSTART;VALUE=DATE:20270105", "DTEND;VALUE=DATE:20270106"]),
      event(["UID:y", "DTSTART;VALUE=DATE:20270107", "DTEND;VALUE=DATE:20270108"]),
    );
    expect(remoteEvents(text, "UTC")!.map((e) => [e.uid, e.startsAt])).toEqual([["y", "2027-01-05"]]);
  });

  it("gives a one-night event when the end is missing or not after the start", () => {
    const text = calendar(event(["UID:z", "DTSTART;VALUE=DATE:20270301"]), event(["UID:w", "DTSTART;VALUE=DATE:20270305", "DTEND;VALUE=DATE:20270305"]));
    expect(remoteEvents(text, "UTC")!.map((e) => [e.startsAt, e.endsAt])).toEqual([
      ["2027-03-01", "2027-03-01"],
      ["2027-03-05", "2027-03-05"],
    ]);
  });

  it("reads an empty calendar as no events", () => {
    expect(remoteEvents(calendar(), "UTC")).toEqual([]);
  });

  it.each([
    ["an HTML page", "<!doctype html><html><body>Not found</body></html>"],
    ["nothing", ""],
    ["JSON", '{"events": []}'],
    ["a vCard", "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Maria\r\nEND:VCARD"],
  ])("answers null for %s", (_name, text) => {
    expect(remoteEvents(text, "UTC")).toBeNull();
  });
});

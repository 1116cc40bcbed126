import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, demoUsers, type TestApi } from "#tests/helpers/api.ts";

const ADMIN = "/api/v1/admin/learning";
let t: TestApi;
let admin: string;
let owner: string;
let collaborator: string;
let moduleId: string;
let lessonId: string;

const lessonBody = (module_uuid: string, extra: Record<string, unknown> = {}) => ({
  module_uuid,
  estimated_minutes: 4,
  video_url: "https://videos.example.com/tarifa/early-bird",
  versions: {
    "pt-BR": { title: "Descontos de antecedência", body: "Quem reserva com **90 dias** ganha preços menores. <script>alert(1)</script>" },
    "es-ES": { title: "Descuentos por antelación", body: "Las reservas anticipadas pagan menos: precios más bajos." },
  },
  ...extra,
});

beforeAll(async () => {
  t = await createTestApi();
  admin = await t.login(demoUsers.admin.email);
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
});
afterAll(() => t.close());

describe("the starter course", () => {
  it("lists two published modules with their lessons in the reader's language and no progress yet", async () => {
    const { data } = await t.json("GET", "/api/v1/learning/modules", { token: owner, lang: "en", status: 200 });
    expect(data.map((m: any) => m.title)).toEqual(["Revenue management basics", "Tarifa every day"]);
    expect(data[0].lessons.map((l: any) => l.title)).toEqual([
      "Occupancy, ADR and RevPAR: the three numbers that matter",
      "How Tarifa sets the price of a night",
      "Seasons and occupancy bands",
    ]);
    expect(data[0].progress).toEqual({ completed: 0, total: 3 });
    expect(data[0].estimated_minutes).toBe(21);
    const pt = await t.json("GET", "/api/v1/learning/modules", { token: owner, lang: "pt-BR", status: 200 });
    expect(pt.data[0].title).toBe("Fundamentos da gestão de receita");
  });

  it("renders a lesson with previous and next across modules", async () => {
    const { data } = await t.json("GET", "/api/v1/learning/modules", { token: owner, lang: "en", status: 200 });
    const last = data[0].lessons[2];
    const { lesson } = await t.json("GET", `/api/v1/learning/lessons/${last.uuid}`, { token: owner, lang: "en", status: 200 });
    expect(lesson.fallback).toBe(false);
    expect(lesson.body_html).toContain("<table>");
    expect(lesson.previous.title).toBe("How Tarifa sets the price of a night");
    expect(lesson.next.title).toBe("Reading the dashboard and the monthly report");
  });
});

describe("access", () => {
  it("answers 401 without a session, 403 to a reader without user.learning and to non-editors on admin calls", async () => {
    expect((await t.call("GET", "/api/v1/learning/modules")).status).toBe(401);
    expect((await t.call("GET", "/api/v1/learning/modules", { token: collaborator })).status).toBe(403);
    expect((await t.call("GET", `${ADMIN}/modules`, { token: owner })).status).toBe(403);
    expect((await t.call("POST", `${ADMIN}/modules`, { token: owner, body: { level: "beginner", texts: { "pt-BR": { title: "x" } } } })).status).toBe(403);
    expect((await t.call("GET", `${ADMIN}/modules`, { token: admin })).status).toBe(200);
  });
});

describe("editing", () => {
  it("refuses bad input with 422 and field errors, and writes nothing", async () => {
    const before = await t.json("GET", `${ADMIN}/modules`, { token: admin, status: 200 });
    const res = await t.call("POST", `${ADMIN}/modules`, { token: admin, body: { level: "expert", texts: { "en-US": { title: "No Portuguese" } } } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["level", "texts.pt-BR"]);
    const moduleId0 = before.data[0].uuid;
    const bad = await t.call("POST", `${ADMIN}/lessons`, {
      token: admin,
      body: { ...lessonBody(moduleId0), video_url: "javascript:alert(1)", versions: { "en-US": { title: "t", body: "b" } } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["versions.pt-BR", "video_url"]);
    expect((await t.call("POST", `${ADMIN}/lessons`, { token: admin, body: "not json" })).status).toBe(422);
    expect((await t.call("POST", `${ADMIN}/lessons`, { token: admin, body: lessonBody("00000000-0000-4000-8000-000000000000") })).status).toBe(404);
    const after = await t.json("GET", `${ADMIN}/modules`, { token: admin, status: 200 });
    expect(after.data.flatMap((m: any) => m.lessons).length).toBe(before.data.flatMap((m: any) => m.lessons).length);
  });

  it("creates a module and an unpublished lesson that owners cannot see", async () => {
    const created = await t.json("POST", `${ADMIN}/modules`, {
      token: admin,
      body: { level: "advanced", texts: { "pt-BR": { title: "Estratégias avançadas", description: "Para quem já domina o básico." } } },
      status: 201,
    });
    moduleId = created.module.uuid;
    expect(created.module.position).toBe(3);
    const { lesson } = await t.json("POST", `${ADMIN}/lessons`, { token: admin, body: lessonBody(moduleId), status: 201 });
    lessonId = lesson.uuid;
    expect(lesson).toMatchObject({ published: false, position: 1, locales: ["pt-BR", "es-ES"], video_url: "https://videos.example.com/tarifa/early-bird" });
    expect((await t.call("GET", `/api/v1/learning/lessons/${lessonId}`, { token: owner })).status).toBe(404);
    expect((await t.call("PUT", `/api/v1/learning/lessons/${lessonId}/progress`, { token: owner, body: { completed: true } })).status).toBe(404);
    const { data } = await t.json("GET", "/api/v1/learning/modules", { token: owner, status: 200 });
    expect(data.map((m: any) => m.uuid)).not.toContain(moduleId);
  });

  it("publishes it; a reader without their language gets pt-BR with the fallback flag, sanitised", async () => {
    await t.json("POST", `${ADMIN}/lessons/${lessonId}/publish`, { token: admin, body: { published: true }, status: 200 });
    const en = await t.json("GET", `/api/v1/learning/lessons/${lessonId}`, { token: owner, lang: "en", status: 200 });
    expect(en.lesson).toMatchObject({ title: "Descontos de antecedência", locale: "pt-BR", fallback: true });
    expect(en.lesson.body_html).toContain("<strong>90 dias</strong>");
    expect(en.lesson.body_html).not.toContain("<script");
    expect(en.lesson.module.title).toBe("Estratégias avançadas");
    const es = await t.json("GET", `/api/v1/learning/lessons/${lessonId}`, { token: owner, lang: "es", status: 200 });
    expect(es.lesson).toMatchObject({ title: "Descuentos por antelación", locale: "es-ES", fallback: false });
  });

  it("edits, reorders and unpublishes", async () => {
    const second = await t.json("POST", `${ADMIN}/lessons`, {
      token: admin,
      body: { module_uuid: moduleId, estimated_minutes: 3, video_url: "", versions: { "pt-BR": { title: "Overbooking", body: "Quando vender a mais." } } },
      status: 201,
    });
    expect(second.lesson.position).toBe(2);
    const moved = await t.json("POST", `${ADMIN}/lessons/${second.lesson.uuid}/move`, { token: admin, body: { direction: "up" }, status: 200 });
    expect(moved.lesson.position).toBe(1);
    expect((await t.call("POST", `${ADMIN}/lessons/${lessonId}/move`, { token: admin, body: { direction: "sideways" } })).status).toBe(422);
    const edited = await t.json("PUT", `${ADMIN}/lessons/${lessonId}`, {
      token: admin,
      body: lessonBody(moduleId, { versions: { "pt-BR": { title: "Antecedência", body: "Novo texto." }, "en-US": { title: "Lead time", body: "New text." } } }),
      status: 200,
    });
    expect(edited.lesson).toMatchObject({ title: "Antecedência", locales: ["pt-BR", "en-US"] });
    await t.json("POST", `${ADMIN}/lessons/${second.lesson.uuid}/publish`, { token: admin, body: { published: false }, status: 200 });
    expect((await t.call("GET", `/api/v1/learning/lessons/${second.lesson.uuid}`, { token: owner })).status).toBe(404);
    const preview = await t.json("POST", `${ADMIN}/preview`, { token: admin, body: { body: '**ok** <img src="https://x.example/a.png" onerror="alert(1)">' }, status: 200 });
    expect(preview.html).toBe('<p><strong>ok</strong> <img src="https://x.example/a.png" /></p>\n');
  });
});

describe("images", () => {
  const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
  const upload = (bytes: Uint8Array, name: string, token = admin) => {
    const form = new FormData();
    form.set("file", new File([Buffer.from(bytes)], name));
    return t.call("POST", `${ADMIN}/lessons/${lessonId}/attachments`, { token, body: form });
  };

  it("stores a PNG, serves it publicly, lists it on the lesson, and deletes it", async () => {
    const res = await upload(PNG, "grafico.png");
    expect(res.status).toBe(201);
    const { attachment } = await res.json();
    expect(attachment).toMatchObject({ original_name: "grafico.png", content_type: "image/png", size: PNG.length });
    expect(attachment.markdown).toBe(`![grafico.png](${attachment.url})`);
    const file = await t.call("GET", attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const { lesson } = await t.json("GET", `${ADMIN}/lessons/${lessonId}`, { token: admin, status: 200 });
    expect(lesson.attachments.map((a: any) => a.uuid)).toEqual([attachment.uuid]);
    const html = await t.json("POST", `${ADMIN}/preview`, { token: admin, body: { body: attachment.markdown }, status: 200 });
    expect(html.html).toBe(`<p><img src="${attachment.url}" alt="grafico.png" /></p>\n`);
    expect((await t.call("DELETE", `/api/v1/admin/learning/attachments/${attachment.uuid}`, { token: admin })).status).toBe(200);
    expect((await t.call("GET", attachment.url)).status).toBe(404);
  });

  it("refuses what is not an image (422), non-editors (403) and a missing file (422)", async () => {
    const svg = await upload(new TextEncoder().encode("<svg onload=alert(1)></svg>"), "x.svg");
    expect(svg.status).toBe(422);
    expect(Object.keys((await svg.json()).errors)).toEqual(["file"]);
    expect((await upload(PNG, "a.png", owner)).status).toBe(403);
    expect((await t.call("POST", `${ADMIN}/lessons/${lessonId}/attachments`, { token: admin, body: new FormData() })).status).toBe(422);
    expect((await t.call("GET", "/api/learning/files/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });
});

describe("progress", () => {
  it("marks a lesson done and undone, and the module list counts it", async () => {
    const done = await t.json("PUT", `/api/v1/learning/lessons/${lessonId}/progress`, { token: owner, body: { completed: true }, status: 200 });
    expect(done.completed_at).toBe(t.clock.now.toISOString());
    const again = await t.json("PUT", `/api/v1/learning/lessons/${lessonId}/progress`, { token: owner, body: { completed: true }, status: 200 });
    expect(again.completed_at).toBe(done.completed_at);
    const { data } = await t.json("GET", "/api/v1/learning/modules", { token: owner, status: 200 });
    expect(data.find((m: any) => m.uuid === moduleId).progress).toEqual({ completed: 1, total: 1 });
    expect((await t.call("PUT", `/api/v1/learning/lessons/${lessonId}/progress`, { token: owner, body: { completed: "yes" } })).status).toBe(422);
    const undone = await t.json("PUT", `/api/v1/learning/lessons/${lessonId}/progress`, { token: owner, body: { completed: false }, status: 200 });
    expect(undone.completed_at).toBeNull();
  });
});

describe("search", () => {
  const search = (q: string, lang: string) => t.json("GET", `/api/v1/learning/search?q=${encodeURIComponent(q)}`, { token: owner, lang, status: 200 });

  it("stems with the reader's language: Portuguese, English, Spanish", async () => {
    const pt = await search("temporadas", "pt-BR");
    expect(pt.data.map((r: any) => r.title)).toContain("Temporadas e faixas de ocupação");
    const en = await search("publishing", "en");
    expect(en.data[0].title).toBe("Publishing prices to your channels");
    expect(en.data[0].snippet).toContain("«");
    // English stemming: "forecasts" finds "forecast".
    expect((await search("forecasts", "en")).data.map((r: any) => r.title)).toContain("Pickup, pace and forecast (/tracking)");
    const es = await search("precio", "es");
    // The lesson has no Spanish version any more, so Spanish readers search its pt-BR text; the
    // starter course has none either: a Spanish word finds nothing in Portuguese text.
    expect(es.data).toEqual([]);
  });

  it("searches French and Italian with their dictionaries once a version exists", async () => {
    const body = lessonBody(moduleId, {
      versions: {
        "pt-BR": { title: "Antecedência", body: "Novo texto." },
        "fr-CA": { title: "Réservations anticipées", body: "Les voyageurs réservent leurs chambres tôt." },
        "it-IT": { title: "Prenotazioni anticipate", body: "Gli ospiti prenotano le camere presto." },
      },
    });
    await t.json("PUT", `${ADMIN}/lessons/${lessonId}`, { token: admin, body, status: 200 });
    expect((await search("chambre", "fr")).data.map((r: any) => r.title)).toEqual(["Réservations anticipées"]);
    expect((await search("ospite", "it")).data.map((r: any) => r.title)).toEqual(["Prenotazioni anticipate"]);
    const fallback = await search("texto", "en");
    expect(fallback.data).toEqual([expect.objectContaining({ title: "Antecedência", fallback: true })]);
  });

  it("refuses a query shorter than two characters", async () => {
    expect((await t.call("GET", "/api/v1/learning/search?q=a", { token: owner })).status).toBe(422);
  });
});

describe("deleting", () => {
  it("deletes a lesson, then the module with the rest", async () => {
    expect((await t.call("DELETE", `${ADMIN}/lessons/${lessonId}`, { token: admin })).status).toBe(200);
    expect((await t.call("DELETE", `${ADMIN}/lessons/${lessonId}`, { token: admin })).status).toBe(404);
    expect((await t.call("DELETE", `${ADMIN}/modules/${moduleId}`, { token: admin })).status).toBe(200);
    const { data } = await t.json("GET", `${ADMIN}/modules`, { token: admin, status: 200 });
    expect(data.map((m: any) => m.uuid)).not.toContain(moduleId);
  });
});

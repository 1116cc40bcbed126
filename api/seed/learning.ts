import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import type { LessonInput, ModuleInput } from "#domain/schemas/learning.ts";
import type { Database } from "#api/db/client.ts";
import { createLesson, createModule, publishLesson } from "#api/services/learning.ts";

/**
 * The starter course about revenue management with Tarifa. Each lesson is a markdown file in
 * ./learning named `<module>-<lesson>-<slug>.<locale>.md`; its first line (`# …`) is the title.
 * Edit the files and reseed; add a locale by adding files.
 */
const MODULES: Array<{ slug: string; input: ModuleInput }> = [
  {
    slug: "revenue-basics",
    input: {
      level: "beginner",
      texts: {
        "pt-BR": { title: "Fundamentos da gestão de receita", description: "Ocupação, ADR e RevPAR, como o Tarifa calcula cada preço, temporadas e faixas de ocupação." },
        "en-US": { title: "Revenue management basics", description: "Occupancy, ADR and RevPAR, how Tarifa prices every night, seasons and occupancy bands." },
      },
    },
  },
  {
    slug: "tarifa-every-day",
    input: {
      level: "intermediate",
      texts: {
        "pt-BR": { title: "O Tarifa no dia a dia", description: "Ler o painel e o relatório mensal, acompanhar pickup, pace e previsão, publicar preços nos canais." },
        "en-US": { title: "Tarifa every day", description: "Read the dashboard and the monthly report, follow pickup, pace and forecast, publish prices to your channels." },
      },
    },
  },
];

const LESSON_MINUTES: Record<string, number> = {
  "occupancy-adr-revpar": 6,
  "how-a-price-is-set": 8,
  "seasons-and-bands": 7,
  "reading-the-dashboard": 6,
  "pickup-pace-forecast": 8,
  "publishing-prices": 5,
};

const folder = fileURLToPath(new URL("./learning", import.meta.url));
const FILE = /^(\d+)-(\d+)-([a-z0-9-]+)\.(pt-BR|en-US|es-ES|fr-CA|it-IT)\.md$/;

/** The course as files: module number → lesson number → slug and versions. */
export function starterCourse() {
  const lessons = new Map<string, { module: number; order: number; slug: string; versions: LessonInput["versions"] }>();
  for (const file of readdirSync(folder).sort()) {
    const match = FILE.exec(file);
    if (!match) continue;
    const [, module, order, slug, locale] = match;
    const text = readFileSync(join(folder, file), "utf8");
    const [first, ...rest] = text.split("\n");
    const title = first.replace(/^#\s+/, "").trim();
    const entry = lessons.get(slug) ?? { module: Number(module), order: Number(order), slug, versions: {} as LessonInput["versions"] };
    (entry.versions as Record<string, { title: string; body: string }>)[locale] = { title, body: rest.join("\n").trim() };
    lessons.set(slug, entry);
  }
  return [...lessons.values()].sort((a, b) => a.module - b.module || a.order - b.order);
}

export async function seedLearning(db: Database, now: Date): Promise<void> {
  const modules = [];
  for (const { slug, input } of MODULES) modules.push(await createModule(db, input, now, slug));
  for (const lesson of starterCourse()) {
    const id = await createLesson(
      db,
      { module_uuid: modules[lesson.module - 1].uuid, estimated_minutes: LESSON_MINUTES[lesson.slug] ?? 5, video_url: null, versions: lesson.versions },
      now,
      lesson.slug,
    );
    await publishLesson(db, id, true, now);
  }
}

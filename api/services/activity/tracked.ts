import type { ActivityArea, Actor } from "#domain/activity/index.ts";
import type { Database } from "#api/db/client.ts";
import { recordActivity } from "./record.ts";

/** One record as the activity log compares it: what the reader recognises it by, and its fields. */
export interface ActivitySnapshot {
  label: string | null;
  values: Record<string, unknown>;
}

export interface TrackedChange<T> {
  businessId: string;
  actor: Actor;
  area: ActivityArea;
  /** The record changed or removed; null when the write creates it (`idOf` then names it). */
  entityId: string | null;
  /** The record now, on the transaction (null: it does not exist). */
  read: (tx: Database, id: string) => Promise<ActivitySnapshot | null>;
  idOf?: (result: T) => string | null | undefined;
  /** Top-level fields the reader never sees; ids and timestamps by default. */
  ignore?: readonly string[];
}

const IGNORED = ["uuid", "id", "created_at", "updated_at"] as const;

/**
 * Runs `write` in a transaction and records, in that same transaction, the one record it
 * created, changed or removed: read before, written, read after. A write that throws (a 404, a
 * 422) records nothing; a log line that cannot be written rolls the change back.
 */
export async function tracked<T>(db: Database, change: TrackedChange<T>, write: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const before = change.entityId ? await change.read(tx, change.entityId) : null;
    const result = await write(tx);
    const id = change.entityId ?? change.idOf?.(result) ?? null;
    const after = id ? await change.read(tx, id) : null;
    if (before || after) {
      await recordActivity(tx, {
        businessId: change.businessId,
        actor: change.actor,
        area: change.area,
        entityId: id,
        entityLabel: (after ?? before)!.label,
        before: before?.values ?? null,
        after: after?.values ?? null,
        ignore: change.ignore ?? IGNORED,
      });
    }
    return result;
  });
}

/** A read that answers null for a record that is not there (the services' getters throw 404). */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error && typeof error === "object" && "status" in error && (error as { status: number }).status === 404) return null;
    throw error;
  }
}

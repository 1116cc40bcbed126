import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Config } from "#config";
import { detectImageType, type ImageType } from "./profile-images.ts";

export { detectImageType, type ImageType };

/**
 * Business logos on disk (`config.uploadsDir/logos/<business>-<random>.<ext>`); the database keeps
 * only the file name (logo_filename). PNG, JPEG and WebP only, recognised by their first bytes:
 * SVG is refused because it can carry script that runs when the file is opened directly.
 */
export const MAX_LOGO_BYTES = 1024 * 1024;
/** The route's body limit: the logo plus room for the multipart framing and other fields. */
export const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

const CONTENT_TYPES: Record<ImageType["ext"], string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };
const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9_]+\.(jpg|png|webp)$/;

export function logosDir(config: Config): string {
  return join(config.uploadsDir, "logos");
}

/** The folders under `config.uploadsDir` that hold images: business logos, learning-lesson images. */
export type ImageFolder = "logos" | "learning";

/** Only names we made are read or deleted, so a stored value can never point outside the folder. */
function pathOf(config: Config, filename: string, folder: ImageFolder = "logos"): string | null {
  if (!NAME.test(filename) || basename(filename) !== filename) return null;
  return join(config.uploadsDir, folder, filename);
}

/** Writes under a new, unguessable name (written then renamed: readers never see half a file). */
export async function storeLogo(config: Config, businessId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  return storeImage(config, "logos", businessId, bytes, type);
}

/** storeLogo for any image folder: `<owner uuid>-<random>.<ext>`. */
export async function storeImage(config: Config, folder: ImageFolder, ownerId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const dir = join(config.uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  // base64url without "-", so the random part is what follows the last hyphen.
  const random = randomBytes(12).toString("base64url").replace(/-/g, "_");
  const filename = `${ownerId}-${random}.${type.ext}`;
  const path = join(dir, filename);
  await writeFile(`${path}.part`, bytes, { mode: 0o640 });
  await rename(`${path}.part`, path);
  return filename;
}

export async function readLogo(config: Config, filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  return readImage(config, "logos", filename);
}

export async function readImage(config: Config, folder: ImageFolder, filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const path = pathOf(config, filename, folder);
  if (!path) return null;
  try {
    const bytes = await readFile(path);
    const ext = filename.slice(filename.lastIndexOf(".") + 1) as ImageType["ext"];
    return { bytes, contentType: CONTENT_TYPES[ext] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function deleteLogo(config: Config, filename: string | null | undefined): Promise<void> {
  return deleteImage(config, "logos", filename);
}

export async function deleteImage(config: Config, folder: ImageFolder, filename: string | null | undefined): Promise<void> {
  const path = filename ? pathOf(config, filename, folder) : null;
  if (path) await unlink(path).catch(() => undefined);
}

import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Config } from "#config";

/** Spec section 3 keeps only the file name (profile_img_filename); the bytes live on disk. */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageType = { ext: "jpg" | "png" | "webp"; contentType: string };

const TYPES: Record<ImageType["ext"], string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** The image type by its first bytes (what the browser claims is not trusted). */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (bytes.length >= 3 && starts(0, 0xff, 0xd8, 0xff)) return { ext: "jpg", contentType: TYPES.jpg };
  if (bytes.length >= 8 && starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: "png", contentType: TYPES.png };
  // RIFF....WEBP
  if (bytes.length >= 12 && starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) {
    return { ext: "webp", contentType: TYPES.webp };
  }
  return null;
}

export function profileImagesDir(config: Config): string {
  return join(config.uploadsDir, "profile-images");
}

/** Only names we made are read or deleted, so a stored value can never walk out of the folder. */
function pathOf(config: Config, filename: string): string | null {
  if (!/^[0-9a-f-]{36}-[A-Za-z0-9_-]+\.(jpg|png|webp)$/.test(filename) || basename(filename) !== filename) return null;
  return join(profileImagesDir(config), filename);
}

/** Writes the image under a new, unguessable name (written then renamed, so readers never see half a file). */
export async function storeProfileImage(config: Config, userId: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const dir = profileImagesDir(config);
  await mkdir(dir, { recursive: true });
  const filename = `${userId}-${randomBytes(12).toString("base64url")}.${type.ext}`;
  const path = join(dir, filename);
  await writeFile(`${path}.part`, bytes, { mode: 0o640 });
  await rename(`${path}.part`, path);
  return filename;
}

export async function readProfileImage(config: Config, filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const path = pathOf(config, filename);
  if (!path) return null;
  try {
    const bytes = await readFile(path);
    const ext = filename.slice(filename.lastIndexOf(".") + 1) as ImageType["ext"];
    return { bytes, contentType: TYPES[ext] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function deleteProfileImage(config: Config, filename: string | null | undefined): Promise<void> {
  const path = filename ? pathOf(config, filename) : null;
  if (path) await unlink(path).catch(() => undefined);
}

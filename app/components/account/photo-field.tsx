import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PHOTO_TYPES } from "./schemas";

/**
 * The profile photo: the current one (served by /account-settings/my-account/photo, which adds the
 * API token), and with JavaScript a preview of the file chosen before it is uploaded.
 */
export function PhotoField({
  currentSrc,
  initials,
  errors,
}: {
  currentSrc: string | null;
  initials: string;
  errors?: string[];
}) {
  const { t } = useTranslation("account");
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const src = preview ?? currentSrc;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {src ? (
        <img
          src={src}
          alt={preview ? t("photo.previewAlt") : t("photo.currentAlt")}
          width={96}
          height={96}
          className="h-24 w-24 rounded-full border border-slate-200 object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-900"
        >
          {initials}
        </span>
      )}
      <div>
        <label htmlFor="photo-image" className="block text-sm font-medium text-slate-800">
          {t("photo.choose")}
        </label>
        <input
          id="photo-image"
          name="image"
          type="file"
          required
          accept={PHOTO_TYPES.join(",")}
          aria-describedby={`photo-hint${errors?.length ? " photo-errors" : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
          className="mt-1 block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        <p id="photo-hint" className="mt-1 text-sm text-slate-600">
          {t("photo.hint")}
        </p>
        {errors?.length ? (
          <ul id="photo-errors" className="mt-1 text-sm text-red-700">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

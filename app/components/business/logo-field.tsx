import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LOGO_TYPES } from "./schemas";

/** The current logo (through the web's proxy) and, with JavaScript, a preview of the file chosen. */
export function LogoField({ currentSrc, name, errors }: { currentSrc: string | null; name: string; errors?: string[] }) {
  const { t } = useTranslation("business");
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
          alt={preview ? t("logo.previewAlt") : t("logo.currentAlt", { name })}
          width={128}
          height={128}
          className="h-32 w-32 rounded-md border border-slate-200 bg-white object-contain"
        />
      ) : (
        <span className="flex h-32 w-32 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-sm text-slate-600">
          {t("logo.none")}
        </span>
      )}
      <div>
        <label htmlFor="logo-file" className="block text-sm font-medium text-slate-800">
          {t("logo.choose")}
        </label>
        <input
          id="logo-file"
          name="logo"
          type="file"
          required
          accept={LOGO_TYPES.join(",")}
          aria-describedby={`logo-hint${errors?.length ? " logo-errors" : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
          className="mt-1 block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        <p id="logo-hint" className="mt-1 text-sm text-slate-600">
          {t("logo.hint")}
        </p>
        {errors?.length ? (
          <ul id="logo-errors" className="mt-1 text-sm text-red-700">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useState } from "react";
import { FieldErrors } from "./field";

/**
 * A file field for one image (profile photo, business logo): the current image, or a placeholder
 * when there is none, and with JavaScript a preview of the file chosen before it is uploaded.
 * `idBase` names the hint and the errors (`<idBase>-hint`, `<idBase>-errors`).
 */
export function ImageUploadField({
  inputId,
  idBase,
  name,
  accept,
  label,
  hint,
  currentSrc,
  currentAlt,
  previewAlt,
  size,
  imageClassName,
  placeholder,
  errors,
}: {
  inputId: string;
  idBase: string;
  name: string;
  accept: readonly string[];
  label: string;
  hint: string;
  currentSrc: string | null;
  currentAlt: string;
  previewAlt: string;
  /** Width and height of the image in CSS pixels. */
  size: number;
  imageClassName: string;
  placeholder: React.ReactNode;
  errors?: string[];
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const src = preview ?? currentSrc;
  const hintId = `${idBase}-hint`;
  const errorsId = `${idBase}-errors`;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {src ? (
        <img src={src} alt={preview ? previewAlt : currentAlt} width={size} height={size} className={imageClassName} />
      ) : (
        placeholder
      )}
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={inputId}
          name={name}
          type="file"
          required
          accept={accept.join(",")}
          aria-describedby={`${hintId}${errors?.length ? ` ${errorsId}` : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
          className="mt-1 block text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
        <FieldErrors id={errorsId} errors={errors} />
      </div>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { ImageUploadField } from "#app/components/ui/image-upload-field";
import { PHOTO_TYPES } from "./schemas";

/**
 * The profile photo: the current one (served by /account-settings/my-account/photo, which adds the
 * API token) or the initials, and with JavaScript a preview of the file chosen before it is uploaded.
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
  return (
    <ImageUploadField
      inputId="photo-image"
      idBase="photo"
      name="image"
      accept={PHOTO_TYPES}
      label={t("photo.choose")}
      hint={t("photo.hint")}
      currentSrc={currentSrc}
      currentAlt={t("photo.currentAlt")}
      previewAlt={t("photo.previewAlt")}
      size={96}
      imageClassName="h-24 w-24 rounded-full border border-slate-200 object-cover"
      placeholder={
        <span
          aria-hidden="true"
          className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-900"
        >
          {initials}
        </span>
      }
      errors={errors}
    />
  );
}

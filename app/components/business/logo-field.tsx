import { useTranslation } from "react-i18next";
import { ImageUploadField } from "#app/components/ui/image-upload-field";
import { LOGO_TYPES } from "./schemas";

/** The current logo (through the web's proxy) and, with JavaScript, a preview of the file chosen. */
export function LogoField({ currentSrc, name, errors }: { currentSrc: string | null; name: string; errors?: string[] }) {
  const { t } = useTranslation("business");
  return (
    <ImageUploadField
      inputId="logo-file"
      idBase="logo"
      name="logo"
      accept={LOGO_TYPES}
      label={t("logo.choose")}
      hint={t("logo.hint")}
      currentSrc={currentSrc}
      currentAlt={t("logo.currentAlt", { name })}
      previewAlt={t("logo.previewAlt")}
      size={128}
      imageClassName="h-32 w-32 rounded-md border border-slate-200 bg-white object-contain"
      placeholder={
        <span className="flex h-32 w-32 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-2 text-center text-sm text-slate-600">
          {t("logo.none")}
        </span>
      }
      errors={errors}
    />
  );
}

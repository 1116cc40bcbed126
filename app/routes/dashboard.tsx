import { useTranslation } from "react-i18next";
import { useAppUser } from "./app-layout";

export default function Dashboard() {
  const { t } = useTranslation();
  const user = useAppUser();
  return (
    <>
      <title>{`${t("dashboard.title")} · Tarifa`}</title>
      <h1 className="text-2xl font-semibold">{t("dashboard.greeting", { name: user.name })}</h1>
    </>
  );
}

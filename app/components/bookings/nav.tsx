import { useTranslation } from "react-i18next";
import { NavItems } from "#app/components/layout/nav-items";

/** The bookings entries of the sidebar, each shown only to who may open it (as the routes' guards decide). */
export function BookingsNavItems({ permissions, className }: { permissions: { name: string }[]; className: string }) {
  const { t } = useTranslation("bookings");
  const can = (name: string) => permissions.some((p) => p.name === name);
  const items = [
    { show: can("user.rooms-overview"), to: "/bookings/home", label: t("nav.overview"), end: true },
    // "/bookings" stays lit on a reservation's pages but not on the rooms overview.
    { show: can("user.reservations"), to: "/bookings", label: t("nav.reservations"), end: false, notActiveOn: ["/bookings/home"] },
    { show: can("user.availability"), to: "/availability", label: t("nav.availability"), end: true },
    { show: can("user.pms-settings"), to: "/pms-settings/room-blocks", label: t("nav.roomBlocks"), end: true },
  ];
  return <NavItems items={items} className={className} />;
}

export { ErrorHero, ErrorLayout, ErrorPage, GoBackLink, HelpBox } from "./error-page";

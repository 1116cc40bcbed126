export { ErrorContent, ErrorHero, ErrorLayout, ErrorPage, GoBackLink, HelpBox } from "./error-page";

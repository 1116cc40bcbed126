import { Form, type FormProps } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/** Every mutation form: React Router's <Form> (works without JavaScript) plus the CSRF token. */
export function AppForm({ children, method = "post", ...props }: FormProps) {
  return (
    <Form method={method} {...props}>
      {method.toLowerCase() !== "get" ? <AuthenticityTokenInput name="csrf" /> : null}
      {children}
    </Form>
  );
}

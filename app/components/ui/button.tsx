import { useNavigation } from "react-router";

const styles = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
  link: "text-brand-700 underline hover:text-brand-900",
} as const;

export function buttonClass(variant: keyof typeof styles = "primary", extra = "") {
  const base = variant === "link" ? "" : "inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-semibold";
  return `${base} ${styles[variant]} ${extra}`.trim();
}

/** A submit button that shows the pending state while its form is in flight (JavaScript on). */
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  className = "",
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pendingLabel?: string; variant?: keyof typeof styles }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!rest.value || navigation.formData?.get(String(rest.name)) === rest.value);
  return (
    <button type="submit" {...rest} disabled={pending || rest.disabled} aria-busy={pending} className={buttonClass(variant, className)}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

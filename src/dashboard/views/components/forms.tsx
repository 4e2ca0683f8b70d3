import type { Child, FC } from "hono/jsx";

import { useSession } from "./session";

/**
 * Every state-changing form: a POST carrying its CSRF token — the session's own, or before sign-in the double-submit
 * token the handler passes (`publicFormToken`). `confirm` makes the script ask before sending it.
 */
export const PostForm: FC<{
  action: string;
  class?: string;
  confirm?: string;
  enctype?: "multipart/form-data";
  labelledBy?: string;
  token?: string;
  children: Child;
}> = ({ action, class: className, confirm, enctype, labelledBy, token, children }) => (
  <form method="post" action={action} enctype={enctype} class={className} data-confirm={confirm} aria-labelledby={labelledBy}>
    <input type="hidden" name="_csrf" value={token ?? useSession()?.csrfToken} />
    {children}
  </form>
);

/** A form that is one button, e.g. "Sign out", "Withdraw", "Replay". */
export const PostButton: FC<{ action: string; class?: string; confirm?: string; formClass?: string; children: Child }> = ({
  action,
  class: className = "button secondary small",
  confirm,
  formClass,
  children,
}) => (
  <PostForm action={action} class={formClass} confirm={confirm}>
    <button type="submit" class={className}>
      {children}
    </button>
  </PostForm>
);

export const ErrorSummary: FC<{ message: string | undefined }> = ({ message }) =>
  message ? (
    <p class="error-summary" role="alert">
      {message}
    </p>
  ) : null;

/** A labelled input with its hint and field-level error tied to it for assistive technology. */
export const Field: FC<{
  name: string;
  id?: string;
  label: string;
  type?: string;
  value?: string | undefined;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  inputmode?: "decimal" | "email" | "url";
}> = ({ name, id = name, label, type = "text", value, hint, error, required, autocomplete, placeholder, inputmode }) => {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div class={error ? "field has-error" : "field"}>
      <label for={id}>{label}</label>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        required={required}
        autocomplete={autocomplete}
        placeholder={placeholder}
        inputmode={inputmode}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
};

/** A list filter's drop-down: "Any" first, then each value, the chosen one selected. */
export const FilterSelect: FC<{
  name: string;
  label: string;
  values: readonly string[];
  selected: string | undefined;
  display?: (value: string) => string;
}> = ({ name, label, values, selected, display = (value) => value }) => (
  <div class="field">
    <label for={name}>{label}</label>
    <select id={name} name={name}>
      <option value="">Any</option>
      {values.map((value) => (
        <option value={value} selected={selected === value}>
          {display(value)}
        </option>
      ))}
    </select>
  </div>
);

/** A secret shown once, right after it was made: a highlighted card saying what to do with it before leaving the page. */
export const OneTimeSecret: FC<{ id: string; title: Child; warning: Child; label: string; value: string }> = ({
  id,
  title,
  warning,
  label,
  value,
}) => (
  <section class="card highlight" aria-labelledby={`${id}-heading`}>
    <h2 id={`${id}-heading`}>{title}</h2>
    <p class="warning">{warning}</p>
    <Secret id={id} label={label} value={value} />
  </section>
);

/** A secret or key in a read-only box with a copy button (the script enhances it; without it, the text can be selected). */
export const Secret: FC<{ id: string; label: string; value: string }> = ({ id, label, value }) => (
  <div class="secret">
    <label for={id}>{label}</label>
    <div class="secret-row">
      <input id={id} class="mono" type="text" readonly value={value} />
      <button type="button" class="button secondary" data-copy={id}>
        Copy
      </button>
    </div>
  </div>
);

/** Small form parts every form shares: labelled fields, a mode switch, messages. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { Field } from '../Field.tsx';
import styles from './fields.module.css';

export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Field className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} {...input} />
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </Field>
  );
}

/** An e-mail address (required): the browser's e-mail keyboard, validation and autofill. */
export function EmailField({
  label,
  value,
  onValue,
}: {
  label: string;
  value: string;
  onValue(email: string): void;
}) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

/**
 * A one-time code from an e-mail, a text message or an authenticator (required): the numeric
 * keyboard and the browser's one-time-code autofill. Input attributes (pattern, lengths) pass through.
 */
export function CodeField({
  label,
  value,
  onValue,
  ...input
}: { label: string; value: string; onValue(code: string): void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      {...input}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Field className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.input} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A row of mode buttons (radio semantics: one is pressed). */
export function ModeSwitch<M extends string>({
  label,
  modes,
  current,
  onChange,
}: {
  label: string;
  modes: readonly { id: M; label: string }[];
  current: M;
  onChange(mode: M): void;
}) {
  return (
    <fieldset className={styles.modes} aria-label={label}>
      {modes.map((mode) => (
        <button
          key={mode.id}
          type="button"
          className={styles.mode}
          aria-pressed={mode.id === current}
          onClick={() => onChange(mode.id)}
        >
          {mode.label}
        </button>
      ))}
    </fieldset>
  );
}

export function Message({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <p className={`${styles.message} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

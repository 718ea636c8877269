/**
 * Searching a desk's list: the inline search form with its primary button, "any"-first selects, the
 * numeric and time-range fields of the cursor-paged searches (bets, payments), filters kept in the
 * address (audit, players), the one-select "show" filter of a queue, and the previous/next pager.
 */
import { Button, SelectField, TextField } from '@parlay/ui/index.ts';
import { type ReactNode, useState } from 'react';
import styles from './Backoffice.module.css';
import p from './Players.module.css';

export function FilterForm({
  label,
  submit,
  onSearch,
  after,
  children,
}: {
  /** The form's accessible name, where the page has more than one form. */
  label?: string;
  /** The search button's text. */
  submit: ReactNode;
  onSearch(): void;
  /** After the search button (an export link). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
      aria-label={label}
    >
      {children}
      <Button type="submit" variant="primary">
        {submit}
      </Button>
      {after}
    </form>
  );
}

/** A select whose first choice ("any") is the empty value. */
export function AnySelect({
  label,
  value,
  any,
  options,
  onChange,
}: {
  label: string;
  value: string;
  any: string;
  options: readonly { value: string; text: string }[];
  onChange(value: string): void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{any}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </SelectField>
  );
}

export type SearchFilter = Record<string, string>;

/** The API's query of a cursor-paged search: the filled fields (times as ISO instants) and the cursor. */
export function cursorQuery(filter: SearchFilter, before: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v) params.set(k, k === 'from' || k === 'to' ? new Date(v).toISOString() : v);
  }
  if (before) params.set('before', before);
  return params.toString();
}

/**
 * The fields of a cursor-paged search: whole numbers (ids, amounts in minor units), then the desk's
 * selects (children), then the local time range from–to. Labels are `<prefix>.<field>`.
 */
export function NumbersAndTimeFields({
  numeric,
  label,
  filter,
  onChange,
  children,
}: {
  numeric: readonly string[];
  label(field: string): string;
  filter: SearchFilter;
  onChange(filter: SearchFilter): void;
  children: ReactNode;
}) {
  return (
    <>
      {numeric.map((f) => (
        <TextField
          key={f}
          label={label(f)}
          inputMode="numeric"
          pattern="[0-9]*"
          value={filter[f] ?? ''}
          onChange={(e) => onChange({ ...filter, [f]: e.target.value.trim() })}
        />
      ))}
      {children}
      {(['from', 'to'] as const).map((f) => (
        <TextField
          key={f}
          label={label(f)}
          type="datetime-local"
          value={filter[f] ?? ''}
          onChange={(e) => onChange({ ...filter, [f]: e.target.value })}
        />
      ))}
    </>
  );
}

/** The cursors of the pages seen so far, so "previous" goes back without the API going backwards. */
export function useCursorPages(search: (before: string | null) => void) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    hasPrevious: cursors.length >= 2,
    first() {
      setCursors([null]);
      search(null);
    },
    previous() {
      const previous = cursors.slice(0, -1);
      setCursors(previous);
      search(previous.at(-1) ?? null);
    },
    next(cursor: string | null) {
      setCursors([...cursors, cursor]);
      search(cursor);
    },
  };
}

export function Pager({
  previous,
  next,
  size,
  variant,
}: {
  previous: { text: string; disabled: boolean; onClick(): void };
  next: { text: string; disabled: boolean; onClick(): void };
  size?: 'sm';
  variant?: 'ghost';
}) {
  return (
    <div className={styles.buttons}>
      {[previous, next].map((b) => (
        <Button key={b.text} size={size} variant={variant} disabled={b.disabled} onClick={b.onClick}>
          {b.text}
        </Button>
      ))}
    </div>
  );
}

/** Text filters of a search form, each field's value and change handler in one spread. */
export function useFormFields<F extends Record<string, string>>(empty: F) {
  const [form, setForm] = useState<F>(empty);
  const field = (key: keyof F & string) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  return { form, setForm, field };
}

/** The filters as the address has them (empty on the server). */
export function filtersInAddress<F extends Record<string, string>>(empty: F): F {
  if (typeof window === 'undefined') return empty;
  const q = new URLSearchParams(window.location.search);
  return Object.fromEntries(Object.keys(empty).map((k) => [k, q.get(k) ?? ''])) as F;
}

/** Puts the filled filters in the address (replacing it), so a reload or a shared link keeps them. */
export function keepInAddress(filters: Record<string, string>): void {
  const shown = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  window.history.replaceState(null, '', `${window.location.pathname}${shown.size ? `?${shown}` : ''}`);
}

/** A queue's one filter (what to show), above its table. */
export function ShowFilter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.inlineForm} ${p.filter}`}>
      <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </SelectField>
    </div>
  );
}

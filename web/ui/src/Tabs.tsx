import { type KeyboardEvent, useRef } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  id: string;
  label: string;
  /** A small count after the label. */
  count?: number;
}

export interface TabsProps {
  items: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
  /** Prefix of the tab and panel ids: tab `${idPrefix}-tab-${id}`, panel `${idPrefix}-panel`. */
  idPrefix: string;
  className?: string;
}

/** A row of tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between them); scrolls sideways on narrow screens. */
export function Tabs({ items, selected, onSelect, label, idPrefix, className }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${idPrefix}-tab-${item.id}`)}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={[styles.tabs, className ?? ''].filter(Boolean).join(' ')}
    >
      {items.map((item, index) => {
        const active = item.id === selected;
        return (
          <button
            key={item.id}
            id={`${idPrefix}-tab-${item.id}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
            {item.count !== undefined ? <span className={styles.count}>{item.count}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

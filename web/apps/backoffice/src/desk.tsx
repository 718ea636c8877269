/**
 * What every back-office desk does the same way: read a path of the API (the session checked, the
 * answer kept), tell the operator how an action went (a polite live line: the success text or the
 * error code's dictionary text), and frame a panel with its heading and lead.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Message } from '@parlay/ui/index.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { type Answer, call, post } from './api.ts';
import styles from './Backoffice.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

/** A success or failure line above or below a panel's content. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * GET `path` on mount and whenever it changes (null: not yet); `data` stays null until the first
 * answer and keeps the last good answer after a failure. With `clearOnChange` a new path shows the
 * loading state again instead of the previous path's data.
 */
export function useDeskQuery<T>(path: string | null, { clearOnChange = false } = {}) {
  const [data, setData] = useState<T | null>(null);
  const reload = useCallback(async () => {
    if (path === null) return;
    const answer = await call<T>(path);
    leaveIfSignedOut(answer);
    if (answer.ok) setData(answer.data);
  }, [path]);
  useEffect(() => {
    if (clearOnChange) setData(null);
    void reload();
  }, [reload, clearOnChange]);
  return { data, setData, reload };
}

/** An error code of the API as the operator reads it (errors dictionary, or the desk's own words). */
export function useErrorText(): (code: string) => string {
  const t = useT('backoffice');
  const te = useT('errors');
  return (code) => errorMessage(te, t, code);
}

/**
 * The notice of a desk: `report` leaves for sign-in when the session is gone, then shows the success
 * text (or the one made from the answer's data) or the error's text; it says whether it went well.
 */
export function useNotice() {
  const errorText = useErrorText();
  const [notice, setNotice] = useState<Notice>(null);
  const report = <T,>(answer: Answer<T>, success: string | ((data: T) => string)): boolean => {
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok
        ? { kind: 'success', text: typeof success === 'string' ? success : success(answer.data) }
        : { kind: 'error', text: errorText(answer.code) },
    );
    return answer.ok;
  };
  return { notice, setNotice, report };
}

/** The notice where screen readers hear it without losing their place. */
export function NoticeLine({ notice }: { notice: Notice }) {
  return <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>;
}

/**
 * A POST with its notice; after a success `onDone` runs (clear a form, reload). `shown` is the
 * notice line to place in the panel.
 */
export function useAction(onDone: () => Promise<void>) {
  const { notice, report } = useNotice();
  const run = async (path: string, body: unknown, done: string) => {
    const ok = report(await post(path, body), done);
    if (ok) await onDone();
    return ok;
  };
  return { run, shown: <NoticeLine notice={notice} /> };
}

/** A desk's panel: a section named by its heading, with an optional muted lead line under it. */
export function Panel({
  id,
  title,
  lead,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.subheading}>
        {title}
      </h2>
      {lead === undefined ? null : <p className={styles.muted}>{lead}</p>}
      {children}
    </section>
  );
}

/**
 * The support inbox: players' requests waiting for an answer (or all), one opened with its
 * messages, answered or closed through the support service; the player's open page hears of it.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button } from '@parlay/ui/index.ts';
import { type FormEvent, useState } from 'react';
import type { Me } from './api.ts';
import styles from './Backoffice.module.css';
import { DataTable } from './DataTable.tsx';
import { Panel, useAction, useDeskQuery } from './desk.tsx';
import { ShowFilter } from './FilterForm.tsx';
import p from './Players.module.css';
import { useDateTime } from './SessionsTable.tsx';

interface RequestRow {
  id: string;
  userId: string;
  topic: string;
  subject: string;
  status: 'open' | 'answered' | 'closed';
  updatedAt: string;
}
interface Thread extends RequestRow {
  messages: { id: string; author: 'player' | 'operator'; text: string; createdAt: string }[];
}

export function SupportSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const [filter, setFilter] = useState<'waiting' | 'all'>('waiting');
  const { data, reload } = useDeskQuery<{ requests: RequestRow[] }>(`/support?filter=${filter}`);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Panel id="bo-support" title={t('support.title')}>
      <ShowFilter
        label={t('support.show')}
        value={filter}
        onChange={(v) => setFilter(v === 'all' ? 'all' : 'waiting')}
      >
        <option value="waiting">{t('support.waiting')}</option>
        <option value="all">{t('support.all')}</option>
      </ShowFilter>
      <DataTable
        rows={data?.requests}
        empty={t('support.empty')}
        testId="support-requests"
        columns={[
          { label: t('support.id'), num: true },
          { label: t('support.subject') },
          { label: t('support.player') },
          { label: t('support.status') },
          { label: t('support.updated'), num: true },
        ]}
        row={(r) => (
          <tr key={r.id} data-testid={`support-${r.id}`}>
            <td className={styles.num}>{r.id}</td>
            <td>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={open === r.id}
                onClick={() => setOpen(open === r.id ? null : r.id)}
              >
                {r.subject}
              </Button>
            </td>
            <td>#{r.userId}</td>
            <td>{t(`support.statuses.${r.status}`)}</td>
            <td className={styles.num}>{when(r.updatedAt)}</td>
          </tr>
        )}
      />
      {open ? <ThreadView key={open} me={me} id={open} onChange={reload} /> : null}
    </Panel>
  );
}

function ThreadView({ me, id, onChange }: { me: Me; id: string; onChange(): Promise<void> }) {
  const t = useT('backoffice');
  const when = useDateTime();
  const { data: thread, reload } = useDeskQuery<Thread>(`/support/${id}`);
  const [text, setText] = useState('');
  const mayAnswer = me.actions.includes('support.answer');
  const { run, shown } = useAction(async () => {
    setText('');
    await Promise.all([reload(), onChange()]);
  });
  const answer = (event: FormEvent) => {
    event.preventDefault();
    void run(`/support/${id}/answer`, { text: text.trim() }, t('support.answered', { id }));
  };

  if (!thread) return <p className={styles.muted}>{t('loading')}</p>;
  return (
    <div className={styles.stack} data-testid="support-thread">
      <h3 className={styles.subheading}>
        #{thread.id} · {thread.subject} · {t(`support.statuses.${thread.status}`)}
      </h3>
      <ol className={p.thread} aria-label={t('support.messages')}>
        {thread.messages.map((m) => (
          <li key={m.id} className={`${p.message} ${m.author === 'operator' ? p.fromOperator : ''}`}>
            <strong>{t(`support.authors.${m.author}`)}</strong> · {when(m.createdAt)}
            <br />
            {m.text}
          </li>
        ))}
      </ol>
      {shown}
      {mayAnswer && thread.status !== 'closed' ? (
        <form className={styles.stack} onSubmit={answer}>
          <label className={styles.muted}>
            {t('support.answer')}
            <textarea
              className={p.textArea}
              name="answer"
              value={text}
              maxLength={4000}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <div className={styles.buttons}>
            <Button type="submit" variant="primary" disabled={text.trim().length === 0}>
              {t('support.send')}
            </Button>
            <Button onClick={() => void run(`/support/${id}/close`, {}, t('support.closed', { id }))}>
              {t('support.close')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

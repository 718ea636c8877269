/**
 * Share an idea: the form (title, text), the ideas with most votes first, one vote per idea (not for
 * one's own) and the operator's answer under an idea.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Field, Skeleton } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../money/money-api.ts';
import styles from '../support/Support.module.css';
import { errorText } from '../support/SupportSection.tsx';

interface Idea {
  id: string;
  title: string;
  text: string;
  votes: number;
  votedByMe: boolean;
  mine: boolean;
  answer: string | null;
}

const BASE = '/web-api/support/v1/ideas';

export function IdeasSection() {
  const t = useT('office-more');
  const te = useT('errors');
  const [ideas, setIdeas] = useState<Idea[] | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => {
    void call<{ ideas: Idea[] }>(BASE).then((a) => a.ok && setIdeas(a.data.ideas));
  }, []);
  useEffect(reload, []);
  if (!ideas) return <Skeleton height="240px" />;
  const post = async () => {
    setBusy(true);
    setError(null);
    const answer = await call(BASE, { body: { title, text } });
    setBusy(false);
    if (!answer.ok) return setError(answer.code);
    setTitle('');
    setText('');
    reload();
  };
  const vote = async (id: string) => {
    const answer = await call(`${BASE}/${id}/vote`, { body: {} });
    if (!answer.ok) return setError(answer.code);
    reload();
  };
  return (
    <div className={styles.layout}>
      <form
        className={styles.form}
        aria-labelledby="idea-new"
        onSubmit={(e) => {
          e.preventDefault();
          void post();
        }}
      >
        <h2 id="idea-new">{t('ideas.new_title')}</h2>
        <Field as="label">
          <span>{t('ideas.title')}</span>
          <input
            name="title"
            required
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field as="label">
          <span>{t('ideas.text')}</span>
          <textarea name="text" maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        {error ? (
          <p className={styles.error} role="alert">
            {errorText(te, t, error)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy || title.trim() === ''}>
            {t('ideas.send')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="ideas-list">
        <h2 id="ideas-list">{t('ideas.list_title')}</h2>
        {ideas.length === 0 ? (
          <p className={styles.muted}>{t('ideas.none')}</p>
        ) : (
          <ul className={styles.list}>
            {ideas.map((idea) => (
              <li key={idea.id} className={styles.item} data-testid="idea">
                <span>
                  <span className={styles.subject}>{idea.title}</span>
                  {idea.text ? <span className={styles.meta}> · {idea.text}</span> : null}
                  {idea.answer ? (
                    <span className={styles.message} data-author="operator">
                      <br />
                      {t('ideas.answer', { answer: idea.answer })}
                    </span>
                  ) : null}
                </span>
                <Button
                  disabled={idea.mine || idea.votedByMe}
                  aria-pressed={idea.votedByMe}
                  onClick={() => void vote(idea.id)}
                >
                  {t('ideas.votes', { count: idea.votes })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * One content item in a form: title, address (slug), description, body (Markdown with the site's
 * short codes), category, author, SEO fields, publish time and status; a preview rendered by the
 * server as guests would see it. Errors are announced and name the field when the server does.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { call, post } from './api.ts';
import styles from './Backoffice.module.css';
import c from './Content.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

export interface ContentKey {
  type: string;
  lang: string;
  slug: string;
}

interface Draft {
  slug: string;
  title: string;
  description: string;
  body: string;
  category: string;
  author: string;
  seoTitle: string;
  metaRobots: string;
  canonical: string;
  publishAt: string;
  status: 'draft' | 'published';
}

const EMPTY: Draft = {
  slug: '',
  title: '',
  description: '',
  body: '',
  category: '',
  author: '',
  seoTitle: '',
  metaRobots: '',
  canonical: '',
  publishAt: '',
  status: 'draft',
};

/** The address a guest opens an item at. */
export function publicPathOf(key: ContentKey): string {
  const base = {
    news: 'news',
    article: 'blog',
    landing: 'landing-page',
    page: 'information',
    category: 'blog',
  }[key.type];
  return `/${key.lang}/${base ?? 'information'}/${key.slug}`;
}

/** ISO time → the value of a datetime-local input in the browser's zone, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function ContentForm({
  itemKey,
  mode,
  manage,
  onClose,
  onSaved,
}: {
  itemKey: ContentKey;
  mode: 'create' | 'edit';
  manage: boolean;
  lng: string;
  onClose(): void;
  onSaved(text: string): Promise<void>;
}) {
  const t = useT('backoffice');
  const te = useT('errors');
  const bodyId = useId();
  const [draft, setDraft] = useState<Draft | null>(mode === 'create' ? EMPTY : null);
  /** The error code of the last refused call, shown through the dictionaries. */
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (mode !== 'edit') return;
    void call<Record<string, string | null>>(
      `/content/item?type=${itemKey.type}&lang=${itemKey.lang}&slug=${encodeURIComponent(itemKey.slug)}`,
    ).then((answer) => {
      leaveIfSignedOut(answer);
      if (!answer.ok) return setError(answer.code);
      const item = answer.data;
      setDraft({
        slug: item.slug ?? '',
        title: item.title ?? '',
        description: item.description ?? '',
        body: item.body ?? '',
        category: item.category ?? '',
        author: item.author ?? '',
        seoTitle: item.seoTitle ?? '',
        metaRobots: item.metaRobots ?? '',
        canonical: item.canonical ?? '',
        publishAt: toLocalInput(item.publishAt ?? null),
        status: item.status === 'published' ? 'published' : 'draft',
      });
    });
  }, [mode, itemKey.type, itemKey.lang, itemKey.slug]);

  if (!draft)
    return error ? (
      <Message kind="error">{errorMessage(te, t, error)}</Message>
    ) : (
      <p className={styles.muted}>{t('loading')}</p>
    );
  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: e.target.value });

  const showPreview = async () => {
    const answer = await post<{ html: string }>('/content/preview', { body: draft.body });
    leaveIfSignedOut(answer);
    if (answer.ok) setPreview(answer.data.html);
    else setError(answer.code);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const answer = await post<{ version: number }>('/content/items', {
      mode,
      type: itemKey.type,
      lang: itemKey.lang,
      slug: draft.slug.trim(),
      ...(mode === 'edit' ? { previousSlug: itemKey.slug } : {}),
      title: draft.title,
      description: draft.description,
      body: draft.body,
      category: orNull(draft.category),
      author: orNull(draft.author),
      seoTitle: orNull(draft.seoTitle),
      metaRobots: orNull(draft.metaRobots),
      canonical: orNull(draft.canonical),
      publishAt: fromLocalInput(draft.publishAt),
      status: draft.status,
    });
    leaveIfSignedOut(answer);
    setBusy(false);
    if (answer.ok)
      await onSaved(t('content.saved', { slug: draft.slug.trim(), version: answer.data.version }));
    else setError(answer.code);
  };

  return (
    <form
      className={`${styles.stack} ${styles.panel}`}
      onSubmit={save}
      aria-labelledby="bo-content-form"
      data-testid="content-form"
    >
      <h3 id="bo-content-form" className={styles.subheading}>
        {mode === 'create'
          ? t('content.newItem', { type: t(`content.types.${itemKey.type}`), lang: itemKey.lang })
          : t('content.editing', { slug: itemKey.slug })}
      </h3>
      <fieldset className={c.form} disabled={!manage || busy}>
        <TextField
          label={t('content.itemTitle')}
          value={draft.title}
          onChange={set('title')}
          required
          maxLength={300}
        />
        <TextField
          label={t('content.slug')}
          hint={t('content.slugHint')}
          value={draft.slug}
          onChange={set('slug')}
          required
          maxLength={200}
          pattern="[a-z0-9][a-z0-9_\-]*(/[a-z0-9][a-z0-9_\-]*)*"
        />
        <SelectField label={t('content.status')} value={draft.status} onChange={set('status')}>
          <option value="draft">{t('content.statuses.draft')}</option>
          <option value="published">{t('content.statuses.published')}</option>
        </SelectField>
        <TextField
          label={t('content.publishAt')}
          hint={t('content.publishAtHint')}
          type="datetime-local"
          value={draft.publishAt}
          onChange={set('publishAt')}
        />
        <div className={c.wide}>
          <TextField
            label={t('content.description')}
            value={draft.description}
            onChange={set('description')}
            maxLength={1000}
          />
        </div>
        {itemKey.type === 'article' ? (
          <TextField
            label={t('content.category')}
            value={draft.category}
            onChange={set('category')}
            maxLength={200}
          />
        ) : null}
        <TextField
          label={t('content.author')}
          value={draft.author}
          onChange={set('author')}
          maxLength={200}
        />
        <TextField
          label={t('content.seoTitle')}
          value={draft.seoTitle}
          onChange={set('seoTitle')}
          maxLength={300}
        />
        <TextField
          label={t('content.metaRobots')}
          hint={t('content.metaRobotsHint')}
          value={draft.metaRobots}
          onChange={set('metaRobots')}
          maxLength={100}
        />
        <TextField
          label={t('content.canonical')}
          value={draft.canonical}
          onChange={set('canonical')}
          maxLength={2000}
        />
        <label className={`${c.label} ${c.wide}`} htmlFor={bodyId}>
          {t('content.body')}
          <textarea
            id={bodyId}
            className={c.textArea}
            value={draft.body}
            onChange={set('body')}
            maxLength={200_000}
            aria-describedby={`${bodyId}-hint`}
          />
          <span id={`${bodyId}-hint`}>{t('content.bodyHint')}</span>
        </label>
      </fieldset>
      <div aria-live="assertive">
        {error ? <Message kind="error">{errorMessage(te, t, error)}</Message> : null}
      </div>
      <div className={styles.buttons}>
        {manage ? (
          <Button type="submit" variant="primary" disabled={busy}>
            {t('content.save')}
          </Button>
        ) : null}
        <Button onClick={() => void showPreview()}>{t('content.preview')}</Button>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
      {preview !== null ? (
        <section aria-label={t('content.preview')} className={c.preview} data-testid="content-preview">
          {/* The server's safe Markdown renderer: no author HTML, only safe links (docs/content.md). */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </form>
  );
}

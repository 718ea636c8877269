/**
 * The content editor: pages, articles, news, landings and categories per language, drafts included;
 * an item opens in the form (ContentForm.tsx), is published or taken back to draft, or deleted after
 * a confirmation. Changes go through the content module's store, so the public page follows.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Message, SelectField, Table } from '@parlay/ui/index.ts';
import { useCallback, useEffect, useState } from 'react';
import { call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { ContentForm, type ContentKey, publicPathOf } from './ContentForm.tsx';
import { useDateTime } from './SessionsTable.tsx';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

export const CONTENT_TYPES = ['news', 'article', 'page', 'landing', 'category'] as const;
export const CONTENT_LANGUAGES = ['ru', 'en'] as const;

interface ItemRow {
  type: string;
  lang: string;
  slug: string;
  status: 'draft' | 'published';
  publishAt: string | null;
  version: number;
  publishedVersion: number | null;
  title: string;
  updatedAt: string;
}

type Editing = { mode: 'create' } | { mode: 'edit'; slug: string } | null;

export function ContentSection({ me, lng }: { me: Me; lng: string }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const when = useDateTime();
  const manage = me.actions.includes('content.manage');
  const [type, setType] = useState<string>('news');
  const [lang, setLang] = useState<string>(lng === 'en' ? 'en' : 'ru');
  const [rows, setRows] = useState<ItemRow[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call<{ items: ItemRow[] }>(`/content/items?type=${type}&lang=${lang}`);
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.items);
  }, [type, lang]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const act = async (action: 'publish' | 'unpublish' | 'delete', key: ContentKey) => {
    const answer = await post(`/content/${action}`, key);
    leaveIfSignedOut(answer);
    setConfirm(null);
    setNotice(
      answer.ok
        ? { kind: 'success', text: t(`content.done.${action}`, { slug: key.slug }) }
        : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) await load();
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-content">
      <h2 id="bo-content" className={styles.subheading}>
        {t('content.title')}
      </h2>
      <div className={styles.inlineForm}>
        <SelectField label={t('content.type')} value={type} onChange={(e) => setType(e.target.value)}>
          {CONTENT_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`content.types.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('content.language')} value={lang} onChange={(e) => setLang(e.target.value)}>
          {CONTENT_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`content.languages.${l}`)}
            </option>
          ))}
        </SelectField>
        {manage ? (
          <Button variant="primary" onClick={() => setEditing({ mode: 'create' })}>
            {t('content.create')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {editing ? (
        <ContentForm
          key={editing.mode === 'edit' ? `${type}:${lang}:${editing.slug}` : `new:${type}:${lang}`}
          itemKey={{ type, lang, slug: editing.mode === 'edit' ? editing.slug : '' }}
          mode={editing.mode}
          manage={manage}
          lng={lng}
          onClose={() => setEditing(null)}
          onSaved={async (text) => {
            setNotice({ kind: 'success', text });
            setEditing(null);
            await load();
          }}
        />
      ) : null}
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('content.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="content-items">
            <caption className={styles.visuallyHidden}>{t('content.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content.itemTitle')}</th>
                <th scope="col">{t('content.slug')}</th>
                <th scope="col">{t('content.status')}</th>
                <th scope="col" className={styles.num}>
                  {t('content.version')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('content.publishAt')}
                </th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const key = { type: r.type, lang: r.lang, slug: r.slug };
                return (
                  <tr key={r.slug} data-testid={`content-${r.slug}`}>
                    <td>{r.title}</td>
                    <td>
                      <code>{r.slug}</code>
                    </td>
                    <td>
                      <span
                        className={
                          r.status === 'published' ? styles.badge : `${styles.badge} ${styles.badgeBad}`
                        }
                      >
                        {t(`content.statuses.${r.status}`)}
                      </span>
                    </td>
                    <td className={styles.num}>
                      {t('content.versions', { version: r.version, published: r.publishedVersion ?? '—' })}
                    </td>
                    <td className={styles.num}>{r.publishAt ? when(r.publishAt) : '—'}</td>
                    <td className={styles.actions}>
                      {confirm === r.slug ? (
                        <div className={styles.confirm}>
                          <p>{t('content.confirmDelete', { slug: r.slug })}</p>
                          <div className={styles.buttons}>
                            <Button size="sm" variant="primary" onClick={() => void act('delete', key)}>
                              {t('content.delete')}
                            </Button>
                            <Button size="sm" onClick={() => setConfirm(null)}>
                              {t('cancel')}
                            </Button>
                          </div>
                        </div>
                      ) : (
                        <div className={styles.buttons}>
                          <Button
                            size="sm"
                            aria-label={t('content.editItem', { title: r.title })}
                            onClick={() => setEditing({ mode: 'edit', slug: r.slug })}
                          >
                            {manage ? t('content.edit') : t('content.open')}
                          </Button>
                          {r.status === 'published' && r.type !== 'category' ? (
                            <a
                              className={styles.buttonLink}
                              href={publicPathOf(key)}
                              target="_blank"
                              rel="noreferrer"
                            >
                              {t('content.view')}
                            </a>
                          ) : null}
                          {manage ? (
                            <>
                              {r.status === 'published' && r.publishedVersion === r.version ? (
                                <Button size="sm" onClick={() => void act('unpublish', key)}>
                                  {t('content.unpublish')}
                                </Button>
                              ) : (
                                <Button size="sm" onClick={() => void act('publish', key)}>
                                  {t('content.publish')}
                                </Button>
                              )}
                              <Button size="sm" variant="ghost" onClick={() => setConfirm(r.slug)}>
                                {t('content.delete')}
                              </Button>
                            </>
                          ) : null}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

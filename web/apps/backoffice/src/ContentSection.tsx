/**
 * The content editor: pages, articles, news, landings and categories per language, drafts included;
 * an item opens in the form (ContentForm.tsx), is published or taken back to draft, or deleted after
 * a confirmation. Changes go through the content module's store, so the public page follows.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, SelectField } from '@parlay/ui/index.ts';
import { useState } from 'react';
import { type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { ConfirmBox } from './ConfirmBox.tsx';
import { ContentForm, type ContentKey, publicPathOf } from './ContentForm.tsx';
import { DataTable } from './DataTable.tsx';
import { NoticeLine, Panel, useDeskQuery, useNotice } from './desk.tsx';
import { useDateTime } from './SessionsTable.tsx';

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
  const when = useDateTime();
  const manage = me.actions.includes('content.manage');
  const [type, setType] = useState<string>('news');
  const [lang, setLang] = useState<string>(lng === 'en' ? 'en' : 'ru');
  const { data, reload: load } = useDeskQuery<{ items: ItemRow[] }>(
    `/content/items?type=${type}&lang=${lang}`,
    { clearOnChange: true },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const { notice, setNotice, report } = useNotice();

  const act = async (action: 'publish' | 'unpublish' | 'delete', key: ContentKey) => {
    const answer = await post(`/content/${action}`, key);
    setConfirm(null);
    if (report(answer, t(`content.done.${action}`, { slug: key.slug }))) await load();
  };

  return (
    <Panel id="bo-content" title={t('content.title')}>
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
      <NoticeLine notice={notice} />
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
      <DataTable
        rows={data?.items}
        empty={t('content.empty')}
        testId="content-items"
        caption={t('content.title')}
        columns={[
          { label: t('content.itemTitle') },
          { label: t('content.slug') },
          { label: t('content.status') },
          { label: t('content.version'), num: true },
          { label: t('content.publishAt'), num: true },
          { label: t('actions') },
        ]}
        row={(r) => {
          const key = { type: r.type, lang: r.lang, slug: r.slug };
          return (
            <tr key={r.slug} data-testid={`content-${r.slug}`}>
              <td>{r.title}</td>
              <td>
                <code>{r.slug}</code>
              </td>
              <td>
                <span
                  className={r.status === 'published' ? styles.badge : `${styles.badge} ${styles.badgeBad}`}
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
                  <ConfirmBox
                    question={t('content.confirmDelete', { slug: r.slug })}
                    confirm={t('content.delete')}
                    onConfirm={() => void act('delete', key)}
                    onCancel={() => setConfirm(null)}
                  />
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
        }}
      />
    </Panel>
  );
}

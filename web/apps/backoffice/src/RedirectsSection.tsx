/**
 * Redirect rules: an old site path (without the language) sent to a new path (which may use {lng})
 * or to an http(s) address, with its status code. A rule that would send visitors round in a circle,
 * or a target that is neither, is refused by the redirects module with its own message.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, CheckField, Message, SelectField, Table, TextField } from '@parlay/ui/index.ts';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Answer, call, type Me, post } from './api.ts';
import styles from './Backoffice.module.css';
import { leaveIfSignedOut } from './Shell.tsx';
import { errorMessage } from './SignIn.tsx';

const CODES = [301, 302, 307, 308] as const;

interface RedirectRule {
  id: number;
  sourcePath: string;
  targetUrl: string;
  code: number;
  isActive: boolean;
}
type Draft = Omit<RedirectRule, 'id'>;
const EMPTY: Draft = { sourcePath: '', targetUrl: '', code: 301, isActive: true };

export function RedirectsSection({ me }: { me: Me }) {
  const t = useT('backoffice');
  const te = useT('errors');
  const manage = me.actions.includes('content.manage');
  const [rows, setRows] = useState<RedirectRule[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    const answer = await call<{ rules: RedirectRule[] }>('/redirects');
    leaveIfSignedOut(answer);
    if (answer.ok) setRows(answer.data.rules);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const done = async (answer: Answer<unknown>, text: string) => {
    leaveIfSignedOut(answer);
    setNotice(
      answer.ok ? { kind: 'success', text } : { kind: 'error', text: errorMessage(te, t, answer.code) },
    );
    if (answer.ok) {
      setEditing(null);
      setDraft(EMPTY);
      await load();
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const path = editing === null ? '/redirects' : `/redirects/${editing}`;
    const body = { ...draft, sourcePath: draft.sourcePath.trim(), targetUrl: draft.targetUrl.trim() };
    await done(await post(path, body), t('redirects.saved'));
  };

  return (
    <section className={styles.panel} aria-labelledby="bo-redirects">
      <h2 id="bo-redirects" className={styles.subheading}>
        {t('redirects.title')}
      </h2>
      <p className={styles.muted}>{t('redirects.lead')}</p>
      <div aria-live="polite">{notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}</div>
      {manage ? (
        <form
          className={styles.inlineForm}
          onSubmit={save}
          aria-label={editing === null ? t('redirects.add') : t('redirects.editRule', { id: editing })}
        >
          <TextField
            label={t('redirects.source')}
            hint={t('redirects.sourceHint')}
            value={draft.sourcePath}
            required
            maxLength={500}
            onChange={(e) => setDraft({ ...draft, sourcePath: e.target.value })}
          />
          <TextField
            label={t('redirects.target')}
            hint={t('redirects.targetHint')}
            value={draft.targetUrl}
            required
            maxLength={2000}
            onChange={(e) => setDraft({ ...draft, targetUrl: e.target.value })}
          />
          <SelectField
            label={t('redirects.code')}
            value={String(draft.code)}
            onChange={(e) => setDraft({ ...draft, code: Number(e.target.value) })}
          >
            {CODES.map((c) => (
              <option key={c} value={c}>
                {t(`redirects.codes.${c}`)}
              </option>
            ))}
          </SelectField>
          <CheckField
            label={t('redirects.active')}
            checked={draft.isActive}
            onChange={(checked) => setDraft({ ...draft, isActive: checked })}
          />
          <Button type="submit" variant="primary">
            {editing === null ? t('redirects.add') : t('redirects.save')}
          </Button>
          {editing !== null ? (
            <Button
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              {t('cancel')}
            </Button>
          ) : null}
        </form>
      ) : null}
      {!rows ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{t('redirects.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <Table className={styles.table} data-testid="redirect-rules">
            <thead>
              <tr>
                <th scope="col">{t('redirects.source')}</th>
                <th scope="col">{t('redirects.target')}</th>
                <th scope="col" className={styles.num}>
                  {t('redirects.code')}
                </th>
                <th scope="col">{t('redirects.active')}</th>
                {manage ? <th scope="col">{t('actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <code>{r.sourcePath}</code>
                  </td>
                  <td>
                    <code className={styles.wrap}>{r.targetUrl}</code>
                  </td>
                  <td className={styles.num}>{r.code}</td>
                  <td>{r.isActive ? t('blocks.yes') : t('blocks.no')}</td>
                  {manage ? (
                    <td className={styles.actions}>
                      <div className={styles.buttons}>
                        <Button
                          size="sm"
                          onClick={() => {
                            setEditing(r.id);
                            setDraft({
                              sourcePath: r.sourcePath,
                              targetUrl: r.targetUrl,
                              code: r.code,
                              isActive: r.isActive,
                            });
                          }}
                        >
                          {t('redirects.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('redirects.removeRule', { source: r.sourcePath })}
                          onClick={async () =>
                            done(await post(`/redirects/${r.id}/delete`), t('redirects.removed'))
                          }
                        >
                          {t('redirects.remove')}
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
